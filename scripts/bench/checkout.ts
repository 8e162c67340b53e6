// The cart and checkout of many shoppers at once (issue 19's goal: p99 under 25 ms at 50 concurrent
// shoppers). Seeds, beside the bench catalogue: shipping zones with rates and taxes, a discount code,
// SHOPPERS signed-in customers (each with a token) and SHOPPERS guest carts (each under its own cookie), every
// shopper's cart 5 lines of 5 products of its own (no two shoppers lock the same product row when they
// order), those products with stock enough for every order a bench places. Then builds the requests of each
// call, one or more per shopper, which wrk's connections walk through (each from its own random start).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { createTokens, resolveJwtSecret } from '../../src/server/modules/auth/tokens.ts';
import type { BenchRequest } from './workloads.ts';

/** Distinct shoppers: well above the 50 connections, so that concurrent requests are of different shoppers. */
export const SHOPPERS = 2_000;
const LINES = 5;
/** Stock of every shopper's product: more than all the orders a bench can place. */
const STOCK = 1_000_000;
export const BENCH_CODE = 'BENCH10';

export interface CheckoutFixture {
  /**
   * `cookie`: the guest cart the cart calls read and write; `checkoutCookie`: the guest cart of the guest
   * checkout (its first order takes the lines out of it, the cart calls keep theirs).
   */
  shoppers: Array<{ token: string; cookie: string; checkoutCookie: string; email: string; products: number[]; variants: number[] }>;
  rateId: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function seedBenchCheckout(db: Db, size: number): Promise<CheckoutFixture> {
  // Shopper i buys products 5i+1 … 5i+5 of the catalogue's order (spread over the newest ids only when the
  // catalogue is small).
  const count = Math.min(SHOPPERS * LINES, size);
  const products = rowsOf<{ id: number; variant: number }>(
    await db.execute(sql`select p.id, v.id as variant from products p join product_variants v on v.product_id = p.id
      where p.slug like 'bench-product-%' order by p.id limit ${count}`),
  );
  await db.execute(sql`update products set quantity = ${STOCK} where id in (select id from products where slug like 'bench-product-%' order by id limit ${count})`);
  // Zones: France (flat, free from 50, pickup), Germany by weight, California by price, the rest of the
  // United States; taxes per class. The bench's shoppers live in France.
  await db.execute(sql`insert into shipping_zones (name, countries, regions, position) values
    ('France', '{FR}', '{}', 0), ('Germany', '{DE}', '{}', 1), ('California', '{US}', '{CA}', 2), ('United States', '{US}', '{}', 3)`);
  await db.execute(sql`insert into tax_rates (zone_id, tax_class, basis_points)
    select z.id, t.class, t.bp from shipping_zones z, (values ('standard', 2000), ('reduced', 550), ('zero', 0)) as t(class, bp)`);
  await db.execute(sql`insert into shipping_rates (zone_id, name, kind, amount_minor, bands, free_from_minor, position)
    select z.id, r.name, r.kind, r.amount, r.bands::jsonb, r.free_from, r.position from shipping_zones z,
      (values ('Colissimo', 'flat', 490, '[]', 5000, 0), ('Pickup in the shop', 'pickup', 0, '[]', null, 1),
              ('By weight', 'weight', 0, '[{"upToGrams":1000,"amount":500},{"upToGrams":5000,"amount":900}]', null, 2),
              ('By price', 'price', 0, '[{"from":0,"amount":800},{"from":10000,"amount":400}]', null, 3))
      as r(name, kind, amount, bands, free_from, position)`);
  const [rate] = rowsOf<{ id: number }>(
    await db.execute(sql`select r.id from shipping_rates r join shipping_zones z on z.id = r.zone_id where z.name = 'France' and r.name = 'Colissimo'`),
  );
  // 10% off, once per customer (the quote counts the shopper's uses by e-mail).
  await db.execute(sql`insert into discount_codes (code, kind, value, max_uses_per_customer) values (${BENCH_CODE}, 'percent', 1000, 1)`);
  // The customers, and a cart each for the signed-in ones and the guests.
  await db.execute(sql`insert into users (name, email, password_hash, answer_hash, phone, address)
    select 'Shopper ' || g, 'shopper-' || g || '@example.com', 'x', 'x', '555', g || ' rue de la Paix'
    from generate_series(1, ${SHOPPERS}) g`);
  const users = rowsOf<{ id: number }>(await db.execute(sql`select id from users where email like 'shopper-%' order by id`));
  const tokens = createTokens(await resolveJwtSecret(db, undefined), '2h');
  const shoppers: CheckoutFixture['shoppers'] = [];
  for (let index = 0; index < SHOPPERS; index++) {
    const lines = products.slice((index * LINES) % products.length, ((index * LINES) % products.length) + LINES);
    const cookie = randomBytes(32).toString('base64url');
    shoppers.push({
      checkoutCookie: randomBytes(32).toString('base64url'),
      token: await tokens.sign({ userId: (users[index] as { id: number }).id, sessionVersion: 0 }),
      cookie,
      email: `guest-${index + 1}@example.com`,
      products: lines.map((line) => line.id),
      variants: lines.map((line) => line.variant),
    });
  }
  const hash = (cookie: string) => createHash('sha256').update(cookie).digest('hex');
  const guestCarts = shoppers.flatMap((shopper) => [shopper.cookie, shopper.checkoutCookie]);
  await db.execute(sql`insert into carts (token_hash) values ${sql.join(guestCarts.map((cookie) => sql`(${hash(cookie)})`), sql`, `)}`);
  await db.execute(sql`insert into carts (user_id) select id from users where email like 'shopper-%'`);
  // Shopper i's lines, in the guest cart of their cookie and in the cart of their account.
  const lineValues = shoppers.flatMap((shopper, index) =>
    shopper.variants.map((variant) => sql`(${hash(shopper.cookie)}, ${hash(shopper.checkoutCookie)}, ${(users[index] as { id: number }).id}::int, ${variant}::int)`),
  );
  await db.execute(sql`insert into cart_lines (cart_id, variant_id, quantity, seen_price_cents)
    select c.id, l.variant, 1, v.price_cents
    from (values ${sql.join(lineValues, sql`, `)}) as l(token_hash, checkout_hash, user_id, variant)
    join product_variants v on v.id = l.variant
    join lateral (select id from carts where token_hash = l.token_hash
      union all select id from carts where token_hash = l.checkout_hash
      union all select id from carts where user_id = l.user_id) c on true`);
  await db.execute(sql`vacuum analyze`);
  return { shoppers, rateId: rate?.id ?? 0 };
}

/** The body of a cart sent at checkout: one entry per unit, each naming its variant. */
const cartBody = (shopper: CheckoutFixture['shoppers'][number]) => shopper.products.map((id, line) => ({ _id: String(id), variant: String(shopper.variants[line]) }));

const ADDRESS = { country: 'FR', postcode: '75002' };
const DELIVERY = { ...ADDRESS, name: 'Ann Shopper', phone: '+33 1 23 45 67 89', city: 'Paris', lines: '1 rue de la Paix' };
/** Each shopper from an address of their own (the shop is told by X-Forwarded-For, TRUST_PROXY on). */
const from = (index: number) => ({ 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` });

/** The requests of each cart and checkout call, one per shopper. */
export function checkoutRequests(fixture: CheckoutFixture) {
  const { shoppers, rateId } = fixture;
  const json = (value: unknown) => JSON.stringify(value);
  return {
    cartRead: shoppers.map((shopper): BenchRequest => ({ path: '/cart', headers: { cookie: `cart_id=${shopper.cookie}` } })),
    cartSet: shoppers.map(
      (shopper): BenchRequest => ({
        path: '/cart/lines',
        method: 'PUT',
        headers: { cookie: `cart_id=${shopper.cookie}` },
        body: json({ variant: String(shopper.variants[0]), quantity: 1 }),
      }),
    ),
    quote: shoppers.map((shopper): BenchRequest => ({ path: '/checkout/quote', body: json({ cart: cartBody(shopper), address: ADDRESS }) })),
    quoteWithCode: shoppers.map(
      (shopper): BenchRequest => ({
        path: '/checkout/quote',
        body: json({ cart: cartBody(shopper), address: ADDRESS, rateId: String(rateId), code: BENCH_CODE, email: shopper.email }),
      }),
    ),
    countries: [{ path: '/checkout/countries' }] as BenchRequest[],
    placeOrder: shoppers.map(
      (shopper, index): BenchRequest => ({
        path: '/auth/orders',
        headers: { authorization: shopper.token, ...from(index) },
        body: json({ cart: cartBody(shopper), delivery: DELIVERY, rateId: String(rateId) }),
      }),
    ),
    // The guest checkout: the signed-in body (the same delivery address and rate) and the e-mail.
    placeGuestOrder: shoppers.map(
      (shopper, index): BenchRequest => ({
        path: '/auth/guest-orders',
        headers: { cookie: `cart_id=${shopper.checkoutCookie}`, ...from(SHOPPERS + index) },
        body: json({ cart: cartBody(shopper), email: shopper.email, delivery: { ...DELIVERY, name: 'Ann Guest' }, rateId: String(rateId) }),
      }),
    ),
  };
}

/** What the shop is started with for these calls: the per-address limits see each shopper's own address. */
export const CHECKOUT_SHOP_ENV = {
  TRUST_PROXY: 'true',
  // A bench places thousands of orders for each shopper's account, e-mail and address, each waiting for
  // payment on delivery: the limits are raised (still checked, the same queries) so that none is refused.
  OPEN_ORDERS_PER_ACCOUNT: '1000000',
  OPEN_UNITS_PER_ACCOUNT: '100000000',
  OPEN_ORDERS_PER_ADDRESS: '1000000',
  OPEN_UNITS_PER_ADDRESS: '100000000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
};
