/**
 * Shipping and tax wired into checkout (issue 19; docs/decisions/0018-pricing.md), on both engines: the
 * owner's zones, rates and tax rates through the API; each scenario's summary via the quote AND via placing
 * the order (which keeps the same figures); refusals before payment; the owner's calls guarded and checked.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, orderItems, orders, orderTaxLines, products, productVariants, shippingZones } from '../../src/server/db/schema.ts';
import { type MadeUser, makeAdmin, makeCategory, makeProduct, makeUser } from '../factories.ts';
import { call, createTestApp, NO_ORDER_LIMITS, type TestApp } from '../setup/test-app.ts';

const QUOTE = '/api/v1/checkout/quote';
const ORDERS = '/api/v1/auth/orders';
const ADMIN = '/api/v1/admin/shipping';

interface Item {
  id: number;
}
type Cart = { _id: string }[];
const units = (...pairs: [Item, number][]): Cart => pairs.flatMap(([item, count]) => Array.from({ length: count }, () => ({ _id: String(item.id) })));

async function product(t: TestApp, categoryId: number, price: number, taxClass: string, weightGrams: number) {
  const row = await makeProduct(t.database.db, { categoryId, price, quantity: 100 });
  await t.database.db.update(products).set({ taxClass }).where(eq(products.id, row.id));
  await t.database.db.update(productVariants).set({ weightGrams }).where(eq(productVariants.productId, row.id));
  return row;
}

const productName = async (t: TestApp, item: Item) => (await t.database.db.select({ name: products.name }).from(products).where(eq(products.id, item.id)))[0]?.name;

async function zone(t: TestApp, admin: MadeUser, body: object, rates: object[]) {
  const res = await call(t.app, 'POST', `${ADMIN}/zones`, { token: admin.token, body });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json().zones.find((z: { name: string }) => z.name === (body as { name: string }).name);
  for (const rate of rates) {
    const added = await call(t.app, 'POST', `${ADMIN}/zones/${made._id}/rates`, { token: admin.token, body: rate });
    expect(added.statusCode, added.body).toBe(201);
  }
  const after = await call(t.app, 'GET', ADMIN, { token: admin.token });
  return after.json().zones.find((z: { _id: string }) => z._id === made._id) as { _id: string; rates: { _id: string; name: string }[] };
}

interface Expected {
  subtotal: number;
  shipping: { name: string; amount: number } | null;
  taxes: { taxClass: string; rate: number; base: number; amount: number }[];
  total: number;
}

interface Scenario {
  name: string;
  cart: () => Cart;
  address: { country: string; region?: string; postcode?: string };
  rate?: string;
  expected: Expected | { refused: string };
}

/** The quote, then the order, for a scenario: both give the expected figures; the order keeps them in its rows. */
async function run(t: TestApp, shopper: MadeUser, scenario: Scenario, rateIds: Map<string, string>, scale = 100) {
  const rateId = scenario.rate ? rateIds.get(scenario.rate) : undefined;
  const quote = await call(t.app, 'POST', QUOTE, { body: { cart: scenario.cart(), address: scenario.address, ...(rateId ? { rateId } : {}) } });
  expect(quote.statusCode, quote.body).toBe(200);
  const delivery = { name: 'Ada Buyer', phone: '+33 1 23 45 67 89', city: 'Somewhere', lines: '1 Long Road', ...scenario.address };
  const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;
  const placed = await call(t.app, 'POST', ORDERS, { token: shopper.token, body: { cart: scenario.cart(), delivery, ...(rateId ? { rateId } : {}) } });
  if ('refused' in scenario.expected) {
    expect(quote.json().refusals).toEqual([{ field: 'address.country', message: scenario.expected.refused }]);
    expect(placed.statusCode).toBe(400);
    expect(placed.json().message).toBe(`delivery.country: ${scenario.expected.refused}`);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n).toBe(before);
    return;
  }
  const { expected } = scenario;
  const q = quote.json();
  expect(q.refusals).toEqual([]);
  expect({ subtotal: q.subtotal, shipping: q.shipping && { name: q.shipping.name, amount: q.shipping.amount }, taxes: q.taxes, total: q.total }).toEqual(expected);
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().order;
  expect({ subtotal: order.subtotal, shipping: order.shipping, taxes: order.taxes, total: order.total }).toEqual(expected);
  expect(order.tax).toBe(q.tax);
  expect(order.discount).toBeUndefined();
  expect(order.delivery.country).toBe(scenario.address.country.toUpperCase());
  // The rows keep the same figures (minor units), and the listed orders show them too.
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, Number(order._id)));
  expect(row?.totalCents).toBe(Math.round(expected.total * scale));
  const lines = await t.database.db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, Number(order._id)));
  expect(lines.map((line) => ({ taxClass: line.taxClass, rate: line.rateBasisPoints / 100, base: line.baseMinor / scale, amount: line.amountMinor / scale }))).toEqual(
    expect.arrayContaining(expected.taxes),
  );
  const items = await t.database.db.select({ discount: orderItems.discountMinor }).from(orderItems).where(eq(orderItems.orderId, Number(order._id)));
  expect(items.every((item) => item.discount === 0)).toBe(true);
}

describe('shipping and tax at checkout (a dollar shop)', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;
  let lamp: Item; // 40.00, standard, 1500 g
  let book: Item; // 12.00, reduced, 400 g
  let gift: Item; // 25.00, zero, 0 g
  const rateIds = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ ...NO_ORDER_LIMITS });
    admin = await makeAdmin(t.database.db);
    shopper = await makeUser(t.database.db);
    const category = await makeCategory(t.database.db);
    lamp = await product(t, category.id, 40, 'standard', 1500);
    book = await product(t, category.id, 12, 'reduced', 400);
    gift = await product(t, category.id, 25, 'zero', 0);
    const zones = [
      await zone(t, admin, { name: 'France', countries: ['FR'], taxes: { standard: 20, reduced: 5.5 } }, [
        { name: 'Colissimo', kind: 'flat', amount: 4.9, freeFrom: 50 },
        { name: 'Pickup in Paris', kind: 'pickup' },
      ]),
      await zone(t, admin, { name: 'Germany', countries: ['DE'], taxes: { standard: 19, reduced: 7 } }, [
        { name: 'DHL', kind: 'weight', bands: [{ upToGrams: 1000, amount: 5 }, { upToGrams: 5000, amount: 9 }] },
      ]),
      await zone(t, admin, { name: 'California', countries: ['US'], regions: ['CA'], taxes: { standard: 7.25 } }, [
        { name: 'UPS', kind: 'price', bands: [{ from: 0, amount: 8 }, { from: 100, amount: 4 }] },
      ]),
      await zone(t, admin, { name: 'United States', countries: ['US'] }, [{ name: 'USPS', kind: 'flat', amount: 10 }]),
      await zone(t, admin, { name: 'Highlands', countries: ['GB'], postcodePrefixes: ['IV', 'kw'], taxes: { standard: 20 } }, [
        { name: 'Highland courier', kind: 'flat', amount: 15 },
      ]),
      await zone(t, admin, { name: 'United Kingdom', countries: ['GB'], taxes: { standard: 20 } }, [{ name: 'Royal Mail', kind: 'flat', amount: 3 }]),
    ];
    for (const made of zones) for (const rate of made.rates) rateIds.set(rate.name, rate._id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const excluded: Scenario[] = [
    {
      name: 'France, 52.00 of goods: free above 50, standard 20% and reduced 5.5% added',
      cart: () => units([lamp, 1], [book, 1]),
      address: { country: 'FR', postcode: '75001' },
      expected: {
        subtotal: 52,
        shipping: { name: 'Colissimo', amount: 0 },
        taxes: [
          { taxClass: 'standard', rate: 20, base: 40, amount: 8 },
          { taxClass: 'reduced', rate: 5.5, base: 12, amount: 0.66 },
        ],
        total: 60.66,
      },
    },
    {
      name: 'France, one book, Colissimo chosen: shipping taxed at the goods’ reduced rate',
      cart: () => units([book, 1]),
      address: { country: 'fr' },
      rate: 'Colissimo',
      expected: { subtotal: 12, shipping: { name: 'Colissimo', amount: 4.9 }, taxes: [{ taxClass: 'reduced', rate: 5.5, base: 16.9, amount: 0.93 }], total: 17.83 },
    },
    {
      name: 'France, one book, no choice: the cheapest (pickup, 0)',
      cart: () => units([book, 1]),
      address: { country: 'FR' },
      expected: { subtotal: 12, shipping: { name: 'Pickup in Paris', amount: 0 }, taxes: [{ taxClass: 'reduced', rate: 5.5, base: 12, amount: 0.66 }], total: 12.66 },
    },
    {
      name: 'Germany, 3 kg: the second weight band',
      cart: () => units([lamp, 2]),
      address: { country: 'DE', postcode: '10115' },
      expected: { subtotal: 80, shipping: { name: 'DHL', amount: 9 }, taxes: [{ taxClass: 'standard', rate: 19, base: 89, amount: 16.91 }], total: 105.91 },
    },
    {
      name: 'Germany, 6 kg: heavier than every band, refused',
      cart: () => units([lamp, 4]),
      address: { country: 'DE' },
      expected: { refused: 'nothing we deliver to Germany carries this order' },
    },
    {
      name: 'Germany, a lamp and a gift card: shipping split over standard and zero by their goods',
      cart: () => units([lamp, 1], [gift, 1]),
      address: { country: 'DE' },
      expected: {
        subtotal: 65,
        shipping: { name: 'DHL', amount: 9 },
        taxes: [
          { taxClass: 'standard', rate: 19, base: 45.54, amount: 8.65 },
          { taxClass: 'zero', rate: 0, base: 28.46, amount: 0 },
        ],
        total: 82.65,
      },
    },
    {
      name: 'California before the United States: price band from 100',
      cart: () => units([lamp, 3]),
      address: { country: 'US', region: 'ca', postcode: '94103' },
      expected: { subtotal: 120, shipping: { name: 'UPS', amount: 4 }, taxes: [{ taxClass: 'standard', rate: 7.25, base: 124, amount: 8.99 }], total: 132.99 },
    },
    {
      name: 'California under 100: the first price band',
      cart: () => units([book, 1]),
      address: { country: 'US', region: 'CA' },
      expected: { subtotal: 12, shipping: { name: 'UPS', amount: 8 }, taxes: [{ taxClass: 'reduced', rate: 0, base: 20, amount: 0 }], total: 20 },
    },
    {
      name: 'New York: the country-wide zone, no tax',
      cart: () => units([lamp, 1]),
      address: { country: 'US', region: 'NY', postcode: '10001' },
      expected: { subtotal: 40, shipping: { name: 'USPS', amount: 10 }, taxes: [{ taxClass: 'standard', rate: 0, base: 50, amount: 0 }], total: 50 },
    },
    {
      name: 'A Highlands postcode before the United Kingdom',
      cart: () => units([lamp, 1]),
      address: { country: 'GB', postcode: 'iv2 3ab' },
      expected: { subtotal: 40, shipping: { name: 'Highland courier', amount: 15 }, taxes: [{ taxClass: 'standard', rate: 20, base: 55, amount: 11 }], total: 66 },
    },
    {
      name: 'A London postcode: the United Kingdom',
      cart: () => units([lamp, 1]),
      address: { country: 'GB', postcode: 'SW1A 1AA' },
      expected: { subtotal: 40, shipping: { name: 'Royal Mail', amount: 3 }, taxes: [{ taxClass: 'standard', rate: 20, base: 43, amount: 8.6 }], total: 51.6 },
    },
    {
      name: 'Canada: outside every zone',
      cart: () => units([lamp, 1]),
      address: { country: 'CA', postcode: 'K1A 0B1' },
      expected: { refused: "we don't deliver to Canada" },
    },
  ];

  for (const scenario of excluded) it(`tax added: ${scenario.name}`, () => run(t, shopper, scenario, rateIds));

  /** The confirmation mail's rows of an order placed now, from its first line to its total (text part). */
  async function mailRows(body: object) {
    const placed = await call(t.app, 'POST', ORDERS, { token: shopper.token, body });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order._id as string;
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, shopper.email), like(mailOutbox.subject, `Your order #${orderId} %`)));
    return /Here is what you ordered:\n\n([^]*?\n {2}Total: [^\n]*)\n/.exec(mail?.text ?? '')?.[1];
  }
  const delivery = (country: string) => ({ name: 'Ada Buyer', phone: '+33 1 23 45 67 89', city: 'Somewhere', lines: '1 Long Road', country });

  it('the confirmation mail shows the shipping, then each tax line added ("tax CLASS RATE%"), before the total', async () => {
    expect(await mailRows({ cart: units([lamp, 1], [book, 1]), delivery: delivery('FR') })).toBe(
      [
        `  1 × ${(await productName(t, lamp)) ?? ''} — $40.00`,
        `  1 × ${(await productName(t, book)) ?? ''} — $12.00`,
        '  Shipping (Colissimo): $0.00',
        '  tax standard 20%: $8.00',
        '  tax reduced 5.5%: $0.66',
        '  Total: $60.66',
      ].join('\n'),
    );
  });

  describe('prices include tax', () => {
    beforeAll(async () => {
      const res = await call(t.app, 'PUT', `${ADMIN}/prices-include-tax`, { token: admin.token, body: { pricesIncludeTax: true } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().pricesIncludeTax).toBe(true);
    });
    const included: Scenario[] = [
      {
        name: 'France, 52.00: the tax found inside the prices, the total unchanged',
        cart: () => units([lamp, 1], [book, 1]),
        address: { country: 'FR' },
        expected: {
          subtotal: 52,
          shipping: { name: 'Colissimo', amount: 0 },
          taxes: [
            { taxClass: 'standard', rate: 20, base: 40, amount: 6.67 },
            { taxClass: 'reduced', rate: 5.5, base: 12, amount: 0.63 },
          ],
          total: 52,
        },
      },
      {
        name: 'France, one book by Colissimo: the shipping’s tax inside it too',
        cart: () => units([book, 1]),
        address: { country: 'FR' },
        rate: 'Colissimo',
        expected: { subtotal: 12, shipping: { name: 'Colissimo', amount: 4.9 }, taxes: [{ taxClass: 'reduced', rate: 5.5, base: 16.9, amount: 0.88 }], total: 16.9 },
      },
      {
        name: 'Germany, 3 kg: 19% inside 89.00',
        cart: () => units([lamp, 2]),
        address: { country: 'DE' },
        expected: { subtotal: 80, shipping: { name: 'DHL', amount: 9 }, taxes: [{ taxClass: 'standard', rate: 19, base: 89, amount: 14.21 }], total: 89 },
      },
    ];
    for (const scenario of included) it(`tax included: ${scenario.name}`, () => run(t, shopper, scenario, rateIds));

    it('the confirmation mail says the tax lines are included ("Including tax CLASS RATE%")', async () => {
      expect(await mailRows({ cart: units([lamp, 2]), delivery: delivery('DE') })).toBe(
        [`  2 × ${(await productName(t, lamp)) ?? ''} — $80.00`, '  Shipping (DHL): $9.00', '  Including tax standard 19%: $14.21', '  Total: $89.00'].join('\n'),
      );
    });
    afterAll(async () => {
      await call(t.app, 'PUT', `${ADMIN}/prices-include-tax`, { token: admin.token, body: { pricesIncludeTax: false } });
    });
  });

  it('a method not offered for the address is refused (rateId), before anything is taken', async () => {
    const body = { cart: units([lamp, 1]), address: { country: 'FR' }, rateId: rateIds.get('DHL') };
    const quote = await call(t.app, 'POST', QUOTE, { body });
    expect(quote.json().refusals).toEqual([{ field: 'rateId', message: 'this delivery method is not offered for this address' }]);
    const placed = await call(t.app, 'POST', ORDERS, {
      token: shopper.token,
      body: { cart: body.cart, rateId: body.rateId, delivery: { name: 'A', phone: '1', city: 'Paris', lines: '1 rue', country: 'FR' } },
    });
    expect(placed.statusCode).toBe(400);
    expect(placed.json().message).toBe('rateId: this delivery method is not offered for this address');
  });

  it('an unknown country, a bad region or postcode: 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ country: 'XX' }, 'address.country: must be a country code such as FR, US or JP'],
      [{ country: 'FR', postcode: 'ABC' }, 'address.postcode: is not a postcode of France'],
      [{ country: 'US', region: 'C@' }, 'address.region: must be a region code such as CA or BY (ISO 3166-2 without the country)'],
      [{ region: 'CA' }, 'address.country: is required'],
    ];
    for (const [address, message] of cases) {
      const res = await call(t.app, 'POST', QUOTE, { body: { cart: units([lamp, 1]), address } });
      expect(res.statusCode, JSON.stringify(address)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const placed = await call(t.app, 'POST', ORDERS, {
      token: shopper.token,
      body: { cart: units([lamp, 1]), delivery: { name: 'A', phone: '1', city: 'Paris', lines: '1 rue', country: 'FR', postcode: '7500' } },
    });
    expect(placed.statusCode).toBe(400);
    expect(placed.json().message).toBe('delivery.postcode: is not a postcode of France');
  });

  it('without a delivery address the order is placed as before: the profile address, no shipping, no tax', async () => {
    const res = await call(t.app, 'POST', ORDERS, { token: shopper.token, body: { cart: units([lamp, 1], [book, 1]) } });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ total: 52, subtotal: 52, shipping: null, tax: 0, taxes: [], delivery: { address: '1 Market Street' } });
  });

  it('lists the countries the shop delivers to, by name', async () => {
    const res = await call(t.app, 'GET', '/api/v1/checkout/countries');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      zones: true,
      countries: [
        { code: 'FR', name: 'France' },
        { code: 'DE', name: 'Germany' },
        { code: 'GB', name: 'United Kingdom' },
        { code: 'US', name: 'United States' },
      ],
    });
  });

  describe('with a discount code (the quote and the order price it with the zone, the same figures)', () => {
    const makeCode = async (body: Record<string, unknown>) => {
      const res = await call(t.app, 'POST', '/api/v1/admin/discount-codes', { token: admin.token, body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().code.code as string;
    };
    const delivery = { name: 'Ada Buyer', phone: '+33 1 23 45 67 89', city: 'Paris', lines: '1 Rue Longue', country: 'FR', postcode: '75001' };

    it('25% off the book only, Colissimo chosen: the goods after it (49.00) miss free shipping; shipping split 40:9, taxed per class', async () => {
      const code = await makeCode({ code: 'BOOK25-ZONES', kind: 'percent', value: 25, products: [String(book.id)] });
      const body = { cart: units([lamp, 1], [book, 1]), rateId: rateIds.get('Colissimo') };
      const quote = await call(t.app, 'POST', QUOTE, { body: { ...body, address: { country: 'FR', postcode: '75001' }, code: code.toLowerCase() } });
      expect(quote.statusCode, quote.body).toBe(200);
      const expected = {
        subtotal: 52,
        discount: 3,
        shipping: { name: 'Colissimo', amount: 4.9 },
        taxes: [
          { taxClass: 'standard', rate: 20, base: 44, amount: 8.8 },
          { taxClass: 'reduced', rate: 5.5, base: 9.9, amount: 0.54 },
        ],
        total: 63.24,
      };
      const q = quote.json();
      expect(q.refusals).toEqual([]);
      expect({ subtotal: q.subtotal, discount: q.discount, shipping: { name: q.shipping.name, amount: q.shipping.amount }, taxes: q.taxes, total: q.total }).toEqual(expected);
      const placed = await call(t.app, 'POST', ORDERS, { token: shopper.token, body: { ...body, delivery, code } });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().order;
      expect({ subtotal: order.subtotal, discount: order.discount.amount, shipping: order.shipping, taxes: order.taxes, total: order.total }).toEqual(expected);
      expect(order.discount.code).toBe(code);
      const items = await t.database.db.select({ productId: orderItems.productId, discount: orderItems.discountMinor }).from(orderItems).where(eq(orderItems.orderId, Number(order._id)));
      expect(Object.fromEntries(items.map((item) => [item.productId, item.discount]))).toEqual({ [lamp.id]: 0, [book.id]: 300 });
    });

    it('free shipping: Colissimo costs nothing, the goods keep their tax', async () => {
      const code = await makeCode({ code: 'SHIPFREE-ZONES', kind: 'free_shipping' });
      const quote = await call(t.app, 'POST', QUOTE, { body: { cart: units([book, 1]), address: { country: 'FR' }, rateId: rateIds.get('Colissimo'), code } });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json()).toMatchObject({ subtotal: 12, discount: 0, shipping: { name: 'Colissimo', amount: 0 }, tax: 0.66, total: 12.66, refusals: [] });
    });

    it('a minimum not met is a refusal in words on the quote and a 409 at order time, nothing taken; no such code is a 400 naming code', async () => {
      const code = await makeCode({ code: 'MIN50-ZONES', kind: 'fixed', value: 5, minimumSubtotal: 50 });
      const quote = await call(t.app, 'POST', QUOTE, { body: { cart: units([book, 1]), address: { country: 'FR' }, code } });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json().refusals).toEqual([{ field: 'code', message: '$38 short of the $50 minimum' }]);
      expect(quote.json().total).toBe(12.66);
      const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;
      const placed = await call(t.app, 'POST', ORDERS, { token: shopper.token, body: { cart: units([book, 1]), delivery, code } });
      expect(placed.statusCode).toBe(409);
      expect(placed.json().message).toBe('code: $38 short of the $50 minimum');
      expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n).toBe(before);
      const none = await call(t.app, 'POST', QUOTE, { body: { cart: units([book, 1]), address: { country: 'FR' }, code: 'NOPE-123' } });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('code: no such code "NOPE-123"');
    });
  });

  it('a change of a rate reaches the next quote (the kept zones are dropped)', async () => {
    const zones = (await call(t.app, 'GET', ADMIN, { token: admin.token })).json().zones;
    const uk = zones.find((z: { name: string }) => z.name === 'United Kingdom');
    const royal = uk.rates[0];
    const changed = await call(t.app, 'PUT', `${ADMIN}/rates/${royal._id}`, { token: admin.token, body: { name: 'Royal Mail', kind: 'flat', amount: 4 } });
    expect(changed.statusCode, changed.body).toBe(200);
    const quote = await call(t.app, 'POST', QUOTE, { body: { cart: units([lamp, 1]), address: { country: 'GB', postcode: 'SW1A 1AA' } } });
    expect(quote.json().shipping).toMatchObject({ name: 'Royal Mail', amount: 4 });
    await call(t.app, 'PUT', `${ADMIN}/rates/${royal._id}`, { token: admin.token, body: { name: 'Royal Mail', kind: 'flat', amount: 3 } });
  });

  describe("the owner's calls", () => {
    it('create, update and delete a zone and its rates, each in the audit log', async () => {
      const made = await zone(t, admin, { name: 'Belgium', countries: ['BE'], taxes: { standard: 21, reduced: 6 } }, [{ name: 'bpost', kind: 'flat', amount: 6 }]);
      const updated = await call(t.app, 'PUT', `${ADMIN}/zones/${made._id}`, {
        token: admin.token,
        body: { name: 'Benelux', countries: ['BE', 'NL', 'LU'], taxes: { standard: 21, reduced: 6 } },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const benelux = updated.json().zones.find((z: { _id: string }) => z._id === made._id);
      expect(benelux).toMatchObject({ name: 'Benelux', countries: ['BE', 'NL', 'LU'], taxes: { standard: 21, reduced: 6, zero: 0 }, rates: [{ name: 'bpost', kind: 'flat', amount: 6, freeFrom: null }] });
      const rateGone = await call(t.app, 'DELETE', `${ADMIN}/rates/${made.rates[0]?._id}`, { token: admin.token });
      expect(rateGone.statusCode).toBe(200);
      const gone = await call(t.app, 'DELETE', `${ADMIN}/zones/${made._id}`, { token: admin.token });
      expect(gone.statusCode).toBe(200);
      expect(gone.json().zones.some((z: { _id: string }) => z._id === made._id)).toBe(false);
      const actions = (await t.database.db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
      for (const action of ['shipping.zone.create', 'shipping.zone.update', 'shipping.zone.delete', 'shipping.rate.create', 'shipping.rate.update', 'shipping.rate.delete', 'settings.tax']) {
        expect(actions, action).toContain(action);
      }
      expect((await call(t.app, 'DELETE', `${ADMIN}/zones/${made._id}`, { token: admin.token })).statusCode).toBe(404);
    });

    it('bad input: 400 naming the field, nothing changed', async () => {
      const before = await t.database.db.select({ id: shippingZones.id }).from(shippingZones);
      const zoneCases: [object, string][] = [
        [{ name: 'X', countries: ['XX'] }, 'countries.0: must be a country code such as FR, US or JP'],
        [{ name: 'X', countries: [] }, 'countries: must list at least one country'],
        [{ countries: ['FR'] }, 'name: is required'],
        [{ name: 'X', countries: ['FR'], taxes: { standard: 120 } }, 'taxes.standard: must be at most 100'],
        [{ name: 'X', countries: ['FR'], postcodePrefixes: ['75@'] }, 'postcodePrefixes.0: must be a postcode prefix (letters, digits and hyphens, at most 10)'],
      ];
      for (const [body, message] of zoneCases) {
        const res = await call(t.app, 'POST', `${ADMIN}/zones`, { token: admin.token, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(await t.database.db.select({ id: shippingZones.id }).from(shippingZones)).toHaveLength(before.length);
      const zoneId = before[0]?.id;
      const rateCases: [object, string][] = [
        [{ name: 'R', kind: 'flat' }, 'amount: is required for a flat rate'],
        [{ name: 'R', kind: 'drone' }, 'kind: must be one of: flat, weight, price, pickup'],
        [{ name: 'R', kind: 'weight', bands: [] }, 'bands: must list at least one band for a weight rate'],
        [{ name: 'R', kind: 'weight', bands: [{ upToGrams: 500, amount: 3 }, { upToGrams: 400, amount: 4 }] }, 'bands.1.upToGrams: must be more than the band before'],
        [{ name: 'R', kind: 'price', bands: [{ amount: 3 }] }, 'bands.0.from: is required'],
        [{ name: 'R', kind: 'flat', amount: 1.234 }, 'amount: must have at most 2 decimals'],
        [{ name: 'R', kind: 'flat', amount: -1 }, 'amount: must be 0 or more'],
      ];
      for (const [body, message] of rateCases) {
        const res = await call(t.app, 'POST', `${ADMIN}/zones/${zoneId}/rates`, { token: admin.token, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect((await call(t.app, 'POST', `${ADMIN}/zones/987654/rates`, { token: admin.token, body: { name: 'R', kind: 'pickup' } })).statusCode).toBe(404);
      const flag = await call(t.app, 'PUT', `${ADMIN}/prices-include-tax`, { token: admin.token, body: { pricesIncludeTax: 'yes' } });
      expect(flag.statusCode).toBe(400);
      expect(flag.json().message).toBe('pricesIncludeTax: must be true or false');
    });

    it('guards: a guest 401, a shopper 403, nothing changed', async () => {
      const before = await t.database.db.select({ id: shippingZones.id }).from(shippingZones);
      const body = { name: 'Sneaky', countries: ['FR'] };
      expect((await call(t.app, 'POST', `${ADMIN}/zones`, { body })).statusCode).toBe(401);
      expect((await call(t.app, 'POST', `${ADMIN}/zones`, { token: shopper.token, body })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', ADMIN, { token: shopper.token })).statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', `${ADMIN}/zones/${before[0]?.id}`, { token: shopper.token })).statusCode).toBe(403);
      expect(await t.database.db.select({ id: shippingZones.id }).from(shippingZones)).toHaveLength(before.length);
    });
  });
});

describe('a shop without zones', () => {
  let t: TestApp;
  let shopper: MadeUser;
  let lamp: Item;
  beforeAll(async () => {
    t = await createTestApp({ ...NO_ORDER_LIMITS });
    shopper = await makeUser(t.database.db);
    lamp = await product(t, (await makeCategory(t.database.db)).id, 40, 'standard', 1500);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('quotes and orders the goods alone, to any country, as before zones existed', async () => {
    const quote = await call(t.app, 'POST', QUOTE, { body: { cart: units([lamp, 2]), address: { country: 'CA' } } });
    expect(quote.json()).toMatchObject({ subtotal: 80, choices: [], shipping: null, taxes: [], tax: 0, total: 80, refusals: [] });
    const placed = await call(t.app, 'POST', ORDERS, {
      token: shopper.token,
      body: { cart: units([lamp, 2]), delivery: { name: 'Ada', phone: '555', city: 'Ottawa', lines: '1 Elgin St', country: 'CA', postcode: 'K1A 0B1' } },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ total: 80, shipping: null, taxes: [], delivery: { name: 'Ada', address: '1 Elgin St\nK1A 0B1 Ottawa\nCanada', phone: '555', country: 'CA' } });
    expect((await call(t.app, 'GET', '/api/v1/checkout/countries')).json()).toEqual({ success: true, zones: false, countries: [] });
  });

  it('keeps the delivery address as one text: its lines, postcode and city, region, country name; the mails show it', async () => {
    const placed = await call(t.app, 'POST', ORDERS, {
      token: shopper.token,
      body: { cart: units([lamp, 1]), delivery: { name: 'Bo', phone: '556', city: 'New York', lines: '1 Main St\nApt 4', country: 'us', region: 'NY', postcode: '10001' } },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order.delivery).toEqual({ name: 'Bo', address: '1 Main St\nApt 4\n10001 New York\nNY\nUnited States', phone: '556', country: 'US' });
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, shopper.email), like(mailOutbox.subject, `Your order #${order._id} %`)));
    expect(mail?.text).toContain('Delivery address:\nBo\n1 Main St\nApt 4\n10001 New York\nNY\nUnited States\nPhone: 556\n');
  });

  it("the quote refuses a cart with a product gone (404) or drafts (409 naming each), as the order does", async () => {
    const categoryId = (await makeCategory(t.database.db)).id;
    const gone = await call(t.app, 'POST', QUOTE, { body: { cart: [...units([lamp, 1]), { _id: '2000000000' }], address: { country: 'CA' } } });
    expect(gone.json()).toEqual({ success: false, message: 'Some products in your cart are no longer available; remove them and try again' });
    expect(gone.statusCode).toBe(404);
    const first = await makeProduct(t.database.db, { categoryId, name: 'Draft Kite', price: 5, quantity: 3, draft: true });
    const second = await makeProduct(t.database.db, { categoryId, name: 'Draft Yoyo', price: 5, quantity: 3, draft: true });
    const drafts = await call(t.app, 'POST', QUOTE, { body: { cart: [...units([lamp, 1], [first, 2], [second, 1])], address: { country: 'CA' } } });
    expect(drafts.json()).toEqual({ success: false, message: 'Not for sale now: Draft Kite, Draft Yoyo; remove it from your cart and try again' });
    expect(drafts.statusCode).toBe(409);
  });
});

describe('a yen shop with tax included', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;
  let tea: Item;
  let bowl: Item;
  const rateIds = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp({ ...NO_ORDER_LIMITS, SHOP_CURRENCY: 'JPY', SHOP_LOCALE: 'ja-JP' });
    admin = await makeAdmin(t.database.db);
    shopper = await makeUser(t.database.db);
    const category = await makeCategory(t.database.db);
    tea = await product(t, category.id, 1500, 'reduced', 200);
    bowl = await product(t, category.id, 3000, 'standard', 800);
    const made = await zone(t, admin, { name: 'Japan', countries: ['JP'], taxes: { standard: 10, reduced: 8 } }, [{ name: 'Yamato', kind: 'flat', amount: 800, freeFrom: 5000 }]);
    for (const rate of made.rates) rateIds.set(rate.name, rate._id);
    expect((await call(t.app, 'PUT', `${ADMIN}/prices-include-tax`, { token: admin.token, body: { pricesIncludeTax: true } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const scenarios: Scenario[] = [
    {
      name: 'one tea: ¥800 shipping, 8% inside ¥2,300',
      cart: () => units([tea, 1]),
      address: { country: 'JP', postcode: '100-0001' },
      expected: { subtotal: 1500, shipping: { name: 'Yamato', amount: 800 }, taxes: [{ taxClass: 'reduced', rate: 8, base: 2300, amount: 170 }], total: 2300 },
    },
    {
      name: 'tea and a bowl: shipping split 533/267 by largest remainder',
      cart: () => units([tea, 1], [bowl, 1]),
      address: { country: 'JP' },
      expected: {
        subtotal: 4500,
        shipping: { name: 'Yamato', amount: 800 },
        taxes: [
          { taxClass: 'standard', rate: 10, base: 3533, amount: 321 },
          { taxClass: 'reduced', rate: 8, base: 1767, amount: 131 },
        ],
        total: 5300,
      },
    },
    {
      name: 'two bowls: free from ¥5,000',
      cart: () => units([bowl, 2]),
      address: { country: 'JP' },
      expected: { subtotal: 6000, shipping: { name: 'Yamato', amount: 0 }, taxes: [{ taxClass: 'standard', rate: 10, base: 6000, amount: 545 }], total: 6000 },
    },
  ];
  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      await run(t, shopper, scenario, rateIds, 1);
      const [row] = await t.database.db.select({ currency: orders.currency, taxIncluded: orders.taxIncluded }).from(orders).orderBy(sql`${orders.id} desc`).limit(1);
      expect(row).toEqual({ currency: 'JPY', taxIncluded: true });
    });
  }
});
