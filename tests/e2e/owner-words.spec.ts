import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { expect, type OwnShop, seriousA11yViolations, ShopApi, signInBrowser, startOwnShop, test } from './fixtures.ts';

/*
 * The owner's words on paper and the shipping zones edited in the admin (issue 20, issue 19). A shop of its
 * own: the shop's details and zones are the whole shop's, and the other specs' checkouts and contact pages
 * read them in parallel.
 */

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

// Each journey loads the admin's code into a fresh browser: on a busy shared machine that alone took 10-40 s.
test.describe.configure({ timeout: 120_000 });
/** The first screen of a journey (the admin's code loading). */
const FIRST_LOAD = { timeout: 45_000 };

let own: OwnShop;
let api: APIRequestContext;
let shop: ShopApi;

test.beforeAll(async () => {
  // A fresh shop's first start (migrations on a new embedded database) on a busy machine.
  test.setTimeout(120_000);
  own = await startOwnShop({ SHOP_NAME: 'Corner Shop' });
  api = await playwrightRequest.newContext({ baseURL: own.base });
  shop = new ShopApi(api);
});
test.afterAll(async () => {
  await api?.dispose();
  await own?.stop();
});

async function noWiderThanWindow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'page wider than the window').toBeLessThanOrEqual(0);
}

test.describe('the packing slip', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the shop's name and the contact details the owner wrote, and nothing in place of those not written", async ({ page }) => {
    const admin = await shop.admin();
    const headers = { authorization: admin.token };
    const write = async (data: Record<string, string>) => {
      const res = await api.put('/api/v1/shop/details', { headers, data });
      expect(res.status(), await res.text()).toBe(200);
    };
    await write({ email: '', phone: '', address: '' });
    const product = await shop.product(await shop.category(), { name: 'Slip Lamp', price: 30 });
    const buyer = await shop.register();
    const placed = await api.post('/api/v1/auth/orders', { headers: { authorization: buyer.token }, data: { cart: [{ _id: product._id }] } });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = (await placed.json()).order._id as string;

    await signInBrowser(page, admin);
    await page.goto(`${own.base}/dashboard/admin/orders/print?ids=${orderId}`);
    const slip = page.getByRole('article', { name: `Order #${orderId}` });
    await expect(slip).toContainText('Slip Lamp', FIRST_LOAD);
    await expect(slip.getByText('Corner Shop', { exact: true })).toBeVisible();
    await expect(page.locator('.slip__contact')).toHaveCount(0);
    await expect(slip).not.toContainText('emporium.example');

    await write({ email: 'help@corner.example', phone: '+44 20 7946 0958', address: '1 High Street\nLondon' });
    await page.reload();
    const contact = slip.locator('.slip__contact');
    await expect(contact).toContainText('help@corner.example');
    await expect(contact).toContainText('+44 20 7946 0958');
    await expect(contact).toContainText('1 High Street');
    await expect(contact).toContainText('London');
    expect(await seriousA11yViolations(page), 'axe on the slip').toEqual([]);
    await page.screenshot({ path: '.tmp/screenshots/desktop-slip-contact.png', fullPage: true });

    // Only what is written: the phone taken away is gone from the slip.
    await write({ phone: '' });
    await page.reload();
    await expect(contact).toContainText('help@corner.example');
    await expect(contact).not.toContainText('7946');
  });
});

for (const size of WIDTHS) {
  test.describe(`editing a shipping zone at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the owner edits a zone (name, countries, regions, postcodes) and a delivery method in place', async ({ page }) => {
      const admin = await shop.admin();
      const headers = { authorization: admin.token };
      const name = `Nordics ${size.name}`;
      const made = await api.post('/api/v1/admin/shipping/zones', { headers, data: { name, countries: ['IS'], taxes: { standard: 24 } } });
      expect(made.status(), await made.text()).toBe(201);
      const zone = (await made.json()).zones.find((item: { name: string }) => item.name === name);
      const rated = await api.post(`/api/v1/admin/shipping/zones/${zone._id}/rates`, { headers, data: { name: 'Post', kind: 'flat', amount: 9 } });
      expect(rated.status(), await rated.text()).toBe(201);

      await signInBrowser(page, admin);
      await page.goto(`${own.base}/dashboard/admin/shipping`);
      const section = page.getByRole('region', { name, exact: true });
      await expect(section).toContainText('Tax: standard 24%', FIRST_LOAD);

      // The zone: its form opens in place, prefilled, the name field focused.
      await section.getByRole('button', { name: `Edit zone ${name}` }).click();
      const form = section.getByRole('form', { name: `Edit zone ${name}` });
      await expect(form.getByLabel('Name')).toBeFocused();
      await expect(form.getByLabel('Countries')).toHaveValue('IS');
      await expect(form.getByLabel('Standard tax %')).toHaveValue('24');
      const renamed = `Scandinavia ${size.name}`;
      await form.getByLabel('Name').fill(renamed);
      await form.getByLabel('Countries').fill('SE, NO');
      await form.getByLabel('Only these regions (optional)').fill('AB');
      await form.getByLabel('Only these postcode prefixes (optional)').fill('11, 12');
      expect(await seriousA11yViolations(page), 'axe with the zone form open').toEqual([]);
      await noWiderThanWindow(page);
      await page.screenshot({ path: `.tmp/screenshots/${size.name}-admin-shipping-edit-zone.png`, fullPage: true });
      await form.getByRole('button', { name: 'Save zone' }).click();
      await expect(page.getByText('Zone saved')).toBeVisible();
      const saved = page.getByRole('region', { name: renamed, exact: true });
      await expect(saved).toContainText('SE, NO · regions AB · postcodes 11, 12…');
      await expect(saved.getByRole('button', { name: `Edit zone ${renamed}` })).toBeFocused();

      // A refused value: the server's words, nothing changed.
      await saved.getByRole('button', { name: `Edit zone ${renamed}` }).click();
      await saved.getByRole('form', { name: `Edit zone ${renamed}` }).getByLabel('Countries').fill('');
      await saved.getByRole('button', { name: 'Save zone' }).click();
      await expect(page.getByText(/countries.*at least one country/)).toBeVisible();
      await saved.getByRole('button', { name: 'Cancel' }).click();
      await expect(saved).toContainText('SE, NO');

      // Its delivery method, by keyboard: Edit, change, Enter saves.
      await saved.getByRole('button', { name: 'Edit Post' }).click();
      const rateForm = saved.getByRole('form', { name: 'Edit delivery method Post' });
      await expect(rateForm.getByLabel('Method')).toBeFocused();
      await expect(rateForm.getByLabel('Amount')).toHaveValue('9');
      await rateForm.getByLabel('Method').fill('PostNord');
      await rateForm.getByLabel('Amount').fill('7.5');
      await rateForm.getByLabel('Free from (optional)').fill('60');
      await rateForm.getByLabel('Free from (optional)').press('Enter');
      await expect(page.getByText('Delivery method saved')).toBeVisible();
      await expect(saved.getByRole('list', { name: `Delivery methods of ${renamed}` })).toContainText('PostNord (flat): $7.50, free from $60.00');

      // What the shop now holds, as the API answers it.
      const after = await (await api.get('/api/v1/admin/shipping', { headers })).json();
      const stored = after.zones.find((item: { _id: string }) => item._id === zone._id);
      expect(stored).toMatchObject({
        name: renamed,
        countries: ['SE', 'NO'],
        regions: ['AB'],
        postcodePrefixes: ['11', '12'],
        position: zone.position,
        taxes: { standard: 24, reduced: 0, zero: 0 },
        rates: [expect.objectContaining({ name: 'PostNord', kind: 'flat', amount: 7.5, freeFrom: 60 })],
      });
      await page.screenshot({ path: `.tmp/screenshots/${size.name}-admin-shipping-edited.png`, fullPage: true });
      // Leave the own shop as it was for the other width.
      expect((await api.delete(`/api/v1/admin/shipping/zones/${zone._id}`, { headers })).status()).toBe(200);
    });
  });
}
