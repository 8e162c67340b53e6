import { and, asc, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from '../../db/client.ts';
import { preparedOnce } from '../../lib/prepared.ts';
import { cartLines, carts, categories, productPhotos, products, productVariantPhotos, productVariants } from '../../db/schema.ts';

/** Whose cart: a signed-in user's, or a guest's (by the SHA-256 of its cookie's id). */
export type CartOwner = { userId: number } | { tokenHash: string };

/** The carts' column that names the owner (unique), and the owner's value in it. */
const ownerColumn = (owner: CartOwner) => ('userId' in owner ? carts.userId : carts.tokenHash);
const ownerValue = (owner: CartOwner): number | string => ('userId' in owner ? owner.userId : owner.tokenHash);
const ownerIs = (owner: CartOwner): SQL => eq(ownerColumn(owner), ownerValue(owner));

/** A line, flat beside its product's fields (what toWireProduct reads). */
const lineSelection = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  priceCents: products.priceCents,
  priceMaxCents: products.priceMaxCents,
  quantity: products.quantity,
  shipping: products.shipping,
  hasPhoto: products.hasPhoto,
  draft: products.draft,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  category: { id: categories.id, name: categories.name, slug: categories.slug },
  lineId: cartLines.id,
  lineQuantity: cartLines.quantity,
  seenPriceCents: cartLines.seenPriceCents,
  variant: {
    id: productVariants.id,
    sku: productVariants.sku,
    priceCents: productVariants.priceCents,
    stock: productVariants.stock,
    title: sql<string>`concat_ws(' / ', nullif(${productVariants.option1}, ''), nullif(${productVariants.option2}, ''), nullif(${productVariants.option3}, ''))`,
    /** The variant's own first photo (none: its product's photo shows). */
    photo: sql<{ id: number; etag: string } | null>`(select json_build_object('id', ${productPhotos.id}, 'etag', ${productPhotos.etag})
      from ${productVariantPhotos} join ${productPhotos} on ${productPhotos.id} = ${productVariantPhotos.photoId}
      where ${productVariantPhotos.variantId} = ${productVariants.id}
      order by ${productVariantPhotos.position}, ${productVariantPhotos.photoId} limit 1)`,
  },
};
export type CartLineRow = SelectResultFields<typeof lineSelection>;

/** Whose cart a statement is about, in its name: the two owners' statements differ. */
const ownerKind = (owner: CartOwner) => ('userId' in owner ? 'user' : 'guest');

/**
 * The owner's cart, whole, with live prices and stock: one query (by the owner's unique key, then the lines'
 * key), a named statement: PostgreSQL parses and plans it once per connection (its planning cost five times
 * its execution), not at every read.
 */
export async function readLines(db: Db | Tx, owner: CartOwner): Promise<CartLineRow[]> {
  const name = `cart_lines_of_${ownerKind(owner)}`;
  // Read on every cart call: its SQL is built once per database (and once per transaction that reads it: a
  // prepared query runs on the session it was made on).
  const query = preparedOnce(db, name, () =>
    db
      .select(lineSelection)
      .from(carts)
      .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
      .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(ownerColumn(owner), sql.placeholder('owner')))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.id))
      .prepare(name),
  );
  return query.execute({ owner: ownerValue(owner) });
}

/** The owner's cart's id, made if it has none; its last change becomes now (a guest's is kept 30 days from it). */
export async function ensureCart(tx: Tx, owner: CartOwner): Promise<number> {
  const [row] = await tx
    .insert(carts)
    .values(owner)
    .onConflictDoUpdate({ target: ownerColumn(owner), set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id })
    .prepare(`cart_ensure_${ownerKind(owner)}`)
    .execute();
  if (!row) throw new Error('cart not made');
  return row.id;
}

export interface VariantToBuy {
  id: number;
  productId: number;
  productName: string;
  title: string;
  priceCents: number;
  stock: number;
}

const variantToBuy = {
  id: productVariants.id,
  productId: productVariants.productId,
  productName: products.name,
  title: lineSelection.variant.title,
  priceCents: productVariants.priceCents,
  stock: productVariants.stock,
};

/** A variant by its id (with its product's name). */
export async function variantById(db: Db | Tx, variantId: number): Promise<VariantToBuy | undefined> {
  const query = preparedOnce(db, 'cart_variant_by_id', () =>
    db
      .select(variantToBuy)
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(productVariants.id, sql.placeholder('variantId')), eq(products.draft, false)))
      .prepare('cart_variant_by_id'),
  );
  const [row] = await query.execute({ variantId });
  return row;
}

/** A product's first variant in stock (in the owner's order), else its first. */
export async function firstVariantOf(db: Db | Tx, productId: number): Promise<VariantToBuy | undefined> {
  const query = preparedOnce(db, 'cart_first_variant_of', () =>
    db
      .select(variantToBuy)
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(productVariants.productId, sql.placeholder('productId')), eq(products.draft, false)))
      .orderBy(desc(sql`${productVariants.stock} > 0`), asc(productVariants.position), asc(productVariants.id))
      .limit(1)
      .prepare('cart_first_variant_of'),
  );
  const [row] = await query.execute({ productId });
  return row;
}

/** Adds units to the cart's line of a variant (made if missing); the line's seen price becomes today's. Its units after. */
export async function addToLine(tx: Tx, cartId: number, variant: VariantToBuy, quantity: number): Promise<number> {
  const [row] = await tx
    .insert(cartLines)
    .values({ cartId, variantId: variant.id, quantity, seenPriceCents: variant.priceCents })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.variantId],
      set: { quantity: sql`${cartLines.quantity} + excluded.quantity`, seenPriceCents: sql`excluded.seen_price_cents` },
    })
    .returning({ quantity: cartLines.quantity })
    .prepare('cart_add_to_line')
    .execute();
  return row?.quantity ?? quantity;
}

/**
 * Sets the units of a variant in the owner's cart, the cart made if missing (its last change becomes now), in
 * one statement: the cart's upsert (ensureCart) and the line's, in one round trip (the line's PUT, the cart's commonest write).
 */
export async function setOwnersLine(tx: Tx, owner: CartOwner, variant: VariantToBuy, quantity: number): Promise<void> {
  const column = 'userId' in owner ? sql`user_id` : sql`token_hash`;
  await tx.execute(sql`with cart as (
      insert into ${carts} (${column}) values (${ownerValue(owner)})
      on conflict (${column}) do update set updated_at = now()
      returning id)
    insert into ${cartLines} (cart_id, variant_id, quantity, seen_price_cents)
    select cart.id, ${variant.id}::int, ${quantity}::int, ${variant.priceCents}::int from cart
    on conflict (cart_id, variant_id) do update set quantity = excluded.quantity, seen_price_cents = excluded.seen_price_cents`);
}

/** Removes the owner's line of a variant (nothing when there is none). */
export async function removeVariant(tx: Db | Tx, owner: CartOwner, variantId: number): Promise<void> {
  await tx.execute(sql`delete from ${cartLines} using ${carts}
    where ${cartLines.cartId} = ${carts.id} and ${cartLines.variantId} = ${variantId} and ${ownerIs(owner)}`);
}

/** Removes a line of the owner's cart; false when the owner has no such line (another's line is left alone). */
export async function removeLine(db: Db | Tx, owner: CartOwner, lineId: number): Promise<boolean> {
  const result = await db.execute(sql`delete from ${cartLines} using ${carts}
    where ${cartLines.id} = ${lineId} and ${cartLines.cartId} = ${carts.id} and ${ownerIs(owner)} returning ${cartLines.id}`);
  return rowsOf(result).length > 0;
}

/** Removes every line of the owner's cart. */
export async function emptyCart(db: Db | Tx, owner: CartOwner): Promise<void> {
  await db.execute(sql`delete from ${cartLines} using ${carts} where ${cartLines.cartId} = ${carts.id} and ${ownerIs(owner)}`);
}

const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;

/**
 * A guest's cart joins the user's, in the caller's transaction: the guest's cart row is locked and deleted
 * (so a second sign-in from another tab, waiting on that lock, finds nothing left to add), the user's cart
 * row is locked by the upsert that finds or makes it (merges into one account wait for each other), its lines are
 * added to the user's by the (cart, variant) key: units summed, never more than the stock or CART_LINE_MAX,
 * never fewer than either cart held. Returns how many lines were moved.
 */
export async function mergeGuestCart(tx: Tx, tokenHash: string, userId: number, lineMax: number): Promise<number> {
  const [guest] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.tokenHash, tokenHash), isNull(carts.userId)))
    .for('update');
  if (!guest) return 0;
  // The user's cart (made if missing): its row stays locked by the upsert until the merge commits.
  const userCartId = await ensureCart(tx, { userId });
  const moved = await tx.execute(sql`
    insert into ${cartLines} (cart_id, variant_id, quantity, seen_price_cents, created_at)
    select ${userCartId}, l.variant_id, least(l.quantity, ${lineMax}), l.seen_price_cents, l.created_at
    from ${cartLines} l where l.cart_id = ${guest.id}
    on conflict (cart_id, variant_id) do update set
      quantity = least(
        ${cartLines.quantity} + excluded.quantity,
        greatest(
          (select v.stock from ${productVariants} v where v.id = excluded.variant_id),
          ${cartLines.quantity},
          excluded.quantity
        ),
        ${lineMax}
      )
    returning ${cartLines.id}`);
  await tx.delete(carts).where(eq(carts.id, guest.id));
  return rowsOf(moved).length;
}

/**
 * Lines an order bought leave the buyer's cart: a line's units less the units ordered (none left: removed).
 * Two writes for executeTogether, run in the order's transaction after its lines are written (they read
 * them): the lines bought whole are deleted, the others lowered; the two sets are apart (`<=` and `>`), so no
 * row is both deleted and updated.
 */
export function orderedOutWrites(owner: CartOwner, orderId: number): SQL[] {
  const whose = 'userId' in owner ? sql`c.user_id = ${owner.userId}::int` : sql`c.token_hash = ${owner.tokenHash}::text`;
  const lines = (leftOver: SQL) => sql`select l.id, l.quantity - o.quantity as left_over from ${cartLines} l join ${carts} c on c.id = l.cart_id
    join (select variant_id, sum(quantity)::int as quantity from order_items where order_id = ${orderId}::int and variant_id is not null group by variant_id) o
      on o.variant_id = l.variant_id
    where ${whose} and l.quantity - o.quantity ${leftOver}`;
  return [
    sql`delete from ${cartLines} where id in (select id from (${lines(sql`<= 0`)}) bought)`,
    sql`update ${cartLines} l set quantity = lowered.left_over from (${lines(sql`> 0`)}) lowered where l.id = lowered.id`,
  ];
}

/** Guests' carts not changed for `days` days are forgotten. */
export async function pruneGuestCarts(db: Db, days: number): Promise<void> {
  await db.delete(carts).where(and(isNull(carts.userId), lt(carts.updatedAt, sql`now() - make_interval(days => ${days})`)));
}
