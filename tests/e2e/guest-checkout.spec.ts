import { randomBytes } from 'node:crypto';
import { addToCart, expect, keptMailText, seriousA11yViolations, signInBrowser, test } from './fixtures.ts';
import { deliveryZone, tenPercentCode } from './shipping-zones.ts';

const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

/** The path and fragment of a mailed link (the e2e server's public address may name another host). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
};

test.describe('checkout without an account', () => {
  for (const screen of SCREENS) {
    test(`at ${screen.width} px: a guest buys with a code and a delivery method, opens the mailed link, later makes an account, confirms it and sees the order`, async ({
      page,
      shop,
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: screen.width, height: screen.height });
      const id = `${screen.name}-${Date.now()}-${randomBytes(2).toString('hex')}`;
      const email = `guest-${id}@e2e.example`;
      // The shop delivers to Malta (An Post 6.00, Courier 12.00, tax 23%) and has a 10% code: set up by API.
      const admin = await shop.admin();
      await deliveryZone(request, admin.token, 'Malta (guest e2e)', 'MT');
      const code = `GUEST-${id}`.toUpperCase();
      await tenPercentCode(request, admin.token, code);
      const category = await shop.category(`Guest ${id}`);
      const product = await shop.product(category, { name: `Guest Kettle ${id}`, price: 50, quantity: 3 });

      // Signed out: the product into the cart, then "Continue as guest": the one-page checkout.
      await page.goto(`/product/${product.slug}`);
      await addToCart(page.getByRole('article', { name: product.name, exact: true }).getByRole('button', { name: /ADD TO CART/ }));
      await page.goto('/cart');
      await expect(page.getByRole('button', { name: 'Please Login to checkout' })).toBeVisible();
      await page.getByRole('link', { name: 'Continue as guest' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Name').fill('Gwen Guest');
      await page.getByLabel('Phone').fill('555-0199');
      await page.getByLabel('Country').selectOption({ label: 'Malta' });
      await page.getByLabel('City').fill('Valletta');
      await page.getByLabel('Address').fill('4 Harbour Road');
      // The summary follows each choice: the cheapest method first, then Courier, then the code.
      await expect(page.getByRole('radio', { name: /An Post/ })).toBeChecked();
      await expect(page.getByTestId('checkout-total')).toHaveText('$68.88');
      await page.getByRole('radio', { name: /Courier/ }).check();
      await expect(page.getByTestId('checkout-total')).toHaveText('$76.26');
      await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText(`${code} applied`)).toBeVisible();
      // 45.00 + 12.00 = 57.00, tax 23% 13.11: 70.11.
      await expect(page.getByTestId('checkout-total')).toHaveText('$70.11');
      await page.screenshot({ path: `.tmp/screenshots/guest-checkout-${screen.name}-form.png`, fullPage: true });
      await page.getByRole('button', { name: 'Place order' }).click();

      // The order's own page, straight away: the figures the summary showed.
      await expect(page).toHaveURL(/\/order\/\d+#t=/);
      const orderId = /\/order\/(\d+)/.exec(page.url())?.[1] ?? '';
      await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
      await expect(page.getByText(/4 Harbour Road\s+Valletta\s+Malta/)).toBeVisible();
      await expect(page.getByText(`Discount (${code})`)).toBeVisible();
      await expect(page.getByText('Shipping (Courier)')).toBeVisible();
      await expect(page.getByTestId('order-total')).toHaveText('$70.11');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `.tmp/screenshots/guest-checkout-${screen.name}-order.png`, fullPage: true });

      // The confirmation mail's link opens the order in another browser (nothing stored there).
      const mail = await keptMailText(email, 'order-confirmation');
      const link = /(https?:\/\/\S+\/order\/\d+#t=[\w-]+)/.exec(mail)?.[1] ?? '';
      expect(link, mail).not.toBe('');
      const other = await browser.newContext({ viewport: { width: screen.width, height: screen.height } });
      const elsewhere = await other.newPage();
      await elsewhere.goto(pathOf(link));
      await expect(elsewhere.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
      await expect(elsewhere.getByText(product.name).first()).toBeVisible();
      await expect(elsewhere.getByText('Shipping (Courier)')).toBeVisible();
      await expect(elsewhere.getByText(`Discount (${code})`)).toBeVisible();
      await expect(elsewhere.getByTestId('order-total')).toHaveText('$70.11');
      // A guessed token: not found.
      await elsewhere.goto(`/order/${orderId}#t=${'x'.repeat(43)}`);
      await expect(elsewhere.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
      await other.close();

      // Later: an account with the same address; the order joins it once the mailed link confirms it.
      const member = await shop.register({ email, name: 'Gwen Member' });
      await signInBrowser(page, member);
      await page.goto('/dashboard/user/orders');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(product.name)).toHaveCount(0);
      const confirm = /(https?:\/\/\S+\/confirm-email#token=[\w%-]+)/.exec(await keptMailText(email, 'guest-claim'))?.[1] ?? '';
      expect(confirm).not.toBe('');
      await page.goto(pathOf(confirm));
      await page.getByRole('button', { name: 'Confirm my address' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'E-mail address confirmed: 1 order joined your account' })).toBeVisible();
      await page.screenshot({ path: `.tmp/screenshots/guest-checkout-${screen.name}-confirmed.png`, fullPage: true });
      await page.getByRole('link', { name: 'Your orders' }).click();
      await expect(page.getByText(product.name).first()).toBeVisible();
    });
  }
});
