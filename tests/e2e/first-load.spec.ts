import type { Page } from '@playwright/test';
import { expect, type ShopApi, test } from './fixtures.ts';

// What Lighthouse's mobile run checks, kept by the browser tests: no layout shift, headings one level at a
// time, responsive photos with the largest paint fetched first. Lighthouse's phone: 412 × 823 at 1.75.
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

async function catalogue(shop: ShopApi) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const category = await shop.category(`First load ${stamp}`);
  const product = await shop.product(category, { name: `First Load Kettle ${stamp}`, price: 39.5 });
  const other = await shop.product(category, { name: `First Load Teapot ${stamp}`, price: 24 });
  return { product, other };
}

/** Every layout shift of the page from its start, as Lighthouse counts them (not the ones after input). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map((source) =>
          source.node instanceof Element ? `${source.node.tagName.toLowerCase()}.${source.node.className}` : String(source.node),
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts);

/** The levels of the headings a screen reader finds, in order. */
const headingLevels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((heading) => !heading.closest('[aria-hidden="true"]'))
      .map((heading) => Number(heading.tagName.slice(1))),
  );

function expectNoSkippedLevel(levels: number[], where: string) {
  levels.forEach((level, index) => {
    const previous = index === 0 ? 1 : (levels[index - 1] ?? 1);
    expect(level - previous, `${where}: h${previous} then h${level} (${levels.join(' ')})`).toBeLessThanOrEqual(1);
  });
}

test.describe('first load on a phone', () => {
  test('home, a product page and a filled cart: no layout shift, headings one level at a time', async ({ page, shop }) => {
    const { product, other } = await catalogue(shop);
    // With the owner's banners: they are in the page from the start, so nothing moves when they arrive.
    await shop.banners();
    await recordLayoutShifts(page);

    await page.goto('/');
    await expect(page.getByRole('article', { name: product.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The banners move on by themselves (every 3.5 s): the next slide's dot moves no other dot.
    await expect(page.locator('.carousel__dot').nth(1)).toHaveAttribute('data-active', 'true', { timeout: 10_000 });
    expect(await layoutShifts(page), 'layout shifts on /').toEqual([]);
    expectNoSkippedLevel(await headingLevels(page), '/');

    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('article', { name: other.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShifts(page), 'layout shifts on the product page').toEqual([]);
    expectNoSkippedLevel(await headingLevels(page), 'product page');

    // The cart is kept by the server, under this browser's cookie (page.request shares the page's cookies).
    for (const item of [product, other]) expect((await page.request.post('/api/v1/cart/lines', { data: { product: item._id } })).status()).toBe(200);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: other.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShifts(page), 'layout shifts on the cart').toEqual([]);
    expectNoSkippedLevel(await headingLevels(page), 'cart');
  });

  test('photos offer their 320 and 640 pixel copies; a card takes the 320 one; the largest paint is fetched first', async ({ page, shop }) => {
    const { product } = await catalogue(shop);
    await shop.banners();
    await page.goto('/');
    const banner = page.locator('.carousel img').first();
    await expect(banner).toHaveAttribute('fetchpriority', 'high');
    await expect(banner).toHaveAttribute('loading', 'eager');

    // The card's photo link is hidden from assistive technology (the name's link says the same).
    const photo = page.getByRole('article', { name: product.name }).locator('img');
    await expect(photo).toHaveAttribute('srcset', /product-photo\/\d+\?v=[^ ]+&w=320 320w, .*&w=640 640w/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/&w=320$/);

    await page.goto(`/product/${product.slug}`);
    const main = page.locator('.product-details__media img');
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(main).toHaveAttribute('loading', 'eager');
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/&w=640$/);
  });
});
