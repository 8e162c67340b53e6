import { shopMoney } from '../../../domain/money.ts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { OrderState, PaymentMethod, PaymentStatus } from '../../../domain/order-lifecycle.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { arrayParam, executeNamed, preparedOnce } from '../../lib/prepared.ts';
import { awaitingPayment, orderItems, orders, orderTaxLines, productPhotos, products, productVariantPhotos, productVariants, users } from '../../db/schema.ts';

export type OrderItemRow = typeof orderItems.$inferSelect;

/** What an order line is per variant: its key in refunds and restocks (lines made before variants: the product). */
export const lineKey = (line: { productId: number; variantId?: number | null }) => `${line.productId}:${line.variantId ?? ''}`;

/** An order's own columns as its answer reads them (orderSelection without its buyer and delivery). */
const orderColumns = {
  id: orders.id,
  status: orders.status,
  totalCents: orders.totalCents,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  currency: orders.currency,
  refundedMinor: orders.refundedMinor,
  discountMinor: orders.discountMinor,
  discountCode: orders.discountCode,
  createdAt: orders.createdAt,
  subtotalMinor: orders.subtotalMinor,
  shippingName: orders.shippingName,
  shippingMinor: orders.shippingMinor,
  taxMinor: orders.taxMinor,
  taxIncluded: orders.taxIncluded,
};

export const orderSelection = {
  ...orderColumns,
  /** `guest`: a guest buyer's row (docs/decisions/0019-guest-checkout.md): their mails link to the order's signed page. */
  buyer: { id: users.id, name: users.name, email: users.email, guest: users.guest },
  delivery: { name: orders.deliveryName, address: orders.deliveryAddress, phone: orders.deliveryPhone, country: orders.deliveryCountry },
};
export type OrderRow = SelectResultFields<typeof orderSelection>;

export function selectOrders(db: Db | Tx) {
  return db.select(orderSelection).from(orders).innerJoin(users, eq(users.id, orders.buyerId));
}

export async function listOrders(db: Db, buyerId: number | null, limit: number, offset: number): Promise<OrderRow[]> {
  return selectOrders(db)
    .where(buyerId === null ? undefined : eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function countOrders(db: Db, buyerId: number | null): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(buyerId === null ? undefined : eq(orders.buyerId, buyerId));
  return Number(row?.value ?? 0);
}

export async function findOrder(db: Db | Tx, id: number): Promise<OrderRow | undefined> {
  // A named statement: planned once per connection (read by every order placed and every status change).
  const [row] = await selectOrders(db).where(eq(orders.id, sql.placeholder('id'))).prepare('order_find').execute({ id });
  return row;
}

/** The items of several orders in one query. */
export async function itemsOfOrders(db: Db | Tx, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
}

export type OrderTaxLineRow = typeof orderTaxLines.$inferSelect;

/** The tax lines of several orders in one query. */
export async function taxLinesOfOrders(db: Db | Tx, orderIds: number[]): Promise<OrderTaxLineRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderTaxLines).where(inArray(orderTaxLines.orderId, orderIds)).orderBy(asc(orderTaxLines.orderId));
}

/** What checkout reads of each product of a cart (its name and price are copied into the order; its class and category price it). */
const stockSelection = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  priceCents: products.priceCents,
  quantity: products.quantity,
  /** A draft is not sold: checkout refuses it. */
  draft: products.draft,
  taxClass: products.taxClass,
  categoryId: products.categoryId,
};
export type StockRow = SelectResultFields<typeof stockSelection>;

/**
 * The checkout's reads are named statements: PostgreSQL parses and plans each once per connection instead of
 * at every call (planning a read of a cart's rows costs more than running it). A list of n ids makes its own
 * text (`in ($1, …, $n)`), so n is in the name: one statement per size of cart met, at most MAX_CART_ENTRIES.
 */
const named = (name: string, ids: unknown[]) => `${name}_${ids.length}`;
/** A list of n ids as n placeholders, and their values: a query prepared once per n (preparedOnce). */
const idPlaceholders = (ids: unknown[]) => ids.map((_, index) => sql.placeholder(`id${index}`));
const idValues = (ids: number[]) => Object.fromEntries(ids.map((id, index) => [`id${index}`, id]));

/** Lock the products of a cart, in id order so that concurrent checkouts never deadlock. */
export async function lockProducts(tx: Tx, ids: number[]): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(stockSelection)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update')
    .prepare(named('order_lock_products', ids))
    .execute();
}

/** The products of a cart without locking them (the checkout's quote: figures only, nothing taken). */
export async function productsOf(db: Db | Tx, ids: number[]): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  const name = named('order_products_of', ids);
  // Read by every quote: its SQL built once per database and number of ids.
  const query = preparedOnce(db, name, () =>
    db.select(stockSelection).from(products).where(inArray(products.id, idPlaceholders(ids))).orderBy(asc(products.id)).prepare(name),
  );
  return query.execute(idValues(ids));
}

/** Add `delta` (negative to take) to the stock of each product, in one statement. */
export async function adjustStock(tx: Tx, lines: { productId: number; delta: number }[]): Promise<void> {
  if (lines.length === 0) return;
  const values = sql.join(
    lines.map((line) => sql`(${line.productId}::int, ${line.delta}::int)`),
    sql`, `,
  );
  await executeNamed(tx, sql`
    update ${products} set quantity = ${products.quantity} + change.delta, updated_at = now()
    from (values ${values}) as change(id, delta)
    where ${products.id} = change.id`);
}

/** What checkout reads of a variant it sells: its stock and price, and what its order line keeps. */
const variantSelection = {
  id: productVariants.id,
  productId: productVariants.productId,
  priceCents: productVariants.priceCents,
  stock: productVariants.stock,
  weightGrams: productVariants.weightGrams,
  sku: productVariants.sku,
  title: sql<string>`concat_ws(' / ', nullif(${productVariants.option1}, ''), nullif(${productVariants.option2}, ''), nullif(${productVariants.option3}, ''))`,
  /** The variant's first photo, else its product's first photo. */
  photoId: sql<number | null>`coalesce(
    (select ${productVariantPhotos.photoId} from ${productVariantPhotos} where ${productVariantPhotos.variantId} = ${productVariants.id} order by ${productVariantPhotos.position}, ${productVariantPhotos.photoId} limit 1),
    (select ${productPhotos.id} from ${productPhotos} where ${productPhotos.productId} = ${productVariants.productId} order by ${productPhotos.position}, ${productPhotos.id} limit 1))`,
};
export type VariantStockRow = SelectResultFields<typeof variantSelection>;

/** The variants a cart names by id (a cart holds at most MAX_CART_ENTRIES). */
export async function variantsById(tx: Db | Tx, ids: number[]): Promise<VariantStockRow[]> {
  if (ids.length === 0) return [];
  const name = named('order_variants_by_id', ids);
  const query = preparedOnce(tx, name, () => tx.select(variantSelection).from(productVariants).where(inArray(productVariants.id, idPlaceholders(ids))).prepare(name));
  return query.execute(idValues(ids));
}

/** The products' variants in stock, in their order (an entry naming only its product takes the first in stock first). */
export async function variantsInStock(tx: Db | Tx, productIds: number[]): Promise<VariantStockRow[]> {
  if (productIds.length === 0) return [];
  const name = named('order_variants_in_stock', productIds);
  const query = preparedOnce(tx, name, () =>
    tx
      .select(variantSelection)
      .from(productVariants)
      .where(and(inArray(productVariants.productId, idPlaceholders(productIds)), sql`${productVariants.stock} > 0`))
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
      .prepare(name),
  );
  return query.execute(idValues(productIds));
}

export interface StockMove {
  productId: number;
  /** Null: an order line made before variants (its product's variants in order take or get the units). */
  variantId: number | null;
  /** Negative to take. */
  delta: number;
}

/**
 * Moves stock of variants and keeps their products' quantity in step, in the caller's transaction: the
 * products are locked first (in id order, like checkout), each variant's stock moves by a conditional
 * UPDATE that never goes below zero, and each product's quantity by the same total in the same statement. The product's
 * trigger (drizzle/0012_variants.sql) then finds its quantity equal to its variants' sum and moves nothing
 * more; units given back to a variant deleted since (or of a line without one) reach the product, and the
 * trigger gives them to its first variant. Answers the moves that could not be taken (short, or the variant
 * gone): then no product moved, and the caller refuses (rolling back the variants that did move).
 */
export async function moveVariantStock(tx: Tx, moves: StockMove[], options: { productsLocked?: boolean } = {}): Promise<StockMove[]> {
  if (moves.length === 0) return [];
  const productIds = [...new Set(moves.map((move) => move.productId))].sort((a, b) => a - b);
  // The checkout locked them already (lockProducts, the same order): no second round trip.
  if (!options.productsLocked) await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds)).orderBy(asc(products.id)).for('update');
  const plan = stockMovePlan(moves);
  if (!plan.variants) {
    await adjustStock(tx, plan.productChanges);
    return [];
  }
  const result = await executeNamed(tx, sql`with ${plan.variants.ctes} select id from moved`);
  return plan.variants.short(rowsOf<{ id: number }>(result).map((row) => Number(row.id)));
}

/**
 * A stock move as one statement's CTEs: `moved`, the variants' conditional moves (each answers its id), then
 * `adjusted`, the products' moves, taken only when every variant move that takes units was applied. A
 * variant given units back that is gone since gives them to its product (the trigger passes them on to the
 * product's first variant). `variants` is null when no move names a variant (then only productChanges).
 */
function stockMovePlan(moves: StockMove[]): {
  productChanges: { productId: number; delta: number }[];
  variants: { ctes: SQL; short: (movedIds: number[]) => StockMove[] } | null;
} {
  const perVariant = new Map<number, StockMove>();
  for (const move of moves) {
    if (move.variantId === null) continue;
    const known = perVariant.get(move.variantId);
    perVariant.set(move.variantId, known ? { ...known, delta: known.delta + move.delta } : { ...move });
  }
  // Every product's total move, as it is when no variant is refused (a refusal moves no product at all).
  const perProduct = new Map<number, number>();
  for (const move of moves) perProduct.set(move.productId, (perProduct.get(move.productId) ?? 0) + move.delta);
  const productChanges = [...perProduct].filter(([, delta]) => delta !== 0).map(([productId, delta]) => ({ productId, delta }));
  if (perVariant.size === 0) return { productChanges, variants: null };
  const variantValues = sql.join(
    [...perVariant.values()].map((move) => sql`(${move.variantId}::int, ${move.productId}::int, ${move.delta}::int)`),
    sql`, `,
  );
  const taking = [...perVariant.values()].filter((move) => move.delta < 0).length;
  const productValues = sql.join(
    productChanges.map((change) => sql`(${change.productId}::int, ${change.delta}::int)`),
    sql`, `,
  );
  const adjusted =
    productChanges.length === 0
      ? sql``
      : sql`, adjusted as (
          update ${products} set quantity = ${products.quantity} + change.delta, updated_at = now()
          from (values ${productValues}) as change(id, delta)
          where ${products.id} = change.id and (select count(*) from moved where moved.delta < 0) = ${taking})`;
  const ctes = sql`moved as (
      update ${productVariants} set stock = ${productVariants.stock} + change.delta
      from (values ${variantValues}) as change(id, product_id, delta)
      where ${productVariants.id} = change.id and ${productVariants.productId} = change.product_id and ${productVariants.stock} + change.delta >= 0
      returning ${productVariants.id} as id, change.delta as delta)${adjusted}`;
  return {
    productChanges,
    variants: {
      ctes,
      // The moves that could not be taken: short, or the variant gone.
      short: (movedIds) => {
        const moved = new Set(movedIds);
        return [...perVariant.values()].filter((move) => move.delta < 0 && !moved.has(move.variantId as number));
      },
    },
  };
}

export interface NewOrderItem {
  productId: number;
  name: string;
  slug: string;
  description: string;
  unitPriceCents: number;
  quantity: number;
  variantId: number | null;
  sku: string | null;
  variantTitle: string;
  photoId: number | null;
  /** The line's share of the order's discount (none: 0). */
  discountMinor?: number;
}

export interface Delivery {
  name: string;
  address: string;
  phone: string;
  /** Given at checkout (none: the profile's address, as the specification's client orders). */
  country?: string | undefined;
  region?: string | undefined;
  postcode?: string | undefined;
}

/** An order's figures as priceCart answered them (minor units; rates in basis points). */
export interface OrderFigures {
  subtotalMinor: number;
  shipping: { name: string; amountMinor: number } | null;
  taxMinor: number;
  taxIncluded: boolean;
  taxLines: { taxClass: string; rateBasisPoints: number; baseMinor: number; amountMinor: number }[];
}

/**
 * Hold the order limits of an account and of a client address until the transaction ends: a checkout of
 * the same account or from the same address waits, so two cannot both pass a limit. (Account first, then
 * address, in every checkout: no deadlock.)
 */
export async function lockOrderLimits(tx: Tx, buyerId: number, placedFrom: string): Promise<void> {
  // One statement, one round trip: a select list is evaluated left to right, so the account's lock is taken first.
  await executeNamed(tx, sql`select pg_advisory_xact_lock(hashtext('emporium:order-limit:account'), ${buyerId}::int),
    pg_advisory_xact_lock(hashtext('emporium:order-limit:address'), hashtext(${placedFrom}))`);
}

export interface OpenOrders {
  orders: number;
  units: number;
}

/**
 * A checkout's reads after its limits' locks, in one round trip: the open orders of the account and of the
 * client address (each counted over its own partial index, orders_open_buyer_idx and orders_open_from_idx,
 * and its orders' lines), and the cart's products, locked in id order so that concurrent checkouts never
 * deadlock. A named statement (the ids are one array): parsed and planned once per connection.
 */
export async function openOrdersAndLockProducts(
  tx: Tx,
  buyerId: number,
  placedFrom: string,
  ids: number[],
): Promise<{ open: { account: OpenOrders; address: OpenOrders }; stock: StockRow[] }> {
  const counted = (whose: SQL) => sql`select count(distinct ${orders.id})::int as orders, coalesce(sum(${orderItems.quantity}), 0)::int as units
    from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id} where ${whose} and ${awaitingPayment(orders.status)}`;
  const result = await executeNamed(
    tx,
    sql`with account as (${counted(sql`${orders.buyerId} = ${buyerId}::int`)}),
      address as (${counted(sql`${orders.placedFrom} = ${placedFrom}::text`)}),
      locked as materialized (select id, name, slug, description, price_cents, quantity, draft, tax_class, category_id
        from ${products} where id = any(${arrayParam(ids)}::int[]) order by id for update)
    select account.orders as "accountOrders", account.units as "accountUnits", address.orders as "addressOrders",
      address.units as "addressUnits", locked.id, locked.name, locked.slug, locked.description, locked.price_cents as "priceCents",
      locked.quantity, locked.draft, locked.tax_class as "taxClass", locked.category_id as "categoryId"
    from account cross join address left join locked on true order by locked.id`,
  );
  // Each row is a product as stockSelection reads it, beside the counts (one row of nulls when none is found).
  const rows = rowsOf<StockRow & { id: number | null } & Record<'accountOrders' | 'accountUnits' | 'addressOrders' | 'addressUnits', number>>(result);
  const first = rows[0];
  return {
    open: {
      account: { orders: first?.accountOrders ?? 0, units: first?.accountUnits ?? 0 },
      address: { orders: first?.addressOrders ?? 0, units: first?.addressUnits ?? 0 },
    },
    stock: rows.flatMap(({ accountOrders: _ao, accountUnits: _au, addressOrders: _do, addressUnits: _du, id, ...product }) =>
      id === null ? [] : [{ id, ...product }],
    ),
  };
}

/** An order as it is written: its buyer, where from, its lines and figures, and the stock it takes. */
export interface NewOrder {
  buyerId: number;
  delivery: Delivery;
  totalCents: number;
  items: NewOrderItem[];
  placedFrom: string;
  paymentMethod: PaymentMethod;
  figures: OrderFigures;
  discount: { minor: number; code: string } | null;
  stockMoves: StockMove[];
}

export async function insertOrder(
  tx: Tx,
  { buyerId, delivery, totalCents, items, placedFrom, paymentMethod, figures, discount, stockMoves }: NewOrder,
): Promise<{ order: Omit<OrderRow, 'buyer'>; items: OrderItemRow[]; taxLines: OrderTaxLineRow[]; short: StockMove[] }> {
  // One named statement (its text is the same for every order of as many lines: the lines and tax lines are
  // arrays), so one round trip and a plan kept per connection: the stock move (the products are locked by the
  // caller), the order, its tax lines and its lines, answered as JSON (the same numbers and times on both
  // engines, whatever their drivers make of bigint and timestamps). A move that could not be taken is
  // answered in `short`: the caller refuses, and its transaction's rollback takes the order back with it.
  const stock = stockMovePlan(stockMoves);
  if (!stock.variants) await adjustStock(tx, stock.productChanges);
  const taxLines = figures.taxLines;
  const column = (key: keyof NewOrderItem) => arrayParam(items.map((item) => item[key] ?? null));
  const taxColumn = (key: keyof OrderFigures['taxLines'][number]) => arrayParam(taxLines.map((line) => line[key]));
  const result = await executeNamed(
    tx,
    sql`with ${stock.variants ? sql`${stock.variants.ctes}, ` : sql``}placed as (
      insert into ${orders} (buyer_id, placed_from, payment_method, total_cents, currency, delivery_name, delivery_address,
        delivery_phone, discount_minor, discount_code, delivery_country, delivery_region, delivery_postcode, subtotal_minor,
        shipping_name, shipping_minor, tax_minor, tax_included)
      values (${buyerId}::int, ${placedFrom}::text, ${paymentMethod}::text, ${totalCents}::bigint, ${shopMoney().currency}::text,
        ${delivery.name}::text, ${delivery.address}::text, ${delivery.phone}::text, ${discount?.minor ?? 0}::bigint,
        ${discount?.code ?? null}::text, ${delivery.country ?? null}::text, ${delivery.region ?? null}::text,
        ${delivery.postcode ?? null}::text, ${figures.subtotalMinor}::bigint, ${figures.shipping?.name ?? null}::text,
        ${figures.shipping?.amountMinor ?? 0}::bigint, ${figures.taxMinor}::bigint, ${figures.taxIncluded}::boolean)
      returning id, status, total_cents as "totalCents", payment_method as "paymentMethod", payment_status as "paymentStatus",
        currency, refunded_minor as "refundedMinor", discount_minor as "discountMinor", discount_code as "discountCode",
        created_at as "createdAt", subtotal_minor as "subtotalMinor", shipping_name as "shippingName",
        shipping_minor as "shippingMinor", tax_minor as "taxMinor", tax_included as "taxIncluded",
        json_build_object('name', delivery_name, 'address', delivery_address, 'phone', delivery_phone, 'country', delivery_country) as delivery),
    taxes as (
      insert into ${orderTaxLines} (order_id, tax_class, rate_basis_points, base_minor, amount_minor)
      select placed.id, line.tax_class, line.rate, line.base, line.amount from placed,
        unnest(${taxColumn('taxClass')}::text[], ${taxColumn('rateBasisPoints')}::int[],
          ${taxColumn('baseMinor')}::bigint[], ${taxColumn('amountMinor')}::bigint[]) as line(tax_class, rate, base, amount)),
    lines as (
      insert into ${orderItems} (order_id, product_id, name, slug, description, unit_price_cents, quantity, variant_id, sku,
        variant_title, photo_id, discount_minor)
      select placed.id, line.product_id, line.name, line.slug, line.description, line.unit_price, line.quantity, line.variant_id,
        line.sku, line.variant_title, line.photo_id, line.discount from placed,
        unnest(${column('productId')}::int[], ${column('name')}::text[], ${column('slug')}::text[], ${column('description')}::text[],
          ${column('unitPriceCents')}::int[], ${column('quantity')}::int[], ${column('variantId')}::int[], ${column('sku')}::text[],
          ${column('variantTitle')}::text[], ${column('photoId')}::int[], ${arrayParam(items.map((item) => item.discountMinor ?? 0))}::bigint[])
          with ordinality as line(product_id, name, slug, description, unit_price, quantity, variant_id, sku, variant_title, photo_id, discount, position)
        order by line.position
      returning id, order_id as "orderId", product_id as "productId", name, slug, description, unit_price_cents as "unitPriceCents",
        quantity, variant_id as "variantId", sku, variant_title as "variantTitle", photo_id as "photoId", discount_minor as "discountMinor")
    select (select row_to_json(placed) from placed) as "order", (select json_agg(lines order by lines.id) from lines) as items${
      stock.variants ? sql`, (select json_agg(moved.id) from moved) as moved` : sql``
    }`,
  );
  const [written] = rowsOf<{ order: WrittenOrder | null; items: OrderItemRow[] | null; moved?: number[] | null }>(result);
  if (!written?.order) throw new Error('order insert returned nothing');
  const order = { ...written.order, createdAt: new Date(written.order.createdAt) };
  return {
    order,
    items: written.items ?? [],
    // The tax lines as written (they have no column of the database's own).
    taxLines: taxLines.map((line) => ({ ...line, orderId: order.id })),
    short: stock.variants ? stock.variants.short((written.moved ?? []).map(Number)) : [],
  };
}

/** The order as its insert answers it, in JSON: its time as text. */
type WrittenOrder = Omit<Omit<OrderRow, 'buyer'>, 'createdAt'> & { createdAt: string };

export async function lockOrderStatus(tx: Tx, id: number): Promise<string | undefined> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).for('update');
  return row?.status;
}

export async function setOrderStatus(tx: Tx, id: number, status: OrderStatus): Promise<void> {
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id));
}

/** The order's lifecycle state, its row locked until the transaction ends (every change to an order takes it first). */
export async function lockOrderState(tx: Tx, id: number): Promise<OrderState | undefined> {
  const [row] = await tx
    .select({
      fulfilment: orders.status,
      payment: orders.paymentStatus,
      method: orders.paymentMethod,
      totalMinor: orders.totalCents,
      refundedMinor: orders.refundedMinor,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  return row
    ? {
        ...row,
        fulfilment: row.fulfilment as OrderStatus,
        payment: row.payment as PaymentStatus,
        method: row.method as PaymentMethod,
      }
    : undefined;
}

/** Write an order's new lifecycle state (`paid_at` set the first time it is paid). */
export async function saveOrderState(tx: Tx, id: number, state: OrderState): Promise<void> {
  const paid = state.payment !== 'pending' && state.payment !== 'failed' && state.payment !== 'expired';
  await tx
    .update(orders)
    .set({
      status: state.fulfilment,
      paymentStatus: state.payment,
      refundedMinor: state.refundedMinor,
      updatedAt: new Date(),
      ...(paid ? { paidAt: sql`coalesce(${orders.paidAt}, now())` } : {}),
    })
    .where(eq(orders.id, id));
}
