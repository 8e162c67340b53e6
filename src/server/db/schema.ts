import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    answerHash: text('answer_hash').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    role: integer('role').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Ascending indexes scanned backwards serve "newest first" (ORDER BY … DESC, whose nulls come first).
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_created_at_idx').on(t.createdAt, t.id)],
);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_unique').on(t.slug),
    uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`),
  ],
);

/** Slugs a category had before a rename: they keep resolving to it. */
export const categorySlugHistory = pgTable('category_slug_history', {
  slug: text('slug').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
});

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    shipping: boolean('shipping').notNull().default(false),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    hasPhoto: boolean('has_photo').notNull().default(false),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    index('products_created_at_idx').on(t.createdAt, t.id),
    index('products_category_created_idx').on(t.categoryId, t.createdAt, t.id),
    index('products_price_idx').on(t.priceCents),
    index('products_search_idx').using('gin', t.search),
    check('products_price_non_negative', sql`${t.priceCents} >= 0`),
    check('products_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);

/** Slugs a product had before a rename: they keep resolving to it. */
export const productSlugHistory = pgTable('product_slug_history', {
  slug: text('slug').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
});

/** Photo bytes live apart from products so that no product query ever reads them. */
export const productPhotos = pgTable('product_photos', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  etag: text('etag').notNull(),
  updatedAt: updatedAt(),
});

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('Not Process'),
    totalCents: integer('total_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt, t.id),
    index('orders_created_at_idx').on(t.createdAt, t.id),
    check('orders_status_valid', sql`${t.status} in ('Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel')`),
  ],
);

/** What was bought, as it was at the time (a later edit or deletion of the product changes nothing here). */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

/** Failed sign-in or reset attempts per account, in a fixed window. */
export const authFailures = pgTable('auth_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Settings the server keeps for itself (the generated JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Counters kept by triggers so that totals never scan a table. */
export const catalogueCounters = pgTable('catalogue_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});
