import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { toCents } from '../../domain/money.ts';
import { slugify } from '../../domain/slug.ts';
import { photoEtag } from '../lib/image.ts';
import type { Db } from './client.ts';
import { appSettings, categories, homeBanners, productPhotos, products } from './schema.ts';

const SEEDED_KEY = 'demo_catalogue_seeded_at';

/** The demo photos drawn at build time (dist/demo-photos); drawn at seed time when they are not there. */
export const DEMO_PHOTOS_DIR = fileURLToPath(new URL('../../demo-photos', import.meta.url));

/** The file of the demo's home banner at `index` (0-based) in DEMO_PHOTOS_DIR. */
export const demoBannerFile = (index: number) => `banner-${index + 1}.webp`;

async function demoBanner(index: number): Promise<Buffer> {
  const file = join(DEMO_PHOTOS_DIR, demoBannerFile(index));
  if (existsSync(file)) return readFile(file);
  const { renderBannerImage } = await import('./seed/product-photo-art.ts');
  return (await renderBannerImage(index)).data;
}

async function demoPhoto(input: { name: string; category: string; index: number }): Promise<Buffer> {
  const file = join(DEMO_PHOTOS_DIR, `${slugify(input.name)}.webp`);
  if (existsSync(file)) return readFile(file);
  const { renderProductPhoto } = await import('./seed/product-photo-art.ts');
  return (await renderProductPhoto(input)).data;
}

/**
 * Seed the demo catalogue once, on a database that has never been seeded and has no categories.
 * Several processes starting together agree through the settings row: only the first seeds.
 */
export async function seedDemoCatalogue(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): Promise<boolean> {
  const [existing] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (existing) return false;
  const claimed = await db
    .insert(appSettings)
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return false;

  const started = Date.now();
  // The demo data (and, without a build, its drawings) is loaded only when a seed happens.
  const { demoBanners, demoCatalogue } = await import('./seed/demo-catalogue.ts');
  const entries = demoCatalogue.flatMap((category) =>
    category.products.map((product, index) => ({ category: category.name, product, index })),
  );
  const photos = await Promise.all(
    entries.map(({ category, product, index }) => demoPhoto({ name: product.name, category, index })),
  );
  const bannerPictures = await Promise.all(demoBanners.map((_banner, index) => demoBanner(index)));

  await db.transaction(async (tx) => {
    const categoryRows = await tx
      .insert(categories)
      .values(demoCatalogue.map((category) => ({ name: category.name, slug: slugify(category.name) })))
      .returning({ id: categories.id, name: categories.name });
    const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
    // Spread creation times so that "newest first" has a stable, meaningful order.
    const now = Date.now();
    const productRows = await tx
      .insert(products)
      .values(
        entries.map(({ category, product }, position) => ({
          name: product.name,
          slug: slugify(product.name),
          description: product.description,
          priceCents: toCents(product.price),
          quantity: product.quantity,
          shipping: product.shipping,
          categoryId: categoryIds.get(category) ?? 0,
          hasPhoto: true,
          createdAt: new Date(now - (entries.length - position) * 60_000),
          updatedAt: new Date(now - (entries.length - position) * 60_000),
        })),
      )
      .returning({ id: products.id });
    await tx.insert(productPhotos).values(
      productRows.map((row, position) => {
        const photo = photos[position];
        if (!photo) throw new Error('missing demo photo');
        return { productId: row.id, contentType: 'image/webp', data: photo, etag: photoEtag(photo) };
      }),
    );
    // The demo's home banners are the demo's data: the owner changes or deletes them in the admin.
    await tx.insert(homeBanners).values(
      demoBanners.map((banner, index) => {
        const image = bannerPictures[index] as Buffer;
        return { ...banner, position: index + 1, image, etag: photoEtag(image) };
      }),
    );
  });
  log?.info({ products: entries.length, ms: Date.now() - started }, 'demo catalogue seeded');
  return true;
}
