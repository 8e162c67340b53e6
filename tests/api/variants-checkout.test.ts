import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderItems, orders, products, productVariants, refunds } from '../../src/server/db/schema.ts';
import { combinations } from '../../src/domain/variants.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser, multipart, pngImage } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const P = '/api/v1/product';
const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Red', 'Blue'];

describe('checkout per variant', () => {
  let t: TestApp;
  let admin: MadeUser;
  let categoryId: number;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db);
    categoryId = (await makeCategory(t.database.db)).id;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  interface Variant {
    _id: string;
    sku: string | null;
    price: number;
    quantity: number;
    options: string[];
    photos: string[];
  }

  /** A Size x Colour tee made through the API: price by size, `stock(size, colour)` units each. */
  async function makeTee(name: string, stock: (size: string, colour: string) => number, photos = false) {
    const product = await makeProduct(t.database.db, { categoryId, name, price: 1, quantity: 0 });
    const photoIds: Record<string, string> = {};
    if (photos) {
      for (const [colour, hex] of [['Red', '#cc2222'], ['Blue', '#2244cc']] as const) {
        const form = await multipart({ alt: colour }, { field: 'photo', data: await pngImage(hex), filename: 'p.png', type: 'image/png' });
        const added = await call(t.app, 'POST', `${P}/product-photos/${product.id}`, { token: admin.token, headers: form.headers, body: form.payload });
        expect(added.statusCode, added.body).toBe(201);
        photoIds[colour] = (added.json().photos as { _id: string }[]).at(-1)?._id ?? '';
      }
    }
    const options = [
      { name: 'Size', values: SIZES },
      { name: 'Colour', values: COLOURS },
    ];
    const res = await call(t.app, 'PUT', `${P}/product-variants/${product.id}`, {
      token: admin.token,
      body: {
        options,
        variants: combinations(options).map(([size = '', colour = '']) => ({
          sku: `${name}-${size}-${colour}`.toUpperCase().replaceAll(' ', '-'),
          price: 10 + SIZES.indexOf(size) * 2.5,
          quantity: stock(size, colour),
          options: [size, colour],
          ...(photos ? { photos: [photoIds[colour]] } : {}),
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const variants = res.json().variants as Variant[];
    const variant = (size: string, colour: string) => variants.find((v) => v.options[0] === size && v.options[1] === colour) as Variant;
    return { product, variant, photoIds };
  }

  async function stocks(productId: number) {
    const rows = await t.database.db
      .select({ id: productVariants.id, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position), asc(productVariants.id));
    const [product] = await t.database.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
    return { variants: Object.fromEntries(rows.map((row) => [String(row.id), row.stock])), quantity: product?.quantity ?? -1 };
  }
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

  const checkout = (buyer: MadeUser, cart: unknown[]) => call(t.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart } });
  const setStatus = (orderId: string, status: string) =>
    call(t.app, 'PUT', `/api/v1/auth/order-status/${orderId}`, { token: admin.token, body: { status } });

  it('30 concurrent buyers of the last 10 units of one variant: exactly 10 sold, the others refused by name', async () => {
    const { product, variant } = await makeTee('Race Tee', (size, colour) => (size === 'M' && colour === 'Blue' ? 10 : 3));
    const mBlue = variant('M', 'Blue');
    const buyers = await Promise.all(Array.from({ length: 30 }, () => makeUser(t.database.db)));
    const answers = await Promise.all(
      buyers.map((buyer) =>
        fetch(`${baseUrl}/api/v1/auth/orders`, {
          method: 'POST',
          headers: { authorization: buyer.token, 'content-type': 'application/json' },
          body: JSON.stringify({ cart: [{ _id: String(product.id), variant: mBlue._id }] }),
        }).then(async (answer) => ({ status: answer.status, body: (await answer.json()) as { message: string } })),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer).toEqual({ status: 409, body: { success: false, message: 'Not enough stock: Race Tee — M / Blue (sold out)' } });
    }
    const after = await stocks(product.id);
    expect(after.variants[mBlue._id]).toBe(0);
    // The other variants are untouched, and the product's quantity is their sum.
    expect(Object.entries(after.variants).filter(([id]) => id !== mBlue._id).map(([, stock]) => stock)).toEqual([3, 3, 3, 3, 3]);
    expect(after.quantity).toBe(15);
    expect(after.quantity).toBe(sum(after.variants));
    const sold = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.buyerId, buyers[0]?.id ?? 0));
    expect(sold.length).toBeLessThanOrEqual(1);
  });

  it('order lines keep the variant, its SKU, its values and photo; each variant loses its own units', async () => {
    const { product, variant, photoIds } = await makeTee('Line Tee', () => 5, true);
    const plain = await makeProduct(t.database.db, { categoryId, name: 'Line Mug', price: 4, quantity: 3 });
    const buyer = await makeUser(t.database.db);
    const mBlue = variant('M', 'Blue');
    const lRed = variant('L', 'Red');
    const res = await checkout(buyer, [
      { _id: String(product.id), variant: mBlue._id },
      { _id: String(plain.id) },
      // The web cart keeps the chosen variant as an object.
      { _id: String(product.id), variant: { _id: lRed._id, title: 'L / Red' } },
      { _id: String(product.id), variant: mBlue._id },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    const line = (v: Variant, title: string, price: number) => ({
      _id: String(product.id),
      name: 'Line Tee',
      slug: product.slug,
      description: product.description,
      price,
      variant: { _id: v._id, title, sku: v.sku, photo: v.options[1] === 'Red' ? photoIds.Red : photoIds.Blue },
    });
    const mug = { _id: String(plain.id), name: 'Line Mug', slug: plain.slug, description: plain.description, price: 4 };
    expect(order.products).toEqual([line(mBlue, 'M / Blue', 12.5), line(mBlue, 'M / Blue', 12.5), line(lRed, 'L / Red', 15), mug]);
    expect(order.total).toBe(44);
    expect(lRed.sku).toBe('LINE-TEE-L-RED');
    const after = await stocks(product.id);
    expect(after.variants[mBlue._id]).toBe(3);
    expect(after.variants[lRed._id]).toBe(4);
    expect(after.quantity).toBe(27);
    expect(after.quantity).toBe(sum(after.variants));
    expect((await stocks(plain.id)).quantity).toBe(2);

    // The confirmation mail and the orders CSV name the variants (the CSV with their SKUs).
    const [mail] = await t.database.db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.toAddress, buyer.email));
    expect(mail?.text).toContain('Line Tee — M / Blue');
    expect(mail?.text).toContain('Line Tee — L / Red');
    const csv = parse((await call(t.app, 'GET', '/api/v1/admin/orders.csv', { token: admin.token })).body, { bom: true, columns: true }) as Record<string, string>[];
    expect(
      csv.filter((row) => row.order === order._id).map((row) => [row.product, row.sku, row.quantity, row.unit_price]),
    ).toEqual([
      ['Line Tee — M / Blue', 'LINE-TEE-M-BLUE', '2', '12.50'],
      ['Line Tee — L / Red', 'LINE-TEE-L-RED', '1', '15.00'],
      ['Line Mug', '', '1', '4.00'],
    ]);

    // Later edits of the product do not change the order: a new SKU, new values, the photo unlinked.
    const grid = await call(t.app, 'PUT', `${P}/product-variants/${product.id}`, {
      token: admin.token,
      body: {
        options: [{ name: 'Size', values: ['Medium'] }],
        variants: [{ _id: mBlue._id, sku: 'RENAMED', price: 99, quantity: 1, options: ['Medium'] }],
      },
    });
    expect(grid.statusCode, grid.body).toBe(200);
    const again = await call(t.app, 'GET', `/api/v1/auth/order/${order._id}`, { token: admin.token });
    expect(again.json().order.products).toEqual(order.products);
  });

  it('an entry naming only the product takes its first variant in stock, as the specification has it', async () => {
    const { product, variant } = await makeTee('Spec Tee', (size, colour) => (size === 'S' && colour === 'Red' ? 0 : size === 'S' ? 2 : 1));
    const buyer = await makeUser(t.database.db);
    const sBlue = variant('S', 'Blue');
    const mRed = variant('M', 'Red');
    const res = await checkout(buyer, [{ _id: String(product.id) }, { _id: String(product.id) }, { _id: String(product.id) }]);
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().order.products as { price: number; variant: { _id: string; title: string } }[];
    expect(lines.map((entry) => [entry.variant.title, entry.price])).toEqual([
      ['S / Blue', 10],
      ['S / Blue', 10],
      ['M / Red', 12.5],
    ]);
    const after = await stocks(product.id);
    expect([after.variants[sBlue._id], after.variants[mRed._id], after.quantity]).toEqual([0, 0, 3]);

    // More than the product has in all: refused naming the product, nothing taken.
    const short = await checkout(buyer, Array.from({ length: 4 }, () => ({ _id: String(product.id) })));
    expect(short.json()).toEqual({ success: false, message: 'Not enough stock: Spec Tee (only 3 left)' });
    expect(short.statusCode).toBe(409);
    // A named variant short of stock, and the same product unnamed: both named in the message.
    const both = await checkout(buyer, [
      { _id: String(product.id), variant: mRed._id },
      ...Array.from({ length: 4 }, () => ({ _id: String(product.id) })),
    ]);
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toBe('Not enough stock: Spec Tee — M / Red (sold out), Spec Tee (only 3 left)');
    expect(await stocks(product.id)).toEqual(after);
  });

  it('entries naming only the product fill its variants in order after the named ones took theirs; lines follow the cart by product', async () => {
    // In variant order: S / Red 2, S / Blue 0 (not in stock), M / Red 3, M / Blue 1, L / Red 4, L / Blue 2.
    const stockOf: Record<string, number> = { 'S Red': 2, 'S Blue': 0, 'M Red': 3, 'M Blue': 1, 'L Red': 4, 'L Blue': 2 };
    const { product, variant } = await makeTee('Fill Tee', (size, colour) => stockOf[`${size} ${colour}`] ?? -1);
    const mug = await makeProduct(t.database.db, { categoryId, name: 'Fill Mug', price: 4, quantity: 5 });
    const cup = await makeProduct(t.database.db, { categoryId, name: 'Fill Cup', price: 3, quantity: 5 });
    const buyer = await makeUser(t.database.db);
    const [sRed, sBlue, mRed, mBlue, lRed, lBlue] = [variant('S', 'Red'), variant('S', 'Blue'), variant('M', 'Red'), variant('M', 'Blue'), variant('L', 'Red'), variant('L', 'Blue')];
    const tee = (v?: Variant) => ({ _id: String(product.id), ...(v ? { variant: v._id } : {}) });
    const res = await checkout(buyer, [
      { _id: String(mug.id) },
      tee(mBlue),
      { _id: String(cup.id) },
      ...Array.from({ length: 6 }, () => tee()),
      tee(mRed),
      { _id: String(mug.id) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = Number(res.json().order._id);
    // The named M / Blue takes its only unit and M / Red one of 3; the 6 unnamed units take S / Red's 2, M / Red's 2
    // left (joining its line), skip M / Blue (none left after the named unit) and take 2 of L / Red's 4; L / Blue
    // gets no line. The mug (first in the cart) comes first, the tee's lines next (named first), the cup last.
    const lines = await t.database.db
      .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const mugVariant = Number(Object.keys((await stocks(mug.id)).variants)[0]);
    const cupVariant = Number(Object.keys((await stocks(cup.id)).variants)[0]);
    expect(lines).toEqual([
      { productId: mug.id, variantId: mugVariant, quantity: 2 },
      { productId: product.id, variantId: Number(mBlue._id), quantity: 1 },
      { productId: product.id, variantId: Number(mRed._id), quantity: 3 },
      { productId: product.id, variantId: Number(sRed._id), quantity: 2 },
      { productId: product.id, variantId: Number(lRed._id), quantity: 2 },
      { productId: cup.id, variantId: cupVariant, quantity: 1 },
    ]);
    const after = await stocks(product.id);
    expect([sRed, sBlue, mRed, mBlue, lRed, lBlue].map((v) => after.variants[v._id])).toEqual([0, 0, 0, 0, 2, 2]);
    expect(after.quantity).toBe(4);
    // The confirmation mail lists the same lines in the same order.
    const [mail] = await t.database.db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.toAddress, buyer.email));
    expect(mail?.text).toContain(
      [
        '  2 × Fill Mug — $8.00',
        '  1 × Fill Tee — M / Blue — $12.50',
        '  3 × Fill Tee — M / Red — $37.50',
        '  2 × Fill Tee — S / Red — $20.00',
        '  2 × Fill Tee — L / Red — $30.00',
        '  1 × Fill Cup — $3.00',
        '  Total: $111.00',
      ].join('\n'),
    );
  });

  it('short of stock: the message counts the units of a product its named entries left, per product, and says sold out at none', async () => {
    // S / Red 2, S / Blue 1, M / Red 0, M / Blue 3, L / Red 0, L / Blue 0: 6 units. The cap has 5.
    const stockOf: Record<string, number> = { 'S Red': 2, 'S Blue': 1, 'M Blue': 3 };
    const { product, variant } = await makeTee('Short Tee', (size, colour) => stockOf[`${size} ${colour}`] ?? 0);
    const cap = await makeProduct(t.database.db, { categoryId, name: 'Short Cap', price: 4, quantity: 5 });
    const buyer = await makeUser(t.database.db);
    const [sRed, sBlue, mRed, mBlue] = [variant('S', 'Red'), variant('S', 'Blue'), variant('M', 'Red'), variant('M', 'Blue')];
    const tee = (v?: Variant) => ({ _id: String(product.id), ...(v ? { variant: v._id } : {}) });
    const before = await snapshotDatabase(t.database.db);
    // Three named S / Red (2 in stock) leave it none: the 5 unnamed find S / Blue's 1 and M / Blue's 3, 4 in all;
    // the cap, unnamed too, has enough and is not named (nor counted with the tee).
    const short = await checkout(buyer, [tee(sRed), tee(sRed), tee(sRed), tee(mRed), ...Array.from({ length: 5 }, () => tee()), { _id: String(cap.id) }]);
    expect(short.json()).toEqual({
      success: false,
      message: 'Not enough stock: Short Tee — S / Red (only 2 left), Short Tee — M / Red (sold out), Short Tee (only 4 left)',
    });
    expect(short.statusCode).toBe(409);
    // Every unit in stock named: one more unnamed is sold out.
    const none = await checkout(buyer, [tee(sRed), tee(sRed), tee(sBlue), tee(mBlue), tee(mBlue), tee(mBlue), tee()]);
    expect(none.json()).toEqual({ success: false, message: 'Not enough stock: Short Tee (sold out)' });
    expect(none.statusCode).toBe(409);
    // Two products short at once: a named variant, then each product's unnamed units with its own count, in the cart's
    // order (S / Blue, named twice, has 1: none of it counts for the unnamed units).
    const both = await checkout(buyer, [...Array.from({ length: 6 }, () => ({ _id: String(cap.id) })), tee(sBlue), tee(sBlue), ...Array.from({ length: 6 }, () => tee())]);
    expect(both.json()).toEqual({ success: false, message: 'Not enough stock: Short Tee — S / Blue (only 1 left), Short Cap (only 5 left), Short Tee (only 5 left)' });
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('a variant that is not the product\'s, or not an id, is refused with 400 naming the field; nothing changes', async () => {
    const tee = await makeTee('Field Tee', () => 2);
    const other = await makeTee('Other Tee', () => 2);
    const buyer = await makeUser(t.database.db);
    const before = await snapshotDatabase(t.database.db);
    const foreign = await checkout(buyer, [{ _id: String(tee.product.id) }, { _id: String(tee.product.id), variant: other.variant('S', 'Red')._id }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ success: false, message: `cart.1.variant: ${other.variant('S', 'Red')._id} is not a variant of Field Tee` });
    const missing = await checkout(buyer, [{ _id: String(tee.product.id), variant: '2000000000' }]);
    expect(missing.json()).toEqual({ success: false, message: 'cart.0.variant: 2000000000 is not a variant of Field Tee' });
    for (const variant of ['x', -1, { id: 3 }, true]) {
      const bad = await checkout(buyer, [{ _id: String(tee.product.id), variant }]);
      expect(bad.statusCode, JSON.stringify(variant)).toBe(400);
      expect(bad.json().message).toMatch(/^cart\.0\.variant/);
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('cancelling gives units back to the same variants, reopening takes them again, a refund restocks its variant', async () => {
    const { product, variant } = await makeTee('Back Tee', () => 4);
    const buyer = await makeUser(t.database.db);
    const lBlue = variant('L', 'Blue');
    const sRed = variant('S', 'Red');
    const placed = await checkout(buyer, [
      { _id: String(product.id), variant: lBlue._id },
      { _id: String(product.id), variant: lBlue._id },
      { _id: String(product.id), variant: sRed._id },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order._id as string;
    const taken = await stocks(product.id);
    expect([taken.variants[lBlue._id], taken.variants[sRed._id], taken.quantity]).toEqual([2, 3, 21]);

    expect((await setStatus(orderId, 'cancel')).statusCode).toBe(200);
    const back = await stocks(product.id);
    expect(Object.values(back.variants)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(back.quantity).toBe(24);

    // Reopened while another buyer took L / Blue down to 1: refused naming the variant, nothing taken.
    const rival = await makeUser(t.database.db);
    expect((await checkout(rival, [1, 2, 3].map(() => ({ _id: String(product.id), variant: lBlue._id })))).statusCode).toBe(201);
    const reopen = await setStatus(orderId, 'Processing');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe('Not enough stock to reopen this order: Back Tee — L / Blue');
    expect((await stocks(product.id)).variants[lBlue._id]).toBe(1);

    // A delivered order refunded for one L / Blue unit with restock: that variant gets it back.
    const next = await checkout(buyer, [
      { _id: String(product.id), variant: lBlue._id },
      { _id: String(product.id), variant: sRed._id },
    ]);
    const nextId = next.json().order._id as string;
    expect((await setStatus(nextId, 'deliverd')).statusCode).toBe(200);
    const before = await stocks(product.id);
    const refund = await call(t.app, 'POST', `/api/v1/auth/order-refund/${nextId}`, {
      token: admin.token,
      body: { lines: [{ productId: product.id, variant: Number(lBlue._id), quantity: 1 }], restock: true },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().refund.amount).toBe(15);
    const after = await stocks(product.id);
    expect(after.variants[lBlue._id]).toBe((before.variants[lBlue._id] ?? 0) + 1);
    expect(after.variants[sRed._id]).toBe(before.variants[sRed._id]);
    expect(after.quantity).toBe(before.quantity + 1);
    const again = await call(t.app, 'POST', `/api/v1/auth/order-refund/${nextId}`, {
      token: admin.token,
      body: { lines: [{ productId: product.id, variant: Number(lBlue._id), quantity: 1 }], restock: true },
    });
    expect(again.json()).toEqual({ success: false, message: 'Only 0 of Back Tee — L / Blue left to refund' });
  });

  it('a refund naming the product and no variant takes its lines in order, one unit at a time, never a unit twice', async () => {
    const { product, variant } = await makeTee('Split Tee', () => 3);
    const [lBlue, sRed, mRed] = [variant('L', 'Blue'), variant('S', 'Red'), variant('M', 'Red')];
    const buyer = await makeUser(t.database.db);
    const placed = await checkout(buyer, [
      { _id: String(product.id), variant: lBlue._id },
      { _id: String(product.id), variant: sRed._id },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order._id as string;
    expect((await setStatus(orderId, 'deliverd')).statusCode).toBe(200);
    const refund = (lines: unknown[]) => call(t.app, 'POST', `/api/v1/auth/order-refund/${orderId}`, { token: admin.token, body: { lines } });
    const stored = async (id: string) => (await t.database.db.select({ lines: refunds.lines }).from(refunds).where(eq(refunds.id, Number(id))))[0]?.lines;

    // A variant the order does not have: 400 naming the line's variant.
    const other = await refund([{ productId: product.id, variant: Number(mRed._id), quantity: 1 }]);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(`lines.0.variant: variant ${mRed._id} of product ${product.id} is not in this order`);
    // One unit of the product: its first line (L / Blue, 15.00) only.
    const first = await refund([{ productId: product.id, quantity: 1 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().refund.amount).toBe(15);
    expect(await stored(first.json().refund.id)).toEqual([{ productId: product.id, variantId: Number(lBlue._id), quantity: 1 }]);
    // One more: the first line has none left, so the next one (S / Red, 10.00), and nothing of the first.
    const second = await refund([{ productId: product.id, quantity: 1 }]);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().refund.amount).toBe(10);
    expect(await stored(second.json().refund.id)).toEqual([{ productId: product.id, variantId: Number(sRed._id), quantity: 1 }]);
    // None left: named by the product, without a variant's values.
    const none = await refund([{ productId: product.id, quantity: 1 }]);
    expect(none.json()).toEqual({ success: false, message: 'Only 0 of Split Tee left to refund' });
  });

  it('a line of an order placed before variants moves its product\'s stock (the first variant in stock), as before', async () => {
    const { product, variant } = await makeTee('Old Tee', () => 1);
    const buyer = await makeUser(t.database.db);
    const placed = await checkout(buyer, [{ _id: String(product.id) }, { _id: String(product.id) }]);
    const orderId = placed.json().order._id as string;
    // As the migration left lines of older orders: no variant, no SKU, no values.
    await t.database.db.update(orderItems).set({ variantId: null, sku: null, variantTitle: '', photoId: null }).where(eq(orderItems.orderId, Number(orderId)));
    const [sRed, sBlue] = [variant('S', 'Red')._id, variant('S', 'Blue')._id];
    expect((await stocks(product.id)).quantity).toBe(4);
    expect((await setStatus(orderId, 'cancel')).statusCode).toBe(200);
    const back = await stocks(product.id);
    // Given back to the first variant.
    expect([back.variants[sRed], back.variants[sBlue], back.quantity]).toEqual([2, 0, 6]);
    // Reopening takes 2 from the product: refused when it has fewer, nothing taken.
    const rival = await makeUser(t.database.db);
    expect((await checkout(rival, [1, 2, 3, 4, 5].map(() => ({ _id: String(product.id) })))).statusCode).toBe(201);
    const reopen = await setStatus(orderId, 'Processing');
    expect(reopen.statusCode, reopen.body).toBe(409);
    expect(reopen.json().message).toBe('Not enough stock to reopen this order: Old Tee');
    expect((await stocks(product.id)).quantity).toBe(1);
  });

  it('an order placed before variants reopens when its products have exactly its units left, cancels again with none left, and a refusal names each short product', async () => {
    const mug = await makeProduct(t.database.db, { categoryId, name: 'Old Mug', price: 1, quantity: 3 });
    const cup = await makeProduct(t.database.db, { categoryId, name: 'Old Cup', price: 1, quantity: 2 });
    const buyer = await makeUser(t.database.db);
    const placed = await checkout(buyer, [mug.id, mug.id, cup.id].map((id) => ({ _id: String(id) })));
    const orderId = placed.json().order._id as string;
    await t.database.db.update(orderItems).set({ variantId: null, sku: null, variantTitle: '', photoId: null }).where(eq(orderItems.orderId, Number(orderId)));
    expect((await setStatus(orderId, 'cancel')).statusCode).toBe(200);
    // Others buy all but the order's own units: reopening takes the last ones.
    const rival = await makeUser(t.database.db);
    expect((await checkout(rival, [mug.id, cup.id].map((id) => ({ _id: String(id) })))).statusCode).toBe(201);
    const reopen = await setStatus(orderId, 'Processing');
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect([(await stocks(mug.id)).quantity, (await stocks(cup.id)).quantity]).toEqual([0, 0]);
    // Cancelling with none left on the shelves gives them back; another rival takes one of each; reopening is refused, naming both.
    expect((await setStatus(orderId, 'cancel')).statusCode).toBe(200);
    expect([(await stocks(mug.id)).quantity, (await stocks(cup.id)).quantity]).toEqual([2, 1]);
    expect((await checkout(rival, [mug.id, cup.id].map((id) => ({ _id: String(id) })))).statusCode).toBe(201);
    const refused = await setStatus(orderId, 'Processing');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not enough stock to reopen this order: Old Mug, Old Cup');
    expect([(await stocks(mug.id)).quantity, (await stocks(cup.id)).quantity]).toEqual([1, 0]);
  });
});
