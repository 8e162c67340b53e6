// Orders for measurements of the admin's lists: `total` orders over the last 120 days from 10,000
// customers (1-3 lines each, of the bench catalogue's products), in every status and payment method, and
// an administrator with a token the shop accepts.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { createTokens, resolveJwtSecret } from '../../src/server/modules/auth/tokens.ts';

export const BENCH_CUSTOMERS = 10_000;

/** Seeds the customers and orders; answers an administrator's token (one hour). */
export async function seedBenchOrders(db: Db, total: number): Promise<string> {
  await db.execute(sql`insert into users (name, email, password_hash, answer_hash, phone, address, role, created_at)
    select 'Customer ' || g, 'customer-' || g || '@example.com', 'x', 'x', '555', g || ' Main Street', case when g = 1 then 1 else 0 end,
           now() - ((g % 365) || ' days')::interval
    from generate_series(1, ${BENCH_CUSTOMERS}) g`);
  await db.execute(sql`insert into orders (buyer_id, status, payment_method, payment_status, total_cents, created_at, delivery_name, delivery_address, delivery_phone)
    select 1 + (g * 7919) % ${BENCH_CUSTOMERS},
           s.status,
           (array['cash_on_delivery','cash_on_delivery','card','bank_transfer'])[1 + g % 4],
           case when s.status = 'delivered' or (g % 4 = 2 and s.status <> 'cancelled') then 'paid' else 'pending' end,
           0, now() - ((g::float / ${total}) * interval '120 days'), 'Customer', 'Street', '555'
    from generate_series(1, ${total}) g,
         lateral (select (array['not_processed','processing','shipped','delivered','delivered','delivered','cancelled'])[1 + g % 7] as status) s`);
  await db.execute(sql`insert into order_items (order_id, product_id, name, slug, description, unit_price_cents, quantity)
    select o.id, p.id, p.name, p.slug, 'A product.', p.price_cents, 1 + (o.id + l) % 3
    from orders o cross join generate_series(1, 3) l
    join products p on p.id = 1 + (o.id * 31 + l * 977) % (select count(*) from products)
    where l <= 1 + o.id % 3`);
  await db.execute(sql`update orders o set total_cents = s.total from (select order_id, sum(unit_price_cents * quantity) as total from order_items group by 1) s where s.order_id = o.id`);
  await db.execute(sql`vacuum analyze`);
  return createTokens(await resolveJwtSecret(db, undefined), '1h').sign({ userId: 1, sessionVersion: 0 });
}
