import { expect, seriousA11yViolations, test } from './fixtures.ts';

test.describe('home: browse, filter, load more', () => {
  test('shows the carousel, the filters and the newest products, and adds to the cart', async ({ page, shop }) => {
    const category = await shop.category(`Lamps ${Date.now()}`);
    const product = await shop.product(category, { name: `Brass Reading Lamp ${Date.now()}`, price: 45 });
    await shop.banners();

    await page.goto('/');
    await expect(page).toHaveTitle('All Products - Best offers - Emporium');
    await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next slide' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(6);
    const card = page.getByRole('article', { name: product.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('$45.00');
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await card.getByRole('button', { name: /ADD TO CART/ }).click();
    await expect(page.getByText('Item Added to cart')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe('loading: placeholders of the final size, not spinners', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: home, a category and a product page show placeholders while their data is held back`, async ({ page, shop }) => {
      const category = await shop.category(`Placeholders ${Date.now()}`);
      const product = await shop.product(category, { name: `Held Lamp ${Date.now()}` });
      await page.setViewportSize({ width, height: 900 });

      // The catalogue's answers wait for a gate the test opens once it has looked at the placeholders
      // (no timer decides anything).
      let gate = Promise.resolve();
      let open = () => {};
      const closeGate = () => (gate = new Promise<void>((resolve) => (open = resolve)));
      await page.route(/\/api\/v1\/(product|category)\//, async (route) => {
        await gate;
        await route.continue();
      });

      for (const path of ['/', `/category/${category.slug}`]) {
        closeGate();
        await page.goto(path);
        const placeholder = page.getByTestId('loading-placeholder').first();
        await expect(placeholder).toBeVisible();
        await expect(placeholder.locator('.product-card')).not.toHaveCount(0);
        await expect(page.locator('.spinner')).toHaveCount(0);
        const shape = await placeholder.locator('.product-card__media').first().boundingBox();
        open();
        const card = page.getByRole('article').first();
        await expect(card).toBeVisible();
        await expect(page.getByTestId('loading-placeholder')).toHaveCount(0);
        const real = await card.locator('.product-card__media').boundingBox();
        // The photo square is where the placeholder's was, at the same size: nothing jumps.
        expect(Math.round(real?.width ?? 0), path).toBe(Math.round(shape?.width ?? -1));
        expect(Math.round(real?.x ?? 0), path).toBe(Math.round(shape?.x ?? -1));
      }

      closeGate();
      await page.goto(`/product/${product.slug}`);
      const details = page.getByTestId('loading-placeholder').first();
      await expect(details.locator('.product-details')).toBeVisible();
      await expect(page.locator('.spinner')).toHaveCount(0);
      const square = await details.locator('.product-details__media').boundingBox();
      open();
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      const photo = await page.locator('article.product-details .product-details__media').boundingBox();
      expect(Math.round(photo?.width ?? 0)).toBe(Math.round(square?.width ?? -1));
    });
  }
});
