import { expect, seriousA11yViolations, test } from './fixtures.ts';

const SIZES = [
  { name: 'phone', width: 375, height: 800 },
  { name: 'desktop', width: 1440, height: 900 },
];

test.describe('facets and swatches', () => {
  for (const size of SIZES) {
    test(`at ${size.width} px: a shopper filters by Size and Colour with counts, keeps them on reload, removes a chip; a product shows swatches`, async ({
      page,
      shop,
    }) => {
      const stamp = `${size.name} ${Date.now()}`;
      const category = await shop.category(`Facet Tees ${stamp}`);
      const [redTee, blueTee, navyTee] = await Promise.all([
        shop.product(category, { name: `Red Tee ${stamp}` }),
        shop.product(category, { name: `Blue Tee ${stamp}` }),
        shop.product(category, { name: `Navy Tee ${stamp}` }),
        shop.product(category, { name: `Plain Mug ${stamp}` }),
      ]);
      if (!redTee || !blueTee || !navyTee) throw new Error('products not made');
      await shop.variants(redTee, [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ]);
      await shop.variants(blueTee, [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Blue'] },
      ]);
      await shop.variants(navyTee, [
        { name: 'Size', values: ['S'] },
        { name: 'Colour', values: ['Navy'] },
      ]);

      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/?category=${category.slug}`);
      const phone = size.width < 700;
      if (phone) await page.getByRole('button', { name: 'Filters (1)' }).click();
      const sizes = page.getByRole('group', { name: 'Size' });
      const colours = page.getByRole('group', { name: 'Colour' });
      await expect(sizes.locator('label')).toHaveText(['L (1)', 'M (2)', 'S (2)']);
      await expect(colours.locator('label')).toHaveText(['Blue (2)', 'Navy (1)', 'Red (1)']);

      // Keyboard: the Size S box is reached and ticked without a mouse.
      await sizes.getByRole('checkbox', { name: 'S (2)' }).focus();
      await page.keyboard.press('Space');
      await expect(page).toHaveURL(/opt\.Size=S/);
      await colours.getByRole('checkbox', { name: 'Red (1)' }).check();
      if (phone) {
        await expect(page.getByRole('button', { name: 'Show 1 result' })).toBeVisible();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await page.screenshot({ path: `.tmp/screenshots/${size.name}-facets-sheet.png` });
        await page.getByRole('button', { name: 'Show 1 result' }).click();
      }

      const summary = page.locator('.list-summary');
      await expect(summary).toHaveText(`Facet Tees ${stamp}, Size: S, Colour: Red: 1 product`);
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('article', { name: redTee.name })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove filter: Colour Red' })).toBeVisible();
      if (phone) await expect(page.getByRole('button', { name: 'Filters (3)' })).toBeVisible();
      if (!phone) expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `.tmp/screenshots/${size.name}-facets-home.png`, fullPage: !phone });

      await page.reload();
      await expect(summary).toHaveText(`Facet Tees ${stamp}, Size: S, Colour: Red: 1 product`);
      await expect(page.getByRole('article')).toHaveCount(1);
      await page.getByRole('button', { name: 'Remove filter: Colour Red' }).click();
      await expect(summary).toHaveText(`Facet Tees ${stamp}, Size: S: 2 products`);
      await expect(page.getByRole('article', { name: navyTee.name })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove filter: Colour Red' })).toHaveCount(0);
      expect(page.url()).not.toContain('opt.Colour');

      await page.goto(`/product/${redTee.slug}`);
      const picker = page.getByRole('group', { name: /^Colour/ });
      await expect(picker.locator('.variant-picker__swatch')).toHaveCount(2);
      await expect(page.getByRole('group', { name: /^Size/ }).locator('.variant-picker__swatch')).toHaveCount(0);
      const blue = picker.getByRole('button', { name: 'Blue', exact: true });
      await blue.focus();
      await page.keyboard.press('Enter');
      await expect(blue).toHaveAttribute('aria-pressed', 'true');
      await expect(picker).toHaveAccessibleName('Colour: Blue');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `.tmp/screenshots/${size.name}-swatches.png` });
    });
  }
});
