import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, seriousA11yViolations, signInBrowser, test } from './fixtures.ts';

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** No horizontal scrolling: the page is never wider than the window. */
async function widerThanWindow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const size of WIDTHS) {
  test.describe(`the shop's own words at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the owner writes the contact details, a policy, an announcement and a banner; the shopper sees them', async ({ page, browser, shop }) => {
      // A long journey (four admin forms, a banner photo shrunk by sharp, five shop pages): 40-50 s on a busy CI machine.
      test.setTimeout(90_000);
      const stamp = `${size.name}-${Date.now()}`;
      const email = `help-${stamp}@corner-books.test`;
      const policy = `Orders ship within two days (${stamp}).\n\nWe ship <b>worldwide</b>.`;
      await signInBrowser(page, await shop.admin());

      // The owner's page lists what is still unwritten, each a link to its field.
      await shop.banners();
      await page.goto('/dashboard/admin');
      const unwritten = page.getByRole('region', { name: /Still to write/ });
      await expect(unwritten.getByRole('link', { name: 'Returns policy' })).toBeVisible();
      expect(await seriousA11yViolations(page), 'axe on the owner\'s page').toEqual([]);
      await page.screenshot({ path: `.tmp/screenshots/${size.name}-admin-home-unwritten.png` });
      await unwritten.getByRole('link', { name: 'Returns policy' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Shop pages' })).toBeVisible();
      await expect(page.getByLabel('Returns policy')).toBeFocused();
      await expect(page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Shop pages' })).toHaveAttribute('aria-current', 'page');

      // Contact details, by keyboard: type, then Enter submits the section's form.
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Phone').fill('+44 20 7946 0958');
      await page.getByLabel('Postal address').fill('1 High Street\nLondon');
      await page.getByLabel('Phone').press('Enter');
      await expect(page.getByText('Shop details saved')).toBeVisible();

      // A refused value shows under its field, which takes the focus; nothing is saved.
      await page.getByLabel('Link (optional)').fill('javascript:alert(1)');
      await page.getByLabel('Announcement', { exact: true }).fill(`Free delivery this week ${stamp}`);
      await page.getByRole('button', { name: 'Save announcement bar' }).click();
      await expect(page.getByText('must be a path starting with / or an http(s) address')).toBeVisible();
      await expect(page.getByLabel('Link (optional)')).toBeFocused();
      await page.getByLabel('Link (optional)').fill('/shipping');
      // The switch and the save button by keyboard.
      await page.getByLabel('Show the announcement bar').focus();
      await page.keyboard.press('Space');
      await expect(page.getByLabel('Show the announcement bar')).toBeChecked();
      await page.getByRole('button', { name: 'Save announcement bar' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Shop details saved').first()).toBeVisible();

      await page.getByLabel('Shipping policy').fill(policy);
      await page.getByRole('button', { name: 'Save pages' }).click();
      await expect(page.getByText('Shop details saved').first()).toBeVisible();

      // A banner from a photo, through the picker.
      const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#b45309' } }).jpeg().toBuffer();
      const newBanner = page.getByRole('form', { name: 'New banner' });
      await newBanner.locator('input[type=file]').setInputFiles({ name: 'sale.jpg', mimeType: 'image/jpeg', buffer: photo });
      await newBanner.getByLabel('Heading').fill(`Autumn sale ${stamp}`);
      await newBanner.getByRole('button', { name: 'Add banner' }).click();
      await expect(page.getByText('Banner added')).toBeVisible();
      await expect(page.getByRole('form', { name: /^Banner \d+$/ }).getByLabel('Heading').last()).toHaveValue(`Autumn sale ${stamp}`);

      expect(await widerThanWindow(page), 'admin screen wider than the window').toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page), 'axe on the Shop pages screen').toEqual([]);
      await page.screenshot({ path: `.tmp/screenshots/${size.name}-admin-shop.png`, fullPage: true });

      // The shopper, in a browser of their own.
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const shopper = await context.newPage();
      try {
        await shopper.goto('/');
        const bar = shopper.getByRole('complementary', { name: 'Announcement' });
        await expect(bar).toHaveText(`Free delivery this week ${stamp}`);
        await expect(shopper.getByRole('region', { name: 'Featured' })).toBeVisible();
        await expect(shopper.getByRole('heading', { name: `Autumn sale ${stamp}` })).toBeAttached();
        expect(await seriousA11yViolations(shopper), 'axe on the home page with the bar and banners').toEqual([]);
        await shopper.screenshot({ path: `.tmp/screenshots/${size.name}-home-announcement.png` });

        // Footer link → the policy page, the owner's text as typed (no HTML made of it).
        await shopper.getByRole('contentinfo').getByRole('link', { name: 'Shipping' }).click();
        await expect(shopper).toHaveURL(/\/shipping$/);
        await expect(shopper.getByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeVisible();
        await expect(shopper.getByText(`Orders ship within two days (${stamp}).`)).toBeVisible();
        await expect(shopper.getByText('We ship <b>worldwide</b>.')).toBeVisible();
        expect(await seriousA11yViolations(shopper), 'axe on /shipping').toEqual([]);
        expect(await widerThanWindow(shopper)).toBeLessThanOrEqual(0);
        await shopper.screenshot({ path: `.tmp/screenshots/${size.name}-shipping.png`, fullPage: true });

        // The announcement's link, by keyboard.
        await bar.getByRole('link').focus();
        await shopper.keyboard.press('Enter');
        await expect(shopper).toHaveURL(/\/shipping$/);

        await shopper.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
        await expect(shopper.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
        await expect(shopper.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
        await expect(shopper.getByText('1 High Street')).toBeVisible();
        await expect(shopper.getByText('emporium.example')).toHaveCount(0);
        expect(await seriousA11yViolations(shopper), 'axe on /contact').toEqual([]);
        await shopper.screenshot({ path: `.tmp/screenshots/${size.name}-contact-owner.png`, fullPage: true });

        // Returns is still unwritten: its page says so plainly.
        await shopper.getByRole('contentinfo').getByRole('link', { name: 'Returns' }).click();
        await expect(shopper.getByRole('heading', { level: 1, name: 'Returns Policy' })).toBeVisible();
        await expect(shopper.getByText('Working on it')).toBeVisible();
      } finally {
        await context.close();
      }

      // The owner turns the bar off: it leaves every page.
      await page.getByLabel('Show the announcement bar').uncheck();
      await page.getByRole('button', { name: 'Save announcement bar' }).click();
      await expect(page.getByText('Shop details saved').first()).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('complementary', { name: 'Announcement' })).toHaveCount(0);
    });
  });
}
