import sharp from 'sharp';
import { expect, seriousA11yViolations, signInBrowser, test } from './fixtures.ts';

const SIZES = ['S', 'M', 'L'];
const COLOURS: [string, string][] = [
  ['Red', '#c62828'],
  ['Blue', '#1565c0'],
  ['Green', '#2e7d32'],
  ['Black', '#212121'],
];
const SCREENS = [
  { name: 'phone', width: 375, height: 800 },
  { name: 'desktop', width: 1440, height: 900 },
];

test.describe('a cart of variants', () => {
  for (const screen of SCREENS) {
    test(`at ${screen.width} px: a shopper picks Size and Colour, sees its photo and price, buys two variants`, async ({ page, shop, request, browser }) => {
      // Set up through the API: a 3 x 4 tee, a photo per colour, prices by size.
      const { token } = await shop.admin();
      const category = await shop.category();
      const product = await shop.product(category, { name: `Cart Tee ${screen.name} ${Date.now()}`, price: 30, quantity: 1 });
      const photos: Record<string, string> = {};
      for (const [colour, hex] of COLOURS) {
        const buffer = await sharp({ create: { width: 320, height: 320, channels: 3, background: hex } }).png().toBuffer();
        const res = await request.post(`/api/v1/product/product-photos/${product._id}`, {
          headers: { authorization: token },
          multipart: { alt: `${colour} tee`, photo: { name: 'tee.png', mimeType: 'image/png', buffer } },
        });
        expect(res.status(), await res.text()).toBe(201);
        photos[colour] = ((await res.json()).photos as { _id: string }[]).at(-1)?._id ?? '';
      }
      const grid = await request.put(`/api/v1/product/product-variants/${product._id}`, {
        headers: { authorization: token },
        data: {
          options: [
            { name: 'Size', values: SIZES },
            { name: 'Colour', values: COLOURS.map(([colour]) => colour) },
          ],
          variants: SIZES.flatMap((size, s) =>
            COLOURS.map(([colour]) => ({
              sku: `${screen.name}-${size}-${colour}-${product._id}`.toUpperCase(),
              price: 18 + s * 2,
              quantity: 5,
              options: [size, colour],
              photos: [photos[colour]],
            })),
          ),
        },
      });
      expect(grid.status(), await grid.text()).toBe(200);

      await page.setViewportSize({ width: screen.width, height: screen.height });
      const shopper = await shop.register();
      await signInBrowser(page, shopper);
      // The card cannot say which price: it leads to the product page to choose.
      await page.goto(`/category/${category.slug}`);
      const card = page.getByRole('article', { name: product.name, exact: true });
      await expect(card.getByRole('button', { name: /ADD TO CART/ })).toHaveCount(0);
      await card.getByRole('link', { name: /CHOOSE OPTIONS/ }).click();
      await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
      const sizes = page.getByRole('group', { name: /^Size/ });
      const colours = page.getByRole('group', { name: /^Colour/ });
      const gallery = page.getByRole('region', { name: `Photos of ${product.name}` });
      const price = page.locator('.product-details__info .price--lg');
      const addToCart = page.getByRole('button', { name: /^ADD TO CART/ });

      await sizes.getByRole('button', { name: 'M', exact: true }).click();
      await colours.getByRole('button', { name: 'Blue', exact: true }).click();
      await expect(gallery.getByRole('img', { name: 'Blue tee' })).toBeVisible();
      await expect(gallery.getByRole('img', { name: 'Red tee' })).toHaveCount(0);
      await expect(price).toHaveText('$20.00');
      await addToCart.click();
      await expect(page.getByText('1 in your cart')).toBeVisible();

      await sizes.getByRole('button', { name: 'L', exact: true }).click();
      await colours.getByRole('button', { name: 'Red', exact: true }).click();
      await expect(gallery.getByRole('img', { name: 'Red tee' })).toBeVisible();
      await expect(price).toHaveText('$22.00');
      // Counted per variant: none of L / Red is in the cart yet.
      await expect(page.getByText(/in your cart/)).toHaveCount(0);
      await addToCart.click();
      await expect(page.getByText('1 in your cart')).toBeVisible();

      await page.goto('/cart');
      const lines = page.locator('.cart-line');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toContainText('M / Blue');
      await expect(lines.nth(0)).toContainText('$20.00');
      await expect(lines.nth(0).locator('img')).toHaveAttribute('src', new RegExp(`/gallery-photo/${photos.Blue}\\b`));
      await expect(lines.nth(1)).toContainText('L / Red');
      await expect(lines.nth(1)).toContainText('$22.00');
      await expect(lines.nth(1).locator('img')).toHaveAttribute('src', new RegExp(`/gallery-photo/${photos.Red}\\b`));
      await expect(page.locator('.cart-summary')).toContainText('$42.00');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `.tmp/screenshots/${screen.name}-variants-cart.png`, fullPage: true });

      await page.getByRole('button', { name: 'Order Now' }).click();
      await expect(page).toHaveURL(/\/dashboard\/user\/orders$/);
      const order = page.getByRole('list', { name: /^Products in order/ }).first();
      await expect(order.getByRole('listitem')).toHaveCount(2);
      await expect(order.getByRole('listitem').nth(0)).toContainText('M / Blue');
      await expect(order.getByRole('listitem').nth(1)).toContainText('L / Red');
      await expect(order.getByRole('listitem').nth(0).locator('img')).toHaveAttribute('src', new RegExp(`/gallery-photo/${photos.Blue}\\b`));
      await page.screenshot({ path: `.tmp/screenshots/${screen.name}-variants-order.png`, fullPage: true });

      // The owner's order page names each variant and its SKU.
      const mine = await request.get('/api/v1/auth/orders', { headers: { authorization: shopper.token } });
      const orderId = ((await mine.json()) as { _id: string }[])[0]?._id ?? '';
      const owner = await browser.newPage({ viewport: { width: screen.width, height: screen.height } });
      await signInBrowser(owner, await shop.admin());
      await owner.goto(`/dashboard/admin/orders/${orderId}`);
      const rows = owner.locator('.order-lines tbody tr');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText(`M / Blue`);
      await expect(rows.nth(0)).toContainText(`SKU ${`${screen.name}-M-Blue-${product._id}`.toUpperCase()}`);
      await expect(rows.nth(1)).toContainText(`L / Red`);
      await expect(rows.nth(1)).toContainText(`SKU ${`${screen.name}-L-Red-${product._id}`.toUpperCase()}`);
      await owner.screenshot({ path: `.tmp/screenshots/${screen.name}-variants-admin-order.png`, fullPage: true });
      await owner.close();
    });
  }
});
