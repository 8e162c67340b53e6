import { expect, seriousA11yViolations, test } from './fixtures.ts';

test.describe('home: browse, filter, load more', () => {
  test('shows the carousel, the filters and the newest products, and adds to the cart', async ({ page, shop }) => {
    const category = await shop.category(`Lamps ${Date.now()}`);
    const product = await shop.product(category, { name: `Brass Reading Lamp ${Date.now()}`, price: 45 });

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
