import { randomBytes } from 'node:crypto';
import { expect, keptMailText, seriousA11yViolations, signInBrowser, test } from './fixtures.ts';

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
    test(`at ${screen.width} px: a guest buys, opens the mailed link, later makes an account, confirms it and sees the order`, async ({
      page,
      shop,
      browser,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: screen.width, height: screen.height });
      const id = `${screen.name}-${Date.now()}-${randomBytes(2).toString('hex')}`;
      const email = `guest-${id}@e2e.example`;
      const category = await shop.category(`Guest ${id}`);
      const product = await shop.product(category, { name: `Guest Kettle ${id}`, price: 42, quantity: 3 });

      // Signed out: the product into the cart, then "Continue as guest".
      await page.goto(`/product/${product.slug}`);
      await page.getByRole('article', { name: product.name, exact: true }).getByRole('button', { name: /ADD TO CART/ }).click();
      await page.goto('/cart');
      await expect(page.getByRole('button', { name: 'Please Login to checkout' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue as guest' }).click();
      const form = page.getByRole('form', { name: 'Your contact and delivery details' });
      // The form says what is missing before anything is sent.
      await form.getByRole('button', { name: 'Order Now' }).click();
      await expect(form.getByText('Email is required')).toBeVisible();
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Name').fill('Gwen Guest');
      await form.getByLabel('Delivery address').fill('4 Harbour Road, Portsmouth');
      await form.getByLabel('Phone').fill('555-0199');
      await page.screenshot({ path: `.tmp/screenshots/guest-checkout-${screen.name}-form.png`, fullPage: true });
      await form.getByRole('button', { name: 'Order Now' }).click();

      // The order's own page, straight away.
      await expect(page).toHaveURL(/\/order\/\d+#t=/);
      const orderId = /\/order\/(\d+)/.exec(page.url())?.[1] ?? '';
      await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
      await expect(page.getByText('4 Harbour Road, Portsmouth')).toBeVisible();
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
