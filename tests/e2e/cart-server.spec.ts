import type { Page } from '@playwright/test';
import type { Product } from '../../src/contract/product.ts';
import { expect, seriousA11yViolations, signInBrowser, test } from './fixtures.ts';

const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

const cartBadge = (page: Page) => page.getByTestId('cart-count');
const addToCartOn = (page: Page, product: Product) =>
  page.getByRole('article', { name: product.name, exact: true }).getByRole('button', { name: /ADD TO CART/ });

test.describe('the cart kept by the server', () => {
  for (const screen of SCREENS) {
    test(`at ${screen.width} px: a signed-in shopper starts a cart on one browser and finishes it on another`, async ({ browser, shop, request }) => {
      const id = `${screen.name}-${Date.now()}`;
      const category = await shop.category(`Two Browsers ${id}`);
      const teapot = await shop.product(category, { name: `Teapot ${id}`, price: 12, quantity: 5 });
      const kettle = await shop.product(category, { name: `Kettle ${id}`, price: 30, quantity: 3 });
      const shopper = await shop.register();
      const viewport = { width: screen.width, height: screen.height };

      // The first browser (its own cookies and storage): two teapots and a kettle.
      const first = await browser.newContext({ viewport });
      const phone = await first.newPage();
      await signInBrowser(phone, shopper);
      await phone.goto(`/category/${category.slug}`);
      await expect(cartBadge(phone)).toHaveText('0');
      await addToCartOn(phone, teapot).click();
      await expect(cartBadge(phone)).toHaveText('1');
      await addToCartOn(phone, teapot).click();
      await expect(cartBadge(phone)).toHaveText('2');
      await addToCartOn(phone, kettle).click();
      await expect(cartBadge(phone)).toHaveText('3');
      await first.close();

      // Meanwhile the owner lowers the teapot's price to 10.00.
      const { token } = await shop.admin();
      const grid = await (await request.get(`/api/v1/product/admin-variants/${teapot._id}`, { headers: { authorization: token } })).json();
      const lowered = await request.put(`/api/v1/product/product-variants/${teapot._id}`, {
        headers: { authorization: token },
        data: {
          options: grid.options,
          variants: (grid.variants as { _id: string; quantity: number; options: string[] }[]).map((variant) => ({ _id: variant._id, price: 10, quantity: variant.quantity, options: variant.options })),
        },
      });
      expect(lowered.status(), await lowered.text()).toBe(200);

      // Another browser: the same cart, at today's prices, with the change shown on its line.
      const second = await browser.newContext({ viewport });
      const laptop = await second.newPage();
      await signInBrowser(laptop, shopper);
      await laptop.goto('/');
      await expect(cartBadge(laptop)).toHaveText('3');
      await laptop.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
      await expect(laptop).toHaveURL('/cart');
      await expect(laptop.getByText('You Have 3 items in your cart', { exact: true })).toBeVisible();
      const lines = laptop.getByRole('region', { name: 'Items in your cart' }).getByRole('article');
      await expect(lines).toHaveCount(2);
      const teapotLine = lines.filter({ hasText: teapot.name });
      await expect(teapotLine.getByRole('group', { name: `Quantity of ${teapot.name}` })).toContainText('2');
      await expect(teapotLine.getByRole('note')).toHaveText('Price changed: was $12.00, now $10.00');
      await expect(lines.filter({ hasText: kettle.name }).getByRole('note')).toHaveCount(0);
      const summary = laptop.getByRole('complementary', { name: 'Cart Summary' });
      await expect(summary).toContainText('$50.00');
      expect(await seriousA11yViolations(laptop)).toEqual([]);
      await laptop.screenshot({ path: `.tmp/screenshots/${screen.name}-cart-server.png`, fullPage: true });

      // One more kettle, then the order.
      await laptop.getByRole('button', { name: `One more ${kettle.name}` }).click();
      await expect(cartBadge(laptop)).toHaveText('4');
      await expect(summary).toContainText('$80.00');
      await summary.getByRole('button', { name: 'Order Now' }).click();
      await expect(laptop).toHaveURL('/dashboard/user/orders');
      await expect(cartBadge(laptop)).toHaveText('0');
      const order = laptop.getByRole('article', { name: 'Order 1' });
      await expect(order).toContainText('$80.00');
      await second.close();

      // The order took its lines out of the cart, wherever it is opened next.
      const cart = await (await request.get('/api/v1/cart', { headers: { authorization: shopper.token } })).json();
      expect(cart.cart.lines).toEqual([]);
    });
  }
});
