import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/domain/slug.ts';
import { demoBanners, demoCatalogue } from '../../src/server/db/seed/demo-catalogue.ts';
import { drawingNameFor, renderBannerImage, renderProductPhoto } from '../../src/server/db/seed/product-photo-art.ts';

const products = demoCatalogue.flatMap((category) =>
  category.products.map((product) => ({ ...product, category: category.name })),
);

/** The shop's six price bands as half-open ranges in cents: [min, max). */
const BANDS_CENTS: ReadonlyArray<readonly [number, number]> = [
  [0, 2000],
  [2000, 4000],
  [4000, 6000],
  [6000, 8000],
  [8000, 10000],
  [10000, Number.POSITIVE_INFINITY],
];

describe('demo catalogue', () => {
  it('has enough categories and products', () => {
    expect(demoCatalogue.length).toBeGreaterThanOrEqual(6);
    expect(products.length).toBeGreaterThanOrEqual(40);
    for (const category of demoCatalogue) expect(category.products.length).toBeGreaterThan(0);
  });

  it('has unique category and product names', () => {
    const categoryNames = demoCatalogue.map((category) => category.name.toLowerCase());
    expect(new Set(categoryNames).size).toBe(categoryNames.length);
    const productNames = products.map((product) => product.name.toLowerCase());
    expect(new Set(productNames).size).toBe(productNames.length);
  });

  it('puts at least 3 products in every price band', () => {
    for (const [min, max] of BANDS_CENTS) {
      const inBand = products.filter((product) => {
        const cents = Math.round(product.price * 100);
        return cents >= min && cents < max;
      });
      expect(inBand.length, `band [${min / 100}, ${max / 100})`).toBeGreaterThanOrEqual(3);
    }
  });

  it('has positive prices with at most 2 decimals', () => {
    for (const product of products) {
      expect(product.price, product.name).toBeGreaterThan(0);
      expect(Math.abs(product.price * 100 - Math.round(product.price * 100)), product.name).toBeLessThan(1e-6);
    }
  });

  it('has descriptions and sensible stock', () => {
    for (const product of products) {
      expect(product.description.trim().length, product.name).toBeGreaterThan(0);
      expect(Number.isInteger(product.quantity), product.name).toBe(true);
      expect(product.quantity, product.name).toBeGreaterThanOrEqual(0);
      expect(typeof product.shipping).toBe('boolean');
    }
  });
});

describe('generated artwork', () => {
  it('renders a product photo as a 600x600 WebP under 60 KB', async () => {
    const photo = await renderProductPhoto({ name: 'Aurora Wireless Headphones', category: 'Electronics', index: 0 });
    expect(photo.contentType).toBe('image/webp');
    expect(photo.data.length).toBeLessThan(60 * 1024);
    const metadata = await sharp(photo.data).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(600);
    expect(metadata.height).toBe(600);
  });

  it('is deterministic and differs between products', async () => {
    const input = { name: 'Ember Ceramic Coffee Mug', category: 'Home & Kitchen', index: 0 };
    const first = await renderProductPhoto(input);
    const again = await renderProductPhoto(input);
    const other = await renderProductPhoto({ name: 'Velvet Matte Lipstick', category: 'Beauty', index: 1 });
    expect(first.data.equals(again.data)).toBe(true);
    expect(first.data.equals(other.data)).toBe(false);
  });

  it('renders every catalogue product (and an unknown category) under 60 KB', async () => {
    const inputs = demoCatalogue.flatMap((category) =>
      category.products.map((product, index) => ({ name: product.name, category: category.name, index })),
    );
    inputs.push({ name: 'Mystery Parcel', category: 'Miscellaneous', index: 0 });
    for (const input of inputs) {
      const photo = await renderProductPhoto(input);
      expect(photo.data.length, input.name).toBeLessThan(60 * 1024);
    }
  }, 60_000);

  it('has four home banners (the carousel\'s 4 slides), each with a heading, text and a link of the shop or none', () => {
    expect(demoBanners).toHaveLength(4);
    const categorySlugs = demoCatalogue.map((category) => `/category/${slugify(category.name)}`);
    for (const banner of demoBanners) {
      expect(banner.heading.length).toBeGreaterThan(0);
      expect(banner.text.length).toBeGreaterThan(0);
      if (banner.link) expect(categorySlugs).toContain(banner.link);
    }
  });

  it('draws each demo product as what it is, by whole words of its name', () => {
    const drawn = Object.fromEntries(products.map((product) => [product.name, drawingNameFor(product.name)]));
    expect(drawn).toMatchObject({
      'Keystone Mechanical Keyboard': 'keyboard',
      'Nimbus 14 Ultrabook Laptop': 'laptop',
      'Pulse Mini Bluetooth Speaker': 'speaker',
      'Orbit Fitness Smartwatch': 'smartwatch',
      'Volt Braided USB-C Cable': 'cable',
      'Halo Qi Charging Pad': 'chargingPad',
      'Cloudstep Everyday Sneakers': 'sneaker',
      'Cozy Knit Beanie': 'cap',
      'Summit Trail Backpack 30L': 'backpack',
      'Flow Cork Yoga Mat': 'yogaMat',
      'Rally Pro Tennis Balls (3-Pack)': 'ball',
      'Glacier Insulated Water Bottle': 'waterBottle',
      'Ridgeline Two-Person Tent': 'tent',
      // "Match" and "Matte" are not a mat.
      'Striker Match Football': 'ball',
      'Velvet Matte Lipstick': 'lipstick',
      'Zoom Remote Control Racer': 'racer',
      'Silk Glow Ionic Hair Dryer': 'hairDryer',
      'Harvest Acacia Cutting Board': 'cuttingBoard',
      'Trailhead Denim Jacket': 'jacket',
      'Alpine Down Puffer Jacket': 'jacket',
      'Velocity Speed Jump Rope': 'jumpRope',
    });
  });

  it('renders four 1200x400 WebP banners under 80 KB', async () => {
    const banners = [];
    for (let index = 0; index < demoBanners.length; index++) {
      const banner = await renderBannerImage(index);
      expect(banner.contentType).toBe('image/webp');
      expect(banner.data.length).toBeLessThan(80 * 1024);
      const metadata = await sharp(banner.data).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(1200);
      expect(metadata.height).toBe(400);
      banners.push(banner.data);
    }
    for (let i = 0; i < banners.length; i++) {
      for (let j = i + 1; j < banners.length; j++) expect(banners[i]?.equals(banners[j] as Buffer)).toBe(false);
    }
  });
});
