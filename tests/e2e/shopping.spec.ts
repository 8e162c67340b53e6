import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Product } from '../../src/contract/product.ts';
import { expect, seriousA11yViolations, signInBrowser, test } from './fixtures.ts';

/** A suffix no other test (nor a second run on the same database) shares. */
const suffix = () => `${Date.now()}-${randomBytes(3).toString('hex')}`;
/** A word made of letters only, so the search index keeps it as one word. */
const uniqueWord = () => `zq${Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

const cartBadge = (page: Page) => page.getByTestId('cart-count');
const card = (page: Page, product: Product) => page.getByRole('article', { name: product.name, exact: true });
const addToCartOn = (page: Page, product: Product) => card(page, product).getByRole('button', { name: /ADD TO CART/ });

test.describe('home: filters and load more', () => {
  test('filters by category (checkbox) and price band (radio); RESET FILTERS shows the unfiltered list', async ({ page, shop }) => {
    const id = suffix();
    const lamps = await shop.category(`Lamps ${id}`);
    const rugs = await shop.category(`Rugs ${id}`);
    const cheapLamp = await shop.product(lamps, { name: `Cheap Lamp ${id}`, price: 15 });
    const midLamp = await shop.product(lamps, { name: `Mid Lamp ${id}`, price: 45 });
    const dearLamp = await shop.product(lamps, { name: `Dear Lamp ${id}`, price: 120 });
    const midRug = await shop.product(rugs, { name: `Mid Rug ${id}`, price: 59.99 });

    await page.goto('/');
    const list = page.getByRole('region', { name: 'All Products' });
    const lampsBox = page.getByRole('checkbox', { name: lamps.name, exact: true });
    const rugsBox = page.getByRole('checkbox', { name: rugs.name, exact: true });
    const band = page.getByRole('radio', { name: '$40 to 59', exact: true });

    await lampsBox.check();
    await expect(list.getByRole('article')).toHaveCount(3);
    await expect(card(page, cheapLamp)).toBeVisible();
    await expect(card(page, midLamp)).toBeVisible();
    await expect(card(page, dearLamp)).toBeVisible();
    await expect(card(page, midRug)).toHaveCount(0);
    await expect(list.getByText('Showing 3 of 3')).toBeVisible();

    await band.check();
    await expect(list.getByRole('article')).toHaveCount(1);
    await expect(card(page, midLamp)).toBeVisible();
    await expect(card(page, midLamp)).toContainText('$45.00');

    // Two categories and the band: the $59.99 rug is in '$40 to 59' too.
    await rugsBox.check();
    await expect(list.getByRole('article')).toHaveCount(2);
    await expect(card(page, midLamp)).toBeVisible();
    await expect(card(page, midRug)).toBeVisible();
    await expect(card(page, cheapLamp)).toHaveCount(0);
    await expect(card(page, dearLamp)).toHaveCount(0);

    await page.getByRole('button', { name: 'RESET FILTERS' }).click();
    await expect(lampsBox).not.toBeChecked();
    await expect(rugsBox).not.toBeChecked();
    await expect(band).not.toBeChecked();
    // Unfiltered: the newest page of the whole shop, which holds at least this test's 4 products.
    await expect.poll(() => list.getByRole('article').count()).toBeGreaterThanOrEqual(4);
    await expect(list.getByText(/^Showing \d+ of \d+$/)).not.toHaveText('Showing 2 of 2');
  });

  test('filters and sort live in the address: reload, back and a shared link keep them; chips remove themselves', async ({ page, shop }) => {
    const id = suffix();
    const lamps = await shop.category(`Lamps ${id}`);
    const rugs = await shop.category(`Rugs ${id}`);
    await shop.product(lamps, { name: `Cheap Lamp ${id}`, price: 15 });
    const midLamp = await shop.product(lamps, { name: `Mid Lamp ${id}`, price: 45 });
    const midRug = await shop.product(rugs, { name: `Mid Rug ${id}`, price: 59.99 });
    const plainRug = await shop.product(rugs, { name: `Plain Rug ${id}`, price: 41 });

    await page.goto('/');
    const list = page.getByRole('region', { name: 'All Products' });
    const names = () => list.getByRole('article').evaluateAll((cards) => cards.map((card) => card.querySelector('h2')?.textContent));
    await page.getByRole('checkbox', { name: rugs.name, exact: true }).check();
    await expect(page).toHaveURL(new RegExp(`[?&]category=${rugs.slug}(&|$)`));
    await page.getByRole('radio', { name: '$40 to 59', exact: true }).check();
    await expect(page).toHaveURL(/price=40-59/);
    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect.poll(names).toEqual([plainRug.name, midRug.name]);
    await expect(list.getByText(`${rugs.name}, $40 to 59, price, low to high: 2 products`)).toBeVisible();

    // A reload and a shared link show the same list.
    await page.reload();
    await expect.poll(names).toEqual([plainRug.name, midRug.name]);
    await expect(page.getByRole('checkbox', { name: rugs.name, exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: '$40 to 59', exact: true })).toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    const shared = await page.context().newPage();
    await shared.goto(page.url());
    await expect
      .poll(() => shared.getByRole('region', { name: 'All Products' }).getByRole('article').evaluateAll((cards) => cards.map((card) => card.querySelector('h2')?.textContent)))
      .toEqual([plainRug.name, midRug.name]);
    await shared.close();

    // Back steps through the changes: the sort goes, then the band.
    await page.goBack();
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    await expect.poll(names).toEqual([plainRug.name, midRug.name]);
    await page.goBack();
    await expect(page.getByRole('radio', { name: '$40 to 59', exact: true })).not.toBeChecked();
    await expect(page).not.toHaveURL(/price=/);

    // Chips: the category's chip removes it; with lamps and the band chosen, the band's chip removes the band.
    await page.getByRole('checkbox', { name: lamps.name, exact: true }).check();
    await page.getByRole('radio', { name: '$40 to 59', exact: true }).check();
    await expect.poll(names).toEqual([plainRug.name, midRug.name, midLamp.name]);
    await page.getByRole('button', { name: `Remove filter: ${rugs.name}` }).click();
    await expect.poll(names).toEqual([midLamp.name]);
    await expect(page.getByRole('checkbox', { name: rugs.name, exact: true })).not.toBeChecked();
    await page.getByRole('button', { name: 'Remove filter: $40 to 59' }).click();
    await expect(list.getByRole('article')).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`/\\?category=${lamps.slug}$`));
  });

  test('on a phone the filters open as a sheet, closed by "Show N results"', async ({ page, shop }) => {
    const id = suffix();
    const vases = await shop.category(`Vases ${id}`);
    for (const n of [1, 2, 3]) await shop.product(vases, { name: `Vase ${n} ${id}` });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const sheet = page.locator('#filters-body');
    await expect(sheet).toBeHidden();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(sheet).toBeVisible();
    await sheet.getByRole('checkbox', { name: vases.name, exact: true }).check();
    const show = sheet.getByRole('button', { name: 'Show 3 results' });
    await expect(show).toBeVisible();
    await show.click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeFocused();
    await expect(page.getByRole('region', { name: 'All Products' }).getByRole('article')).toHaveCount(3);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('load more: 13 products of a category show 12 then 13, on Home and on the category page', async ({ page, shop }) => {
    const id = suffix();
    const category = await shop.category(`Mugs ${id}`);
    const made: Product[] = [];
    for (let index = 1; index <= 13; index += 1) {
      made.push(await shop.product(category, { name: `Mug ${index} ${id}`, price: 10 + index }));
    }

    await page.goto('/');
    const list = page.getByRole('region', { name: 'All Products' });
    await page.getByRole('checkbox', { name: category.name, exact: true }).check();
    await expect(list.getByRole('article')).toHaveCount(12);
    await expect(list.getByText('Showing 12 of 13')).toBeVisible();
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.click();
    await expect(list.getByRole('article')).toHaveCount(13);
    await expect(loadMore).toHaveCount(0);
    for (const product of made) await expect(card(page, product)).toHaveCount(1);

    await page.goto(`/category/${category.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: `Category - ${category.name}` })).toBeVisible();
    await expect(page.getByText('13 results found')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('article')).toHaveCount(12);
    await loadMore.click();
    await expect(main.getByRole('article')).toHaveCount(13);
    await expect(loadMore).toHaveCount(0);
  });
});

test.describe('search', () => {
  test('finds a word in one name and another description; no match; More Details then ADD TO CART', async ({ page, shop }) => {
    const id = suffix();
    const word = uniqueWord();
    const category = await shop.category(`Search ${id}`);
    const byName = await shop.product(category, { name: `Lantern ${word} ${id}`, description: 'A lantern for the garden.' });
    const byDescription = await shop.product(category, {
      name: `Candle ${id}`,
      description: `A scented candle with notes of ${word} and cedar.`,
    });
    await shop.product(category, { name: `Unrelated ${id}`, description: 'Nothing to see here.' });

    await page.goto('/');
    const search = page.getByRole('search');
    await search.getByRole('combobox', { name: 'Search products' }).fill(word);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(`/search?keyword=${word}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
    await expect(page.getByText('Found 2', { exact: true })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('article')).toHaveCount(2);
    await expect(card(page, byName)).toBeVisible();
    await expect(card(page, byDescription)).toBeVisible();

    const nothing = uniqueWord();
    await search.getByRole('combobox', { name: 'Search products' }).fill(nothing);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(`/search?keyword=${nothing}`);
    await expect(page.getByText('No Products Found', { exact: true })).toBeVisible();
    await expect(main.getByRole('article')).toHaveCount(0);

    await page.goBack();
    await expect(page.getByText('Found 2', { exact: true })).toBeVisible();
    await expect(cartBadge(page)).toHaveText('0');
    // decisions.md: on the search results the buttons work as everywhere else.
    await addToCartOn(page, byName).click();
    await expect(page.getByText('Item Added to cart')).toBeVisible();
    await expect(cartBadge(page)).toHaveText('1');
    await card(page, byDescription).getByRole('link', { name: /More Details/ }).click();
    await expect(page).toHaveURL(`/product/${byDescription.slug}`);
    const details = page.getByRole('article', { name: byDescription.name, exact: true });
    await expect(details.getByRole('heading', { level: 1, name: byDescription.name })).toBeVisible();
    await details.getByRole('button', { name: /ADD TO CART/ }).click();
    await expect(cartBadge(page)).toHaveText('2');
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]') as { _id: string }[]);
    expect(stored.map((entry) => entry._id)).toEqual([byName._id, byDescription._id]);
  });

  test('suggests categories and products while typing; arrows and Enter choose one, Escape closes', async ({ page, shop }) => {
    const word = uniqueWord();
    const category = await shop.category(`Teapots ${word}`);
    const pot = await shop.product(category, { name: `Iron ${word} Teapot` });
    await page.goto('/');
    const box = page.getByRole('search').getByRole('combobox', { name: 'Search products' });
    await box.fill(word.slice(0, 8));
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list.getByRole('option')).toHaveCount(2);
    await expect(list.getByRole('option').nth(0)).toContainText(category.name);
    await expect(list.getByRole('option').nth(1)).toContainText(pot.name);
    await expect(box).toHaveAttribute('aria-expanded', 'true');

    await box.press('Escape');
    await expect(list).toBeHidden();
    await box.press('ArrowDown');
    await expect(list).toBeVisible();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(list.getByRole('option', { selected: true })).toContainText(pot.name);
    await expect(box).toHaveAttribute('aria-activedescendant', (await list.getByRole('option').nth(1).getAttribute('id')) ?? '');
    await box.press('Enter');
    await expect(page).toHaveURL(`/product/${pot.slug}`);
    await expect(list).toBeHidden();

    // Enter without choosing a suggestion searches for the typed words.
    await box.fill(word);
    await expect(list.getByRole('option')).toHaveCount(2);
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?keyword=${word}`);
  });

  test('forgives a typo and says so; finds products by their category name', async ({ page, shop }) => {
    const id = suffix();
    // Two different letters to swap (a random word has equal neighbours there one time in 26, whose "typo" is the word).
    let word = uniqueWord();
    while (word[5] === word[6]) word = uniqueWord();
    const category = await shop.category(`Kettles ${word}`);
    const kettle = await shop.product(category, { name: `Copper ${word} ${id}`, description: 'Boils water on any hob.' });
    const plain = await shop.product(category, { name: `Plain Pot ${id}`, description: 'A pot for the stove.' });
    // One typo: two neighbouring letters swapped in the middle of the word.
    const typo = `${word.slice(0, 5)}${word[6]}${word[5]}${word.slice(7)}`;

    await page.goto(`/search?keyword=${typo}`);
    await expect(page.getByText(`Showing results for ${word}; nothing matched ${typo}`)).toBeVisible();
    const main = page.getByRole('main');
    // The product naming the word first; the other product of the category (whose name has it) after it.
    await expect(main.getByRole('article')).toHaveCount(2);
    await expect(main.getByRole('article').first()).toHaveAccessibleName(kettle.name);
    await expect(card(page, plain)).toBeVisible();

    await page.goto(`/search?keyword=${word}`);
    await expect(page.getByText('Found 2', { exact: true })).toBeVisible();
    await expect(page.getByText(/Showing results for/)).toHaveCount(0);
  });
});

test.describe('product details', () => {
  test('shows the product, its category and similar products (not itself)', async ({ page, shop }) => {
    const id = suffix();
    const category = await shop.category(`Chairs ${id}`);
    const product = await shop.product(category, {
      name: `Oak Chair ${id}`,
      price: 149.5,
      description: 'A solid oak chair with a woven seat, finished by hand in a small workshop.',
    });
    const sibling = await shop.product(category, {
      name: `Pine Stool ${id}`,
      price: 39,
      description: 'A light pine stool that stacks neatly, with rounded edges and a waxed finish for years of use.',
    });

    await page.goto(`/product/${product.slug}`);
    const details = page.getByRole('article', { name: product.name, exact: true });
    await expect(details.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(details.getByText('$149.50', { exact: true })).toBeVisible();
    await expect(details.getByText(product.description, { exact: true })).toBeVisible();
    await expect(details.getByRole('link', { name: category.name, exact: true })).toHaveAttribute('href', `/category/${category.slug}`);
    await expect(details.getByRole('button', { name: /ADD TO CART/ })).toBeEnabled();

    const similar = page.getByRole('region', { name: 'Similar Products' });
    await expect(similar.getByRole('heading', { name: 'Similar Products' })).toBeVisible();
    const siblingCard = similar.getByRole('article', { name: sibling.name, exact: true });
    await expect(siblingCard).toBeVisible();
    await expect(siblingCard).toContainText('$39.00');
    await expect(siblingCard.getByText(`${sibling.description.slice(0, 60)}...`, { exact: true })).toBeVisible();
    await expect(similar.getByRole('article', { name: product.name })).toHaveCount(0);
    await expect(similar.getByRole('article')).toHaveCount(1);

    await siblingCard.getByRole('link', { name: /More Details/ }).click();
    await expect(page).toHaveURL(`/product/${sibling.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: sibling.name })).toBeVisible();
    await expect(similar.getByRole('article', { name: product.name, exact: true })).toBeVisible();
  });

  test('a product alone in its category has no similar products; an unknown slug is not found', async ({ page, shop }) => {
    const id = suffix();
    const category = await shop.category(`Solo ${id}`);
    const product = await shop.product(category, { name: `Lonely Vase ${id}` });

    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText('No Similar Products found')).toBeVisible();

    const missing = await page.goto(`/product/no-such-product-${id}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: /ADD TO CART/ })).toHaveCount(0);
    await expect(page).toHaveTitle(/Product not found/);

    // An address the shop has no page for: the not-found page, with the status that says so.
    const unknown = await page.goto(`/no-such-page-${id}`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: /Page Not Found/ })).toBeVisible();
  });

  test('a sold-out product says so on its card and on its page, and cannot be added to the cart', async ({ page, shop }) => {
    const id = suffix();
    const category = await shop.category(`Sold ${id}`);
    const gone = await shop.product(category, { name: `Gone Kettle ${id}`, quantity: 0 });
    const there = await shop.product(category, { name: `Kept Kettle ${id}`, quantity: 3 });

    await page.goto(`/category/${category.slug}`);
    await expect(card(page, gone).getByText('Sold out', { exact: true })).toBeVisible();
    await expect(addToCartOn(page, gone)).toBeDisabled();
    await expect(card(page, there).getByText('Sold out', { exact: true })).toHaveCount(0);
    await addToCartOn(page, there).click();
    await expect(cartBadge(page)).toHaveText('1');

    await page.goto(`/product/${gone.slug}`);
    const details = page.getByRole('article', { name: gone.name, exact: true });
    await expect(details.getByText('Sold out', { exact: true })).toBeVisible();
    await expect(details.getByRole('button', { name: /ADD TO CART/ })).toBeDisabled();
  });
});

test.describe('categories', () => {
  test('the header dropdown works with the keyboard and lists the categories', async ({ page, shop }) => {
    const category = await shop.category(`Kitchen ${suffix()}`);
    await page.goto('/');
    const header = page.getByRole('banner');
    const button = header.getByRole('button', { name: 'Categories' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(header.getByRole('link', { name: 'All Categories' })).toBeFocused();
    const link = header.getByRole('link', { name: category.name, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `/category/${category.slug}`);

    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expect(link).toHaveCount(0);

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'All Categories' })).toBeVisible();
  });

  test('/categories links to /category/{slug} showing the category name', async ({ page, shop }) => {
    const category = await shop.category(`Garden ${suffix()}`);
    await shop.product(category, { name: `Trowel ${suffix()}` });
    await page.goto('/categories');
    const link = page.getByRole('main').getByRole('link', { name: category.name, exact: true });
    await expect(link).toHaveAttribute('href', `/category/${category.slug}`);
    await link.click();
    await expect(page).toHaveURL(`/category/${category.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: `Category - ${category.name}` })).toBeVisible();
    await expect(page.getByText('1 result found')).toBeVisible();
  });
});

test.describe('cart', () => {
  test('adds, removes one line, survives a reload; a guest logs in and comes back to the cart', async ({ page, shop }) => {
    const id = suffix();
    const category = await shop.category(`Cart ${id}`);
    const teapot = await shop.product(category, { name: `Teapot ${id}`, price: 12.5 });
    const kettle = await shop.product(category, { name: `Kettle ${id}`, price: 30.25 });
    const shopper = await shop.register();

    await page.goto(`/category/${category.slug}`);
    await expect(cartBadge(page)).toHaveText('0');
    await addToCartOn(page, teapot).click();
    await expect(cartBadge(page)).toHaveText('1');
    await addToCartOn(page, teapot).click();
    await expect(cartBadge(page)).toHaveText('2');
    await addToCartOn(page, kettle).click();
    await expect(cartBadge(page)).toHaveText('3');

    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello Guest' })).toBeVisible();
    // The server's cart groups a product's units in one line with its quantity.
    const lines = page.getByRole('region', { name: 'Items in your cart' }).getByRole('article');
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: teapot.name }).getByRole('group', { name: `Quantity of ${teapot.name}` })).toContainText('2');
    await expect(lines.filter({ hasText: kettle.name })).toHaveCount(1);
    const summary = page.getByRole('complementary', { name: 'Cart Summary' });
    await expect(summary).toContainText('$55.25');

    await page.getByRole('button', { name: `One fewer ${teapot.name}` }).click();
    await expect(cartBadge(page)).toHaveText('2');
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: teapot.name })).toHaveCount(1);
    await expect(lines.filter({ hasText: kettle.name })).toHaveCount(1);
    await expect(summary).toContainText('$42.75');

    await page.reload();
    await expect(cartBadge(page)).toHaveText('2');
    await expect(lines).toHaveCount(2);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]') as { _id: string }[]);
    expect(stored.map((entry) => entry._id).sort()).toEqual([teapot._id, kettle._id].sort());
    await expect(page.getByText('You Have 2 items in your cart please login to checkout !', { exact: true })).toBeVisible();

    await summary.getByRole('button', { name: 'Please Login to checkout' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email', { exact: true }).fill(shopper.user.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { level: 1, name: `Hello ${shopper.user.name}` })).toBeVisible();
    await expect(page.getByText('You Have 2 items in your cart', { exact: true })).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Order Now' })).toBeVisible();
    await expect(cartBadge(page)).toHaveText('2');
  });
});

test.describe('checkout', () => {
  test('Order Now places the order, empties the cart and takes the stock', async ({ page, shop }) => {
    const id = suffix();
    const category = await shop.category(`Checkout ${id}`);
    const product = await shop.product(category, { name: `Stock Pot ${id}`, price: 22, quantity: 5 });
    const shopper = await shop.register();
    await signInBrowser(page, shopper);

    await page.goto(`/product/${product.slug}`);
    const details = page.getByRole('article', { name: product.name, exact: true });
    await expect(details.getByText('Only 5 left')).toBeVisible();
    const add = details.getByRole('button', { name: /ADD TO CART/ });
    await add.click();
    await expect(cartBadge(page)).toHaveText('1');
    await add.click();
    await expect(cartBadge(page)).toHaveText('2');

    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
    await expect(page.getByText('You Have 2 items in your cart', { exact: true })).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Cart Summary' });
    await expect(summary).toContainText('$44.00');
    await expect(summary).toContainText(shopper.user.address);
    await summary.getByRole('button', { name: 'Order Now' }).click();

    await expect(page).toHaveURL('/dashboard/user/orders');
    await expect(cartBadge(page)).toHaveText('0');
    const order = page.getByRole('article', { name: 'Order 1' });
    await expect(order.getByRole('cell', { name: 'Not Processed', exact: true })).toBeVisible();
    await expect(order.getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();
    await expect(order.getByRole('cell', { name: shopper.user.name, exact: true })).toBeVisible();
    await expect(order.getByRole('cell', { name: '2', exact: true })).toBeVisible();
    await expect(order.getByRole('link', { name: product.name, exact: true })).toBeVisible();
    await expect(order).toContainText('$44.00');
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]') as unknown[])).toEqual([]);

    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('article', { name: product.name, exact: true }).getByText('Only 3 left')).toBeVisible();
  });

  test('more than the stock: ADD TO CART says so; a line sold out meanwhile is marked and cannot be ordered', async ({ page, shop, request }) => {
    const id = suffix();
    const category = await shop.category(`Scarce ${id}`);
    const product = await shop.product(category, { name: `Last Vase ${id}`, price: 80, quantity: 1 });
    const shopper = await shop.register();
    await signInBrowser(page, shopper);

    await page.goto(`/category/${category.slug}`);
    await addToCartOn(page, product).click();
    await expect(cartBadge(page)).toHaveText('1');
    // The server's cart holds no more than the stock: the second is refused with its reason.
    await addToCartOn(page, product).click();
    await expect(page.getByRole('status').filter({ hasText: 'only 1 of' })).toBeVisible();
    await expect(cartBadge(page)).toHaveText('1');

    // Someone else buys the last one.
    const other = await shop.register();
    const bought = await request.post('/api/v1/auth/orders', { data: { cart: [{ _id: product._id }] }, headers: { authorization: other.token } });
    expect(bought.status()).toBe(201);

    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
    await expect(page).toHaveURL('/cart');
    const line = page.getByRole('region', { name: 'Items in your cart' }).getByRole('article');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('Sold out');
    await expect(page.getByRole('button', { name: 'Order Now' })).toBeDisabled();
    await page.getByRole('button', { name: `Remove ${product.name} from cart` }).click();
    await expect(cartBadge(page)).toHaveText('0');
    await expect(page.getByText('Your Cart Is Empty', { exact: true })).toBeVisible();
  });
});
