import { randomBytes } from 'node:crypto';
import { addToCart, expect, seriousA11yViolations, signInBrowser, test } from './fixtures.ts';
import { deliveryZone, tenPercentCode } from './shipping-zones.ts';

const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

test.describe('the one-page checkout', () => {
  for (const screen of SCREENS) {
    test(`at ${screen.width} px: a shopper picks a country, a delivery method and a code; the summary is what the order keeps`, async ({ page, shop, request }) => {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      const admin = await shop.admin();
      await deliveryZone(request, admin.token, 'Ireland (checkout e2e)', 'IE');
      const id = `${screen.name}-${randomBytes(3).toString('hex')}`;
      const code = `TEN-${id}`.toUpperCase();
      await tenPercentCode(request, admin.token, code);
      const product = await shop.product(await shop.category(`Checkout ${id}`), { name: `Checkout Lamp ${id}`, price: 50, quantity: 5 });
      const shopper = await shop.register();
      await signInBrowser(page, shopper);

      await page.goto(`/product/${product.slug}`);
      await addToCart(page.getByRole('article', { name: product.name, exact: true }).getByRole('button', { name: /ADD TO CART/ }));
      await page.goto('/cart');
      await page.getByRole('link', { name: 'Checkout with delivery' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

      await page.getByLabel('Country').selectOption({ label: 'Ireland' });
      await page.getByLabel('City').fill('Galway');
      await page.getByLabel('Address').fill('3 Quay Street');
      // The cheapest method is chosen at first: 50.00 + 6.00, tax 23% on both.
      await expect(page.getByRole('radio', { name: /An Post/ })).toBeChecked();
      await expect(page.getByTestId('checkout-total')).toHaveText('$68.88');
      await page.getByRole('radio', { name: /Courier/ }).check();
      // 62.00 taxed: 76.26.
      await expect(page.getByTestId('checkout-total')).toHaveText('$76.26');

      // A code that does not exist is told by the field; the real one takes 10% off the goods.
      await page.getByLabel('Code', { exact: true }).fill('NO-SUCH-CODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('no such code "NO-SUCH-CODE"')).toBeVisible();
      await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText(`${code} applied`)).toBeVisible();
      // 45.00 + 12.00 = 57.00, tax 13.11: 70.11.
      await expect(page.getByTestId('checkout-total')).toHaveText('$70.11');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `.tmp/screenshots/checkout-${screen.name}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page).toHaveURL(/\/dashboard\/user\/orders/);
      const orders = await request.get('/api/v1/auth/orders', { headers: { authorization: shopper.token } });
      const [order] = await orders.json();
      expect(order).toMatchObject({
        total: 70.11,
        subtotal: 50,
        discount: { code, amount: 5 },
        shipping: { name: 'Courier', amount: 12 },
        taxes: [{ taxClass: 'standard', rate: 23, base: 57, amount: 13.11 }],
        delivery: { country: 'IE' },
      });
    });
  }
});
