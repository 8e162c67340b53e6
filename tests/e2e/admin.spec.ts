import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Product } from '../../src/contract/product.ts';
import { ADMIN, expect, seriousA11yViolations, signInBrowser, test } from './fixtures.ts';

/** A suffix no other test (nor a second run on the same database) shares. */
const suffix = () => `${Date.now()}-${randomBytes(3).toString('hex')}`;
/** A word made of letters only, so the search index keeps it as one word. */
const uniqueWord = () => `zq${Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

const BLUE = '#2050d0';
const RED = '#d03020';
/** A real PNG of one colour. */
const png = (background: string, size = 240) =>
  sharp({ create: { width: size, height: size, channels: 3, background } }).png().toBuffer();

const header = (page: Page) => page.getByRole('banner');
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'Admin Panel' });
/** A row of the Manage Category table, by the category's exact name. */
const categoryRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Wait until an <img> has loaded a real picture; return its natural width. */
async function expectLoadedImage(img: Locator): Promise<void> {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** The colour at the middle of a loaded <img>, read through a canvas (same-origin photos). */
async function centreColour(img: Locator): Promise<{ r: number; g: number; b: number }> {
  await expectLoadedImage(img);
  return img.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(element, 0, 0);
    const [r = 0, g = 0, b = 0] = context.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data;
    return { r, g, b };
  });
}
const isRed = ({ r, b }: { r: number; b: number }) => r - b > 100;
const isBlue = ({ r, b }: { r: number; b: number }) => b - r > 100;

/** The admin product list's card (a link) of a product, pressing Load more until it shows. */
async function adminProductCard(page: Page, name: string): Promise<Locator> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'All Products List' })).toBeVisible();
  await expect(main.getByText(/^Showing \d+ of [\d,]+\+? products?$/)).toBeVisible();
  // Found by the list's search (in the address), whatever other tests added.
  const search = main.getByRole('searchbox', { name: 'Search products' });
  await search.fill(name);
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  const card = main.getByRole('link', { name, exact: true });
  await expect(card).toBeVisible();
  return card;
}

/** Press Tab (only the keyboard) until the target has the focus. */
async function tabTo(page: Page, target: Locator, max = 400): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test.describe('admin home and screens', () => {
  test('shows the administrator, the side menu marks the current screen, no serious a11y violation on any admin screen', async ({
    page,
    shop,
    request,
  }) => {
    const id = suffix();
    const category = await shop.category(`A11y ${id}`);
    const product = await shop.product(category, { name: `A11y Teapot ${id}` });
    const shopper = await shop.register();
    const order = await request.post('/api/v1/auth/orders', {
      data: { cart: [{ _id: product._id }] },
      headers: { authorization: shopper.token },
    });
    expect(order.status(), await order.text()).toBe(201);

    await signInBrowser(page, await shop.admin());
    await page.goto('/dashboard/admin');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(main.getByText(ADMIN.name, { exact: true })).toBeVisible();
    await expect(main.getByText(ADMIN.email, { exact: true })).toBeVisible();

    const menu = adminMenu(page);
    const screens = [
      { link: 'Overview', path: '/dashboard/admin', heading: 'Admin Dashboard' },
      { link: 'Create Category', path: '/dashboard/admin/create-category', heading: 'Manage Category' },
      { link: 'Create Product', path: '/dashboard/admin/create-product', heading: 'Create Product' },
      { link: 'Products', path: '/dashboard/admin/products', heading: 'All Products List' },
      { link: 'Orders', path: '/dashboard/admin/orders', heading: 'All Orders' },
      { link: 'Users', path: '/dashboard/admin/users', heading: 'All Users' },
    ];
    for (const screen of screens) {
      await expect(menu.getByRole('link', { name: screen.link, exact: true })).toHaveAttribute('href', screen.path);
    }
    for (const screen of screens) {
      const link = menu.getByRole('link', { name: screen.link, exact: true });
      await link.click();
      await expect(page).toHaveURL(screen.path);
      await expect(main.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      for (const other of screens.filter((candidate) => candidate !== screen)) {
        await expect(menu.getByRole('link', { name: other.link, exact: true })).not.toHaveAttribute('aria-current', 'page');
      }
      if (screen.link === 'Products') await adminProductCard(page, product.name);
      if (screen.link === 'Orders') {
        await expect(main.getByRole('combobox', { name: new RegExp(`^Status of order #\\d+ by ${shopper.user.name}$`) }).first()).toBeVisible();
      }
      expect(await seriousA11yViolations(page), `axe on ${screen.path}`).toEqual([]);
    }

    await page.goto(`/dashboard/admin/product/${product.slug}`);
    await expect(main.getByRole('heading', { level: 1, name: 'Update Product' })).toBeVisible();
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue(product.name);
    expect(await seriousA11yViolations(page), 'axe on the update product screen').toEqual([]);
  });
});

test.describe('categories', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('create, edit (cancel, then rename), shown in the header, delete with confirmation', async ({ page, shop }) => {
    const id = suffix();
    const name = `Lighting ${id}`;
    const renamed = `Lamps and Lighting ${id}`;
    await signInBrowser(page, await shop.admin());

    await page.goto('/dashboard/admin/create-category');
    await expect(page).toHaveTitle('Dashboard - Create Category - Emporium');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Category' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();

    const newField = page.getByLabel('New category', { exact: true });
    await newField.fill(name);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(toast(page, `${name} is created`)).toBeVisible();
    await expect(categoryRow(page, name)).toHaveCount(1);
    await expect(newField).toHaveValue('');

    // Edit, then Cancel: nothing changes.
    await categoryRow(page, name).getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit category' });
    await expect(dialog).toBeVisible();
    const editField = dialog.getByLabel('Category name', { exact: true });
    await expect(editField).toHaveValue(name);
    await expect(editField).toBeFocused();
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(520);
    await editField.fill(`Not saved ${id}`);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(categoryRow(page, name)).toHaveCount(1);
    await expect(categoryRow(page, `Not saved ${id}`)).toHaveCount(0);

    // Edit again: the field shows the stored name again; rename and save.
    await categoryRow(page, name).getByRole('button', { name: `Edit ${name}` }).click();
    await expect(editField).toHaveValue(name);
    await editField.fill(renamed);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(toast(page, `${renamed} is updated`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(categoryRow(page, renamed)).toHaveCount(1);
    await expect(categoryRow(page, name)).toHaveCount(0);

    // The storefront's header lists the new name.
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Categories' }).click();
    await expect(header(page).getByRole('link', { name: renamed, exact: true })).toBeVisible();
    await expect(header(page).getByRole('link', { name, exact: true })).toHaveCount(0);

    // Delete asks first: Cancel keeps it, confirming deletes it.
    await page.goto('/dashboard/admin/create-category');
    const deleteButton = categoryRow(page, renamed).getByRole('button', { name: `Delete ${renamed}` });
    await deleteButton.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this category?' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(categoryRow(page, renamed)).toHaveCount(1);

    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'category is deleted')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(categoryRow(page, renamed)).toHaveCount(0);
  });

  test('a duplicate name and deleting a category with products show the server refusal', async ({ page, shop }) => {
    const id = suffix();
    const taken = await shop.category(`Garden ${id}`);
    const used = await shop.category(`Kitchen ${id}`);
    await shop.product(used, { name: `Kitchen Kettle ${id}` });
    await signInBrowser(page, await shop.admin());

    await page.goto('/dashboard/admin/create-category');
    await expect(categoryRow(page, taken.name)).toHaveCount(1);
    const newField = page.getByLabel('New category', { exact: true });
    await newField.fill(taken.name);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(toast(page, `Category "${taken.name}" already exists`)).toBeVisible();
    await expect(categoryRow(page, taken.name)).toHaveCount(1);
    await expect(newField).toHaveValue(taken.name);

    await categoryRow(page, used.name).getByRole('button', { name: `Delete ${used.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this category?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, `Category "${used.name}" still has 1 product; move or delete them first`)).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(categoryRow(page, used.name)).toHaveCount(1);
    await expect(toast(page, 'category is deleted')).toHaveCount(0);
    await page.reload();
    await expect(categoryRow(page, used.name)).toHaveCount(1);
  });

  test('add, edit and delete with the keyboard only', async ({ page, shop }) => {
    const id = suffix();
    // Digits first: the table is sorted by name, so the row is near the top and few Tabs away.
    const name = `0 Keys ${id}`;
    const renamed = `0 Keyboard ${id}`;
    await signInBrowser(page, await shop.admin());
    await page.goto('/dashboard/admin/create-category');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Category' })).toBeVisible();

    const newField = page.getByLabel('New category', { exact: true });
    await tabTo(page, newField);
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(toast(page, `${name} is created`)).toBeVisible();
    await expect(categoryRow(page, name)).toHaveCount(1);

    const edit = categoryRow(page, name).getByRole('button', { name: `Edit ${name}` });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit category' });
    const editField = dialog.getByLabel('Category name', { exact: true });
    await expect(editField).toBeFocused();
    await expect(editField).toHaveValue(name);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(edit).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(editField).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(renamed);
    await page.keyboard.press('Enter');
    await expect(toast(page, `${renamed} is updated`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(categoryRow(page, renamed)).toHaveCount(1);
    await expect(categoryRow(page, name)).toHaveCount(0);

    const remove = categoryRow(page, renamed).getByRole('button', { name: `Delete ${renamed}` });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete this category?' });
    await expect(confirm.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(categoryRow(page, renamed)).toHaveCount(1);
    await expect(remove).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(confirm.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'category is deleted')).toBeVisible();
    await expect(categoryRow(page, renamed)).toHaveCount(0);
  });
});

test.describe('create product', () => {
  test('through the form: category search, photo preview, shipping; then on the storefront with its photo', async ({ page, shop }) => {
    const id = suffix();
    const word = uniqueWord();
    const category = await shop.category(`Desks ${id}`);
    await shop.category(`Chairs ${id}`);
    const name = `Desk Lamp ${word}`;
    await signInBrowser(page, await shop.admin());

    await page.goto('/dashboard/admin/create-product');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Create Product' })).toBeVisible();
    const combo = main.getByRole('combobox', { name: 'Category' });
    await expect(combo).toHaveAttribute('placeholder', 'Select a category');
    // Part of the name, in another case: only this category matches.
    await combo.fill(category.name.slice(2, -2).toLowerCase());
    const listbox = main.getByRole('listbox', { name: 'Category' });
    await expect(listbox.getByRole('option', { name: category.name, exact: true })).toBeVisible();
    await expect(listbox.getByRole('option', { name: `Chairs ${id}`, exact: true })).toHaveCount(0);
    await listbox.getByRole('option', { name: category.name, exact: true }).click();
    await expect(combo).toHaveValue(category.name);
    await expect(listbox).toBeHidden();

    await main.getByLabel('Upload Photo').setInputFiles({ name: 'desk-lamp.png', mimeType: 'image/png', buffer: await png(RED) });
    await expectLoadedImage(main.getByRole('img', { name: 'Preview of the new photo (desk-lamp.png)' }));

    await main.getByLabel('Name', { exact: true }).fill(name);
    await main.getByLabel('Description', { exact: true }).fill('A brass desk lamp with a warm light, made to last.');
    await main.getByLabel('Price (US$)').fill('37.25');
    await main.getByLabel('Quantity', { exact: true }).fill('6');
    await main.getByLabel('Shipping').selectOption({ label: 'Yes' });
    await main.getByRole('button', { name: 'CREATE PRODUCT' }).click();
    await expect(toast(page, 'Product Created Successfully')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/admin/products');
    await adminProductCard(page, name);

    await page.goto(`/search?keyword=${word}`);
    await expect(page.getByText('Found 1', { exact: true })).toBeVisible();
    const card = page.getByRole('article', { name, exact: true });
    await expect(card).toContainText('$37.25');
    await card.getByRole('link', { name: /More Details/ }).click();
    await expect(page).toHaveURL(/\/product\/[^/]+$/);
    const details = page.getByRole('article', { name, exact: true });
    await expect(details.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(details.getByText('$37.25', { exact: true })).toBeVisible();
    await expect(details.getByRole('link', { name: category.name, exact: true })).toBeVisible();
    await expect(details.getByText('Ships to your address')).toBeVisible();
    expect(isRed(await centreColour(details.getByRole('img', { name, exact: true })))).toBe(true);
  });

  test('a text file is refused as the photo; a failed create keeps the form as typed', async ({ page, shop, request }) => {
    const word = uniqueWord();
    await signInBrowser(page, await shop.admin());
    await page.goto('/dashboard/admin/create-product');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Create Product' })).toBeVisible();

    await main.getByLabel('Upload Photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expect(main.getByRole('alert').filter({ hasText: '“notes.txt” is not a photo the shop can use' })).toBeVisible();
    await expect(main.getByRole('img', { name: /Preview of the new photo/ })).toHaveCount(0);
    await expect(main.getByText('No photo yet')).toBeVisible();

    const name = `Orphan Lamp ${word}`;
    await main.getByLabel('Name', { exact: true }).fill(name);
    await main.getByLabel('Description', { exact: true }).fill('Typed but not saved.');
    await main.getByLabel('Price (US$)').fill('12.5');
    await main.getByLabel('Quantity', { exact: true }).fill('3');
    await main.getByLabel('Shipping').selectOption({ label: 'Yes' });
    await main.getByRole('button', { name: 'CREATE PRODUCT' }).click();
    await expect(main.getByText('Select a category')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/admin/create-product');
    await expect(toast(page, 'Product Created Successfully')).toHaveCount(0);
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(main.getByLabel('Description', { exact: true })).toHaveValue('Typed but not saved.');
    await expect(main.getByLabel('Price (US$)')).toHaveValue('12.5');
    await expect(main.getByLabel('Quantity', { exact: true })).toHaveValue('3');
    await expect(main.getByLabel('Shipping')).toHaveValue('1');

    const found = await request.get(`/api/v1/product/search/${word}`);
    expect(found.status()).toBe(200);
    expect(await found.json()).toEqual([]);
  });
});

test.describe('update and delete product', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('update: prefilled with the photo; new name, price, shipping and photo reach the storefront and the form', async ({ page, shop }) => {
    const id = suffix();
    const category = await shop.category(`Rugs ${id}`);
    const product = await shop.product(category, { name: `Wool Rug ${id}`, price: 24.99, quantity: 20, shipping: true, color: BLUE });
    const newName = `Woven Wool Rug ${id}`;
    await signInBrowser(page, await shop.admin());

    await page.goto('/dashboard/admin/products');
    await (await adminProductCard(page, product.name)).click();
    await expect(page).toHaveURL(`/dashboard/admin/product/${product.slug}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Update Product' })).toBeVisible();
    await expect(main.getByRole('combobox', { name: 'Category' })).toHaveValue(category.name);
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue(product.name);
    await expect(main.getByLabel('Description', { exact: true })).toHaveValue(product.description);
    await expect(main.getByLabel('Price (US$)')).toHaveValue('24.99');
    await expect(main.getByLabel('Quantity', { exact: true })).toHaveValue('20');
    await expect(main.getByLabel('Shipping')).toHaveValue('1');
    expect(isBlue(await centreColour(main.getByRole('img', { name: product.name, exact: true })))).toBe(true);

    await main.getByLabel('Name', { exact: true }).fill(newName);
    await main.getByLabel('Price (US$)').fill('31.5');
    await main.getByLabel('Shipping').selectOption({ label: 'No' });
    await main.getByLabel('Change Photo').setInputFiles({ name: 'red-rug.png', mimeType: 'image/png', buffer: await png(RED) });
    await expectLoadedImage(main.getByRole('img', { name: 'Preview of the new photo (red-rug.png)' }));
    await main.getByRole('button', { name: 'UPDATE PRODUCT' }).click();
    await expect(toast(page, 'Product Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/admin/products');

    // The storefront, through the old address.
    await page.goto(`/product/${product.slug}`);
    const details = page.getByRole('article', { name: newName, exact: true });
    await expect(details.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    await expect(details.getByText('$31.50', { exact: true })).toBeVisible();
    await expect(details.getByText('Not shipped: collect from the shop')).toBeVisible();
    expect(isRed(await centreColour(details.getByRole('img', { name: newName, exact: true })))).toBe(true);

    // Reopened, the form shows what was saved.
    await page.goto('/dashboard/admin/products');
    await (await adminProductCard(page, newName)).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Update Product' })).toBeVisible();
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue(newName);
    await expect(main.getByLabel('Price (US$)')).toHaveValue('31.5');
    await expect(main.getByLabel('Shipping')).toHaveValue('0');
    await expect(main.getByLabel('Shipping').getByRole('option', { name: 'No', selected: true })).toHaveCount(1);
    expect(isRed(await centreColour(main.getByRole('img', { name: newName, exact: true })))).toBe(true);
  });

  test('delete: a 416 px confirmation; cancel keeps it, confirm removes it from the shop', async ({ page, shop, request }) => {
    const id = suffix();
    const category = await shop.category(`Vases ${id}`);
    const product = await shop.product(category, { name: `Glass Vase ${id}` });
    await signInBrowser(page, await shop.admin());

    await page.goto(`/dashboard/admin/product/${product.slug}`);
    const main = page.getByRole('main');
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue(product.name);
    await main.getByRole('button', { name: 'DELETE PRODUCT' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this product?' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(product.name);
    await expect.poll(async () => (await confirm.boundingBox())?.width).toBe(416);
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(`/dashboard/admin/product/${product.slug}`);
    expect((await request.get(`/api/v1/product/get-product/${product.slug}`)).status()).toBe(200);

    await main.getByRole('button', { name: 'DELETE PRODUCT' }).click();
    await confirm.getByRole('button', { name: 'Delete product', exact: true }).click();
    await expect(toast(page, 'Product Deleted Successfully')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/admin/products');
    await expect(main.getByText(/^Showing \d+ of [\d,]+\+? products?$/)).toBeVisible();
    await expect(main.getByRole('link', { name: product.name })).toHaveCount(0);

    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    expect((await request.get(`/api/v1/product/get-product/${product.slug}`)).status()).toBe(404);
  });
});

test.describe('all products', () => {
  test('newest first, 20 a page by Next and Previous; filters in the address; the selected products move to a category and get a stock', async ({ page, shop }) => {
    test.setTimeout(40_000);
    const id = suffix();
    const category = await shop.category(`Shelves ${id}`);
    const other = await shop.category(`Cupboards ${id}`);
    const made: Product[] = [];
    for (let index = 1; index <= 21; index += 1) {
      made.push(await shop.product(category, { name: `Shelf ${String(index).padStart(2, '0')} ${id}`, quantity: 10 }));
    }
    await signInBrowser(page, await shop.admin());

    await page.goto('/dashboard/admin/products');
    const main = page.getByRole('main');
    await main.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
    await expect(page).toHaveURL(`/dashboard/admin/products?category=${category._id}`);
    await expect(main.getByText('Showing 20 of 21 products')).toBeVisible();
    const shelves = main.getByRole('link', { name: new RegExp(`^Shelf \\d{2} ${id}$`) });
    const numbers = async () => (await shelves.allInnerTexts()).map((text) => text.match(/Shelf (\d{2})/)?.[1]);
    // Newest first: 21 down to 02 on this page, 01 on the next.
    expect(await numbers()).toEqual(made.slice(1).map((product) => product.name.match(/Shelf (\d{2})/)?.[1]).reverse());
    await main.getByRole('button', { name: /Next/ }).click();
    await expect(main.getByText('Showing 1 of 21 products')).toBeVisible();
    expect(await numbers()).toEqual(['01']);
    await page.reload();
    await expect(main.getByText('Showing 1 of 21 products')).toBeVisible();
    expect(await numbers()).toEqual(['01']);
    await main.getByRole('button', { name: /Previous/ }).click();
    await expect(main.getByText('Showing 20 of 21 products')).toBeVisible();

    // Two selected: moved to the other category, stock set to 2 (low).
    await main.getByRole('checkbox', { name: `Select ${made[20]?.name}` }).check();
    await main.getByRole('checkbox', { name: `Select ${made[19]?.name}` }).check();
    await expect(main.getByText('2 selected')).toBeVisible();
    await main.getByLabel('Set stock to').fill('2');
    await main.getByRole('button', { name: 'Set stock of 2' }).click();
    await expect(toast(page, '2 products changed')).toBeVisible();
    // Gone before the next change reports (success toasts last 2 seconds).
    await expect(toast(page, '2 products changed')).toHaveCount(0);
    await main.getByRole('checkbox', { name: `Select ${made[20]?.name}` }).check();
    await main.getByRole('checkbox', { name: `Select ${made[19]?.name}` }).check();
    await main.getByLabel('Move to category').selectOption({ label: other.name });
    await main.getByRole('button', { name: 'Move 2' }).click();
    await expect(toast(page, '2 products changed')).toBeVisible();
    // Still the page before #01: the two moved away, the 18 left of it.
    await expect(main.getByText('Showing 18 of 19 products')).toBeVisible();
    await main.getByLabel('Category', { exact: true }).selectOption({ label: other.name });
    await main.getByLabel('Stock', { exact: true }).selectOption({ label: 'Low in stock' });
    await expect(page).toHaveURL(`/dashboard/admin/products?category=${other._id}&stock=low`);
    await expect(main.getByText('Showing 2 of 2 products')).toBeVisible();
    expect(await numbers()).toEqual(['21', '20']);
    await expect(main.getByText('2 left')).toHaveCount(2);
    // Both made drafts: the "Drafts only" filter (in the address) shows them with their badge.
    await expect(toast(page, '2 products changed')).toHaveCount(0);
    await main.getByRole('checkbox', { name: `Select ${made[20]?.name}` }).check();
    await main.getByRole('checkbox', { name: `Select ${made[19]?.name}` }).check();
    await main.getByRole('button', { name: 'Make 2 drafts' }).click();
    await expect(toast(page, '2 products changed')).toBeVisible();
    await main.getByLabel('Visibility', { exact: true }).selectOption({ label: 'Drafts only' });
    await expect(page).toHaveURL(`/dashboard/admin/products?category=${other._id}&stock=low&draft=draft`);
    await expect(main.getByText('Showing 2 of 2 products')).toBeVisible();
    await expect(main.getByText('Draft', { exact: true })).toHaveCount(2);
    await main.getByLabel('Visibility', { exact: true }).selectOption({ label: 'Shown in the shop' });
    await expect(main.getByRole('heading', { name: 'No product matches' })).toBeVisible();
    await main.getByLabel('Visibility', { exact: true }).selectOption({ label: 'Drafts only' });
    await expect(main.getByText('Showing 2 of 2 products')).toBeVisible();
    expect(await seriousA11yViolations(page), 'axe on the products list').toEqual([]);
    await page.screenshot({ path: '.tmp/screenshots/admin-products-desktop.png', fullPage: true });
  });
});

test.describe('orders', () => {
  test('the admin sets the status; it stays after a reload and the shopper sees it and the payment', async ({
    page,
    shop,
    request,
    browser,
    baseURL,
  }) => {
    const id = suffix();
    const category = await shop.category(`Orders ${id}`);
    const product = await shop.product(category, { name: `Order Clock ${id}`, quantity: 5 });
    const shopper = await shop.register();
    const placed = await request.post('/api/v1/auth/orders', {
      data: { cart: [{ _id: product._id }] },
      headers: { authorization: shopper.token },
    });
    expect(placed.status(), await placed.text()).toBe(201);

    await signInBrowser(page, await shop.admin());
    const orderId = (await placed.json()).order._id as string;
    await page.goto('/dashboard/admin/orders');
    const status = page.getByRole('combobox', { name: `Status of order #${orderId} by ${shopper.user.name}` });
    await expect(status).toHaveValue('not_processed');
    await expect(status.getByRole('option', { name: 'Not Processed', selected: true })).toHaveCount(1);
    const adminRow = page.getByRole('row').filter({ has: status });
    await expect(adminRow.getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();

    // A change asks first (whom it mails), then offers Undo for a few seconds.
    await status.selectOption({ label: 'Shipped' });
    await page.getByRole('alertdialog', { name: `Mark order #${orderId} Shipped?` }).getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(toast(page, '1 order marked Shipped')).toBeVisible();
    await page.reload();
    await expect(status).toHaveValue('shipped');
    await expect(status.getByRole('option', { name: 'Shipped', selected: true })).toHaveCount(1);

    const context = await browser.newContext({ baseURL });
    try {
      const shopperPage = await context.newPage();
      await signInBrowser(shopperPage, shopper);
      await shopperPage.goto('/dashboard/user/orders');
      const row = shopperPage.getByRole('row').filter({ has: shopperPage.getByRole('cell', { name: shopper.user.name, exact: true }) });
      await expect(row.getByRole('cell', { name: 'Shipped', exact: true })).toBeVisible();
      await expect(row.getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();

      await status.selectOption({ label: 'Delivered' });
      await page.getByRole('alertdialog', { name: `Mark order #${orderId} Delivered?` }).getByRole('button', { name: 'Mark Delivered' }).click();
      await expect(toast(page, '1 order marked Delivered')).toBeVisible();
      await expect(adminRow.getByRole('cell', { name: 'Success', exact: true })).toBeVisible();

      await shopperPage.reload();
      await expect(row.getByRole('cell', { name: 'Delivered', exact: true })).toBeVisible();
      await expect(row.getByRole('cell', { name: 'Success', exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe('users', () => {
  test('lists a new user as Customer and the administrator as Admin', async ({ page, shop }) => {
    const shopper = await shop.register({ phone: '555-0199' });
    await signInBrowser(page, await shop.admin());
    await page.goto('/dashboard/admin/users');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();

    /** Page through with Next until the user's row shows. */
    const findRow = async (email: string) => {
      const row = main.getByRole('row').filter({ has: page.getByRole('link', { name: email, exact: true }) });
      for (let pageNumber = 1; pageNumber < 50; pageNumber += 1) {
        await expect(main.getByText(/^Showing \d+–\d+ of \d+$/)).toBeVisible();
        await expect(main.getByText(`Page ${pageNumber} of`, { exact: false })).toBeVisible();
        if ((await row.count()) > 0) break;
        const next = main.getByRole('button', { name: /Next/ });
        if ((await next.getAttribute('aria-disabled')) === 'true') break;
        await next.click();
        await expect(main.getByText(new RegExp(`^Showing ${pageNumber * 20 + 1}–\\d+ of \\d+$`))).toBeVisible();
      }
      await expect(row).toHaveCount(1);
      return row;
    };

    const shopperRow = await findRow(shopper.user.email);
    await expect(shopperRow.getByRole('rowheader', { name: shopper.user.name, exact: true })).toBeVisible();
    await expect(shopperRow.getByRole('link', { name: '555-0199' })).toBeVisible();
    await expect(shopperRow.getByRole('cell', { name: 'Customer', exact: true })).toBeVisible();

    const adminRow = await findRow(ADMIN.email);
    await expect(adminRow.getByRole('rowheader', { name: ADMIN.name, exact: true })).toBeVisible();
    await expect(adminRow.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
  });
});

test.describe('access', () => {
  test('a shopper on an admin screen is counted down to the shop and never gets the admin screen', async ({ page, shop }) => {
    const shopper = await shop.register();
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    await signInBrowser(page, shopper);
    await page.goto('/dashboard/admin/products');
    await expect(page.getByText('Redirecting you in 3 seconds')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('button', { name: shopper.user.name, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Products List' })).toHaveCount(0);
    expect(requested.filter((url) => url.includes('/assets/') && url.includes('admin'))).toEqual([]);
    expect(requested.filter((url) => url.includes('/api/v1/product/get-product?'))).toEqual([]);
  });

  test('a guest on an admin screen ends on the login page', async ({ page }) => {
    await page.goto('/dashboard/admin/products');
    await expect(page.getByText(/Redirecting you in \d seconds?/)).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'All Products List' })).toHaveCount(0);
  });

  test('the admin API answers 401 without a token and 403 to a shopper', async ({ request, shop }) => {
    const shopper = await shop.register();
    const photo = await png(BLUE, 32);
    const calls = [
      { label: 'create-category', send: (headers: Record<string, string>) => request.post('/api/v1/category/create-category', { headers, data: { name: `Forbidden ${suffix()}` } }) },
      {
        label: 'create-product',
        send: (headers: Record<string, string>) =>
          request.post('/api/v1/product/create-product', {
            headers,
            multipart: {
              name: `Forbidden ${suffix()}`,
              description: 'Should never be stored.',
              price: '10',
              quantity: '1',
              category: '1',
              shipping: '0',
              photo: { name: 'photo.png', mimeType: 'image/png', buffer: photo },
            },
          }),
      },
      { label: 'order-status', send: (headers: Record<string, string>) => request.put('/api/v1/auth/order-status/1', { headers, data: { status: 'Shipped' } }) },
      { label: 'all-orders', send: (headers: Record<string, string>) => request.get('/api/v1/auth/all-orders', { headers }) },
      { label: 'all-users', send: (headers: Record<string, string>) => request.get('/api/v1/auth/all-users', { headers }) },
    ];
    for (const call of calls) {
      const guest = await call.send({});
      expect(guest.status(), `${call.label} without a token: ${await guest.text()}`).toBe(401);
      expect(await guest.json()).toMatchObject({ success: false });
      const user = await call.send({ authorization: shopper.token });
      expect(user.status(), `${call.label} as a shopper: ${await user.text()}`).toBe(403);
      expect(await user.json()).toMatchObject({ success: false });
    }
  });
});

test.describe('budget', () => {
  test('the storefront never loads the admin chunk; an admin screen does', async ({ page, shop }) => {
    const html = readFileSync(new URL('../../dist/web/index.html', import.meta.url), 'utf8');
    expect(html).toContain('/assets/index-');
    expect(html.toLowerCase()).not.toContain('admin');

    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested.some((url) => url.includes('/assets/'))).toBe(true);
    expect(requested.filter((url) => url.toLowerCase().includes('admin'))).toEqual([]);

    // Even the administrator's storefront does not fetch it, until an admin screen opens.
    await signInBrowser(page, await shop.admin());
    requested.length = 0;
    await page.goto('/');
    await expect(header(page).getByRole('button', { name: ADMIN.name, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => url.toLowerCase().includes('admin'))).toEqual([]);

    await header(page).getByRole('button', { name: ADMIN.name, exact: true }).click();
    await header(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    expect(requested.some((url) => url.includes('/assets/') && url.toLowerCase().includes('admin'))).toBe(true);
  });
});
