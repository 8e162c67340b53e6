import type { Page } from '@playwright/test';
import { addToCart, expect, type ShopApi, seriousA11yViolations, signInBrowser, test } from './fixtures.ts';

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** No horizontal scrolling: the page is never wider than the window. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the window').toBeLessThanOrEqual(0);
}

async function catalogue(shop: ShopApi) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const category = await shop.category(`Screens ${stamp}`);
  const product = await shop.product(category, { name: `Screens Kettle ${stamp}`, price: 39.5, quantity: 4 });
  await shop.product(category, { name: `Screens Teapot ${stamp}`, price: 24 });
  return { category, product };
}

for (const size of WIDTHS) {
  test.describe(`every screen at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    // Every screen with axe on each: 31 s alone, past 45 s when the CI machine's two cores are shared.
    test.describe.configure({ timeout: 90_000 });

    test('public screens: own title, no horizontal scroll, no serious accessibility violation', async ({ page, shop }) => {
      const { category, product } = await catalogue(shop);
      const screens: [string, RegExp | string][] = [
        ['/', 'All Products - Best offers - Emporium'],
        [`/product/${product.slug}`, `${product.name} - Emporium`],
        ['/categories', /Categories - Emporium/],
        [`/category/${category.slug}`, `Category - ${category.name} - Emporium`],
        [`/search?keyword=${encodeURIComponent('Kettle')}`, /Search Results/],
        ['/cart', /Cart - Emporium/],
        ['/about', /About/],
        ['/contact', /Contact/],
        ['/policy', /Privacy Policy/],
        ['/shipping', /Shipping Policy/],
        ['/returns', /Returns Policy/],
        ['/register', /Register/],
        ['/login', /Login/],
        ['/forgot-password', /Password/],
        ['/no-such-page', /Not Found/i],
      ];
      const titles = new Set<string>();
      for (const [path, title] of screens) {
        await page.goto(path);
        await expect(page).toHaveTitle(title);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        titles.add(await page.title());
        await expectNoHorizontalScroll(page);
        expect(await seriousA11yViolations(page), `axe on ${path}`).toEqual([]);
        const file = path === '/' ? 'home' : path.split('?')[0]?.split('/')[1] ?? 'page';
        await page.screenshot({ path: `.tmp/screenshots/${size.name}-${file}.png`, fullPage: true });
      }
      expect(titles.size, 'each page has its own title').toBe(screens.length);
    });

    test('signed-in screens: dashboard, profile, orders and a filled cart', async ({ page, shop }) => {
      const { product } = await catalogue(shop);
      const session = await shop.register();
      await signInBrowser(page, session);
      await page.goto(`/product/${product.slug}`);
      await addToCart(page.getByRole('button', { name: /ADD TO CART/ }).first());
      for (const path of ['/cart', '/dashboard/user', '/dashboard/user/profile', '/dashboard/user/orders']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectNoHorizontalScroll(page);
        expect(await seriousA11yViolations(page), `axe on ${path}`).toEqual([]);
        await page.screenshot({ path: `.tmp/screenshots/${size.name}-signed-in${path.replace(/\//g, '-')}.png`, fullPage: true });
      }
    });
  });
}
