import { type AnyColumn, sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AWAITING_PAYMENT } from '../../domain/order-status.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An order's status is one of AWAITING_PAYMENT, written out as literals (a partial index's predicate, and
 * the queries it serves, must spell it the same way).
 */
export const awaitingPayment = (status: AnyColumn) =>
  sql`${status} in (${sql.raw(AWAITING_PAYMENT.map((value) => `'${value}'`).join(', '))})`;

/**
 * An order to ship: paid (or paid on delivery) and not shipped yet. Written out once: the partial index's
 * predicate and the admin list's filter must spell it the same way.
 */
export const toShip = (t: { status: AnyColumn; paymentStatus: AnyColumn; paymentMethod: AnyColumn }) =>
  sql`${t.status} in ('not_processed', 'processing') and (${t.paymentMethod} = 'cash_on_delivery' or ${t.paymentStatus} in ('paid', 'partially_refunded'))`;

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/**
 * The storage of a GIN index on rows that are updated (new row versions): new entries go to a pending list of at
 * most 256 kB, merged into the index in one batch (see products_search_idx).
 */
const GIN_PENDING = { fastupdate: true, gin_pending_list_limit: 256 };

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
    /** Raised by every password change and promotion: tokens carry the version they were issued for. */
    sessionVersion: integer('session_version').notNull().default(0),
    /**
     * A guest buyer (checkout without an account, docs/decisions/0019-guest-checkout.md): one row per
     * normalised e-mail, no password, never signs in, not listed among the accounts. Its orders move to the
     * account of the same address once that account confirms the address by a mailed link.
     */
    guest: boolean('guest').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Ascending indexes scanned backwards serve "newest first" (ORDER BY … DESC, whose nulls come first).
  (t) => [
    // One account per e-mail, and one guest row per e-mail beside it.
    uniqueIndex('users_email_unique').on(t.email).where(sql`not ${t.guest}`),
    uniqueIndex('users_guest_email_unique').on(t.email).where(sql`${t.guest}`),
    index('users_created_at_idx').on(t.createdAt, t.id),
    // The admin's search of customers by name or e-mail (substrings, ILIKE '%word%'): the orders and users lists.
    index('users_search_trgm_idx')
      .using('gin', sql`(${t.name} || ' ' || ${t.email}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
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
    /** The highest variant price when the variants differ in price (a card says "from"); null when they do not. */
    priceMaxCents: integer('price_max_cents'),
    quantity: integer('quantity').notNull(),
    shipping: boolean('shipping').notNull().default(false),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    hasPhoto: boolean('has_photo').notNull().default(false),
    /** At or below this stock the owner's page lists the product as low in stock. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    /** A draft is the owner's only: no shopper's read finds it, no kept count counts it, no order takes it. */
    draft: boolean('draft').notNull().default(false),
    /** standard, reduced or zero (src/domain/pricing.ts TAX_CLASSES): the zone's rate for it taxes the product. */
    taxClass: text('tax_class').notNull().default('standard'),
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
    // The admin's newest-first list (drafts included).
    index('products_created_at_idx').on(t.createdAt, t.id),
    // The shop's lists read only products shown to shoppers: partial indexes without the drafts, so a page
    // stays an index-only range read whatever the number of drafts.
    index('products_listed_created_idx').on(t.createdAt, t.id).where(sql`not ${t.draft}`),
    index('products_category_created_idx').on(t.categoryId, t.createdAt, t.id).where(sql`not ${t.draft}`),
    index('products_price_idx').on(t.priceCents).where(sql`not ${t.draft}`),
    // The admin's "drafts" filter: the drafts alone (few), newest first.
    index('products_drafts_created_idx').on(t.createdAt, t.id).where(sql`${t.draft}`),
    check('products_tax_class_valid', sql`${t.taxClass} in ('standard', 'reduced', 'zero')`),
    // The admin's products list: sorted by name, price or stock (keyset pages on (key, id)).
    index('products_name_id_idx').on(t.name, t.id),
    index('products_price_id_idx').on(t.priceCents, t.id),
    // No index names quantity or updated_at (nor may one: tests/api/stock-moves-hot.test.ts): every order
    // changes its products' stock, and a change of columns no index reads, on a page with room (the table's
    // fillfactor is 90, migration 0027), is a HOT update that adds no index entry at all. The admin's sort
    // and filters by stock read admin_product_stock instead. Decision record 0023.
    // GIN indexes with a small pending list (GIN_PENDING): an owner's edit or a bulk load appends its
    // entries, merged into the trees in a batch once the list passes 256 kB (a search reads the list too:
    // +0.1 ms when full). Decision record 0020.
    index('products_search_idx').using('gin', t.search).with(GIN_PENDING),
    // Substrings of 3 or more characters anywhere in the name or description (search, ILIKE '%word%').
    index('products_text_trgm_idx')
      .using('gin', sql`(${t.name} || ' ' || ${t.description}) gin_trgm_ops`)
      .with(GIN_PENDING),
    check('products_price_non_negative', sql`${t.priceCents} >= 0`),
    check('products_quantity_non_negative', sql`${t.quantity} >= 0`),
    check('products_low_stock_threshold_range', sql`${t.lowStockThreshold} between 0 and 1000000`),
  ],
);

/** Slugs a product had before a rename: they keep resolving to it. */
export const productSlugHistory = pgTable('product_slug_history', {
  slug: text('slug').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
});

/**
 * A product's photos (at most PRODUCT_PHOTOS_MAX), in the owner's order: the first is the product's `photo`.
 * The bytes live apart from products so that no product query ever reads them; `data` is the photo as
 * uploaded, re-encoded without its metadata (the original kept for download).
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    alt: text('alt').notNull().default(''),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    etag: text('etag').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('product_photos_product_idx').on(t.productId, t.position)],
);

/** Smaller WebP copies of a photo (PHOTO_WIDTHS), made when the photo is stored (or first asked for). */
export const productPhotoVariants = pgTable(
  'product_photo_variants',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Filled from the product's first photo when left out (rows of a backup made before galleries). */
    photoId: integer('photo_id')
      .notNull()
      .references(() => productPhotos.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    data: bytea('data').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.width] }), index('product_photo_variants_product_idx').on(t.productId)],
);

/** A product's options (Size, Colour…), at most VARIANT_OPTIONS_MAX, in the owner's order (position 1…3). */
export const productOptions = pgTable(
  'product_options',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] }), check('product_options_position', sql`${t.position} between 1 and 3`)],
);

/** The values of an option (S, M, L…), at most OPTION_VALUES_MAX, in the owner's order. */
export const productOptionValues = pgTable(
  'product_option_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    optionPosition: integer('option_position').notNull(),
    position: integer('position').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.optionPosition, t.position] }),
    uniqueIndex('product_option_values_unique').on(t.productId, t.optionPosition, t.value),
  ],
);

/**
 * What is sold: every product has one variant at least (a product without options has exactly one, made by a
 * trigger when the product is inserted). The product's price, quantity and low-stock threshold are kept in
 * step: price the lowest variant price, quantity the sum of the variants' stock.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** Unique in the shop when set (a product made before variants has none until the owner gives one). */
    sku: text('sku'),
    priceCents: integer('price_cents').notNull(),
    compareAtCents: integer('compare_at_cents'),
    stock: integer('stock').notNull(),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    weightGrams: integer('weight_grams'),
    /** The variant's value of each option ('' when the product has fewer options). */
    option1: text('option1').notNull().default(''),
    option2: text('option2').notNull().default(''),
    option3: text('option3').notNull().default(''),
  },
  (t) => [
    uniqueIndex('product_variants_sku_unique').on(t.sku),
    uniqueIndex('product_variants_combination_unique').on(t.productId, t.option1, t.option2, t.option3),
    index('product_variants_product_idx').on(t.productId, t.position),
    // The owner's page: variants at or below their threshold (few, whatever the catalogue's size).
    index('product_variants_low_stock_idx').on(t.stock).where(sql`${t.stock} <= ${t.lowStockThreshold}`),
    check('product_variants_price_non_negative', sql`${t.priceCents} >= 0`),
    check('product_variants_compare_at_non_negative', sql`${t.compareAtCents} >= 0`),
    check('product_variants_stock_non_negative', sql`${t.stock} >= 0`),
    check('product_variants_weight_non_negative', sql`${t.weightGrams} >= 0`),
    check('product_variants_low_stock_threshold_range', sql`${t.lowStockThreshold} between 0 and 1000000`),
  ],
);

/** The photos that show a variant (none: the product's photos). */
export const productVariantPhotos = pgTable(
  'product_variant_photos',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id')
      .notNull()
      .references(() => productPhotos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.photoId] }), index('product_variant_photos_photo_idx').on(t.photoId)],
);

/**
 * The option values a product offers (some variant has them), with the product's category and price band
 * (kept in step by a trigger on products): the facets of the product filters are counted from these.
 */
export const productFacetValues = pgTable(
  'product_facet_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    option: text('option').notNull(),
    value: text('value').notNull(),
    categoryId: integer('category_id').notNull(),
    band: integer('band').notNull(),
    /** The product's draft flag (kept in step by the trigger on products): a draft's values are not counted. */
    draft: boolean('draft').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.option, t.value] }),
    // A filter by an option value within categories and a band reads only index entries (no product rows),
    // of products shown to shoppers only.
    index('product_facet_values_value_idx').on(t.option, t.value, t.categoryId, t.band, t.productId).where(sql`not ${t.draft}`),
  ],
);

/** How many products of each category and price band offer each option value, kept by triggers. */
export const catalogueFacetCounts = pgTable(
  'catalogue_facet_counts',
  {
    categoryId: integer('category_id').notNull(),
    band: integer('band').notNull(),
    option: text('option').notNull(),
    value: text('value').notNull(),
    products: integer('products').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.band, t.option, t.value] })],
);

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The shop's own names (not_processed … cancelled); the wire's spellings live in the contract. */
    status: text('status').notNull().default('not_processed'),
    /** bigint: 100 units at the highest price already pass what an integer holds. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** Where to deliver, as the buyer's profile said when the order was placed (a later change rewrites nothing). */
    deliveryName: text('delivery_name').notNull().default(''),
    deliveryAddress: text('delivery_address').notNull().default(''),
    deliveryPhone: text('delivery_phone').notNull().default(''),
    /** The client address the order was placed from (the limits on unpaid orders per address); none before. */
    placedFrom: text('placed_from'),
    /** card, bank_transfer or cash_on_delivery (src/domain/order-lifecycle.ts); `status` is the fulfilment status. */
    paymentMethod: text('payment_method').notNull().default('cash_on_delivery'),
    /** pending, paid, partially_refunded, refunded, failed, expired: moves apart from `status`. */
    paymentStatus: text('payment_status').notNull().default('pending'),
    /** ISO 4217 code of `total_cents` and the amounts below (minor units of it). */
    currency: text('currency').notNull().default('USD'),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    /** The discount code's amount off the goods (the sum of the lines' `discount_minor`), and the code as typed then. */
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    discountCode: text('discount_code'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** The goods before any discount (null: an order placed before shipping and tax; its total is its goods). */
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }),
    /** The delivery method chosen, as it was named and cost (null: none; an order without an address or zone). */
    shippingName: text('shipping_name'),
    shippingMinor: bigint('shipping_minor', { mode: 'number' }).notNull().default(0),
    /** The tax in the total (its lines in order_tax_lines), and whether the prices included it. */
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    taxIncluded: boolean('tax_included').notNull().default(false),
    /** The delivery address's country, region and postcode as given at checkout (null: the profile's address). */
    deliveryCountry: text('delivery_country'),
    deliveryRegion: text('delivery_region'),
    deliveryPostcode: text('delivery_postcode'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt, t.id),
    // The owner's page: card and transfer orders waiting for their payment (few, whatever the orders' number).
    index('orders_awaiting_payment_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} = 'pending' and ${t.paymentMethod} in ('card', 'bank_transfer') and ${t.status} <> 'cancelled'`),
    check('orders_payment_method_valid', sql`${t.paymentMethod} in ('card', 'bank_transfer', 'cash_on_delivery')`),
    check(
      'orders_payment_status_valid',
      sql`${t.paymentStatus} in ('pending', 'paid', 'partially_refunded', 'refunded', 'failed', 'expired')`,
    ),
    check('orders_refunded_range', sql`${t.refundedMinor} between 0 and ${t.totalCents}`),
    index('orders_created_at_idx').on(t.createdAt, t.id),
    // The owner's page: orders waiting to be processed or shipped, oldest first.
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // The limits on orders waiting for payment on delivery, per account and per address (few rows each).
    index('orders_open_buyer_idx').on(t.buyerId).where(awaitingPayment(t.status)),
    index('orders_open_from_idx').on(t.placedFrom).where(awaitingPayment(t.status)),
    // The admin's orders list: sorted by total, filtered by payment status, "to ship" (keyset pages).
    index('orders_total_idx').on(t.totalCents, t.id),
    index('orders_payment_created_idx').on(t.paymentStatus, t.status, t.createdAt, t.id),
    index('orders_to_ship_idx').on(t.createdAt, t.id).where(toShip(t)),
    check(
      'orders_status_valid',
      sql`${t.status} in ('not_processed', 'processing', 'shipped', 'delivered', 'cancelled')`,
    ),
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
    /** The variant sold (null: a line of an order placed before variants); its SKU, values and photo as they were. */
    variantId: integer('variant_id'),
    sku: text('sku'),
    variantTitle: text('variant_title').notNull().default(''),
    photoId: integer('photo_id'),
    /** This line's share of the order's discount code (split by largest remainder): a refund of the line gives back the rest. */
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

/** An order's tax, one line per class, as priceCart answered it at order time (rate in basis points). */
export const orderTaxLines = pgTable(
  'order_tax_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    taxClass: text('tax_class').notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    baseMinor: bigint('base_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.taxClass] })],
);

/**
 * One payment page at a provider (a Stripe Checkout Session) for an order: a session belongs to one order
 * and is applied once (`applied_at`); an order has at most one live page (open or processing).
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the page; null until the provider answered (the row is written first, for its key). */
    sessionId: text('session_id'),
    /** The provider's id of the money taken (a PaymentIntent), which refunds name. */
    captureId: text('capture_id'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** open, processing, paid, expired, failed (src/server/payments/provider.ts). */
    state: text('state').notNull().default('open'),
    url: text('url'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    /** When its payment was applied to the order: once. */
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('payments_session_unique').on(t.provider, t.sessionId),
    uniqueIndex('payments_live_order_unique').on(t.orderId).where(sql`${t.state} in ('open', 'processing')`),
    index('payments_order_idx').on(t.orderId),
    // The reconciliation job: live pages, oldest expiry first.
    index('payments_live_expires_idx').on(t.expiresAt).where(sql`${t.state} in ('open', 'processing')`),
    check('payments_state_valid', sql`${t.state} in ('open', 'processing', 'paid', 'expired', 'failed')`),
  ],
);

/** Provider events applied: each one once (the webhook inserts its id in the transaction that applies it). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    sessionId: text('session_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Money given back: through the provider for a card (its row id is the idempotency key), recorded for the others. */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The lines refunded: [{productId, quantity}] (empty: an amount or the whole order). */
    lines: jsonb('lines').notNull().default([]),
    restock: boolean('restock').notNull().default(false),
    /** pending (the provider not reached yet), succeeded, failed. */
    state: text('state').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('refunds_provider_refund_unique').on(t.providerRefundId),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.state} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountMinor} > 0`),
    check('refunds_state_valid', sql`${t.state} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * Mails to send: written in the same transaction as what causes them (an order, a status change, a reset,
 * a new account) and sent afterwards by the outbox worker, with retries. Nothing committed is lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Where a reply goes: the shop's contact e-mail when the mail was written (null: none written, replies go to the sender). */
    replyTo: text('reply_to'),
    /** pending → sending → sent (by SMTP) or kept (written to a file, no SMTP); failed after the last try. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** While `sending`: another worker may take the mail over after this (its sender died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
    index('mail_outbox_failed_idx').on(t.id).where(sql`${t.status} = 'failed'`),
    // The admin's search of the outbox by recipient or subject (substrings, ILIKE '%word%').
    // A pending list as the products' (each mail's status changes two or three times: new row versions).
    index('mail_outbox_search_trgm_idx')
      .using('gin', sql`(${t.toAddress} || ' ' || ${t.subject}) gin_trgm_ops`)
      .with(GIN_PENDING),
    check('mail_outbox_status_valid', sql`${t.status} in ('pending', 'sending', 'sent', 'kept', 'failed')`),
  ],
);

/**
 * Password reset links: the token is made when its mail is sent (`mail_id`), stored hashed, works once, for
 * 30 minutes. The mail in the outbox never holds it.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('password_reset_tokens_mail_unique').on(t.mailId),
  ],
);

/**
 * The links that confirm an account's e-mail address to bring the guest orders of that address into it
 * (docs/decisions/0019-guest-checkout.md): made as the mail is sent, kept hashed, once, for 24 hours.
 */
export const guestClaimTokens = pgTable(
  'guest_claim_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('guest_claim_tokens_hash_unique').on(t.tokenHash),
    uniqueIndex('guest_claim_tokens_mail_unique').on(t.mailId),
    index('guest_claim_tokens_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * What was changed, by whom, from where, and the fields before and after: every order status change (the
 * order's history), and the administrators' changes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name when it was recorded (kept if the account is deleted). */
    actorName: text('actor_name').notNull().default(''),
    address: text('address'),
    /** What happened: `order.placed`, `order.status`, `product.update`, … */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/**
 * The owner's last status change of an order while it can be undone (ORDER_UNDO_SECONDS): what it was
 * before, the stock it moved and its mail to the buyer, held in the outbox until `until`. Undoing puts the
 * status and stock back and deletes the mail unsent; a later change replaces the row.
 */
export const orderStatusUndo = pgTable('order_status_undo', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  beforeStatus: text('before_status').notNull(),
  beforePayment: text('before_payment').notNull(),
  afterStatus: text('after_status').notNull(),
  /** 1: the change put the order's stock back; -1: it took it again; 0: no stock moved. */
  stockMoved: integer('stock_moved').notNull().default(0),
  mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
  until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Failed sign-in or reset attempts per account, in a fixed window. */
export const authFailures = pgTable('auth_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Tokens signed out before they expire (logout), by their `jti`; forgotten once they have expired. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Addresses an account signed in from (recently): while strangers' guesses lock an account's sign-in
 * everywhere else, these addresses may still sign in.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index('sign_in_addresses_last_idx').on(t.lastAt)],
);

/** Settings the server keeps for itself (the generated JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * How many products each category has in each price band (PRICE_BAND_STARTS_CENTS), kept by triggers:
 * the totals of category pages and of filters by categories and a band never scan the products.
 */
export const catalogueBandCounts = pgTable(
  'catalogue_band_counts',
  {
    categoryId: integer('category_id').notNull(),
    band: integer('band').notNull(),
    products: integer('products').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.band] })],
);

/** Counters kept by triggers so that totals never scan a table. */
export const catalogueCounters = pgTable('catalogue_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});

/**
 * How many orders there are of each (status, payment status, payment method), kept by triggers as rows of
 * changes that are only ever added (a checkout never waits for another's counter row) and summed up now
 * and then (`compact_admin_counts`): the admin's orders list counts its filters by these columns without
 * reading the orders. The columns are named as the orders' own, so a filter reads the same on both.
 */
export const adminOrderCounts = pgTable('admin_order_counts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  status: text('status').notNull(),
  paymentStatus: text('payment_status').notNull(),
  paymentMethod: text('payment_method').notNull(),
  orders: integer('orders').notNull(),
});

/**
 * Each product's stock and low-stock threshold, for the admin's sort and filters by stock (issue 19): kept by
 * statement-level triggers on products (migration 0027), so that products carries no index on its stock and
 * an order's stock change is a HOT update there (decision record 0023). One row per product.
 */
export const adminProductStock = pgTable(
  'admin_product_stock',
  {
    productId: integer('product_id').primaryKey(),
    quantity: integer('quantity').notNull(),
    lowStockThreshold: integer('low_stock_threshold').notNull(),
    /** 'out', 'low' or 'plenty' (product_stock_state, migration 0023): a column of its own, so that the planner knows how few are low. */
    state: text('state')
      .notNull()
      .generatedAlwaysAs(sql`product_stock_state(quantity, low_stock_threshold)`),
  },
  (t) => [
    // The sort by stock (keyset pages on (quantity, id)).
    index('admin_product_stock_quantity_idx').on(t.quantity, t.productId),
    // The low and sold-out filters: products at or below their threshold (few, whatever the catalogue's size).
    index('admin_product_stock_state_idx').on(t.state, t.productId).where(sql`${t.state} <> 'plenty'`),
  ],
);

/**
 * How many products there are of each (category, draft, stock state), kept as adminOrderCounts are. The
 * stock state is `product_stock_state(quantity, low_stock_threshold)`: 'out' (none), 'low' (some, at or
 * below the threshold) or 'plenty'.
 */
export const adminProductCounts = pgTable('admin_product_counts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  categoryId: integer('category_id').notNull(),
  draft: boolean('draft').notNull(),
  stock: text('stock').notNull(),
  products: integer('products').notNull(),
});

/**
 * The catalogue's words, for the search's typo correction: every word of four to 100 letters or digits of a
 * listed product's name or description (lower case, as PostgreSQL's `simple` text search parser splits
 * them), with how many listed products have it. Kept by statement-level triggers on products (migration
 * 0025): a correction looks words up here through the trigram index, never through the products.
 */
export const searchVocabulary = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull(),
  },
  // Written rarely (a product's name, description or draft state changes): no pending list.
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: false })],
);

/**
 * The shop's own words (one row, id 1): contact details, the About text, the policies, the announcement
 * bar. An empty text is one the owner has not written yet.
 */
export const shopDetails = pgTable(
  'shop_details',
  {
    id: integer('id').primaryKey().default(1),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    about: text('about').notNull().default(''),
    privacyPolicy: text('privacy_policy').notNull().default(''),
    shippingPolicy: text('shipping_policy').notNull().default(''),
    returnsPolicy: text('returns_policy').notNull().default(''),
    announcementText: text('announcement_text').notNull().default(''),
    announcementLink: text('announcement_link').notNull().default(''),
    announcementOn: boolean('announcement_on').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_details_one_row', sql`${t.id} = 1`)],
);

/** The home page's banners, in the owner's order (position 1…BANNERS_MAX); the picture a 1200×400 WebP. */
export const homeBanners = pgTable(
  'home_banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    position: integer('position').notNull(),
    heading: text('heading').notNull().default(''),
    text: text('text').notNull().default(''),
    link: text('link').notNull().default(''),
    image: bytea('image').notNull(),
    etag: text('etag').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('home_banners_position_idx').on(t.position)],
);

/**
 * Discount codes (issue 19; docs/decisions/0018-pricing.md): the rules src/domain/pricing.ts applies. `code` is
 * kept normalised (trimmed, upper case); `uses` counts the orders that used it, raised in the order's
 * transaction under the row's lock (`SELECT … FOR UPDATE`), so its limits hold under concurrent checkouts.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    /** percent, fixed or free_shipping. */
    kind: text('kind').notNull(),
    /** Basis points for percent (1500: 15%), minor units for fixed, 0 for free shipping. */
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    /** Only these products or categories (both empty: the whole order). */
    productIds: integer('product_ids').array().notNull().default(sql`'{}'::integer[]`),
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    minimumSubtotalMinor: bigint('minimum_subtotal_minor', { mode: 'number' }),
    minimumQuantity: integer('minimum_quantity'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    /** Exclusive. */
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    uses: integer('uses').notNull().default(0),
    /** A disabled code is refused at checkout ("this code is no longer valid") and kept for its history. */
    disabled: boolean('disabled').notNull().default(false),
    /** The batch it was generated in (null: made one at a time). */
    batch: text('batch'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(t.code),
    // The admin's list, newest first, and its search by code (substrings).
    index('discount_codes_created_idx').on(t.createdAt, t.id),
    index('discount_codes_code_trgm_idx').using('gin', sql`${t.code} gin_trgm_ops`),
    check('discount_codes_kind_valid', sql`${t.kind} in ('percent', 'fixed', 'free_shipping')`),
    check('discount_codes_value_valid', sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
    check('discount_codes_uses_valid', sql`${t.uses} >= 0`),
    check('discount_codes_dates_valid', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One order that used a code: who (by normalised e-mail) and how much it took off. One per order. */
export const discountCodeUses = pgTable(
  'discount_code_uses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_code_uses_order_unique').on(t.orderId),
    // The uses of a code by one shopper (the per-customer limit), and all of a code's uses (revenue per code).
    index('discount_code_uses_code_email_idx').on(t.codeId, t.email),
  ],
);

/**
 * Where the shop delivers (docs/decisions/0018-pricing.md): countries (ISO 3166-1 alpha-2), and optionally only
 * some of their regions (ISO 3166-2 without the country) or postcode prefixes; the most specific zone wins, the
 * first by position on a tie.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    countries: text('countries').array().notNull(),
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    postcodePrefixes: text('postcode_prefixes').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('shipping_zones_countries_idx').using('gin', t.countries), index('shipping_zones_position_idx').on(t.position, t.id)],
);

/** A zone's delivery methods: flat, by weight bands, by price bands, or pickup; any may be free from an amount. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** flat: its amount (minor units); the others: 0. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    /** weight: [{upToGrams, amount}]; price: [{from, amount}] (minor units); the others: []. */
    bands: jsonb('bands').notNull().default(sql`'[]'::jsonb`),
    freeFromMinor: bigint('free_from_minor', { mode: 'number' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('shipping_rates_zone_idx').on(t.zoneId, t.position, t.id),
    check('shipping_rates_kind_valid', sql`${t.kind} in ('flat', 'weight', 'price', 'pickup')`),
  ],
);

/** A zone's tax rate per class, in basis points (20% = 2000); a class without a row is taxed at 0. */
export const taxRates = pgTable(
  'tax_rates',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    taxClass: text('tax_class').notNull(),
    basisPoints: integer('basis_points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.taxClass] }),
    check('tax_rates_class_valid', sql`${t.taxClass} in ('standard', 'reduced', 'zero')`),
    check('tax_rates_range', sql`${t.basisPoints} between 0 and 10000`),
  ],
);

/**
 * Carts kept by the server: a guest's under a cookie (its id's SHA-256 is kept here, never the id itself),
 * or a signed-in user's (one per user). A guest's cart is forgotten 30 days after its last change.
 */
export const carts = pgTable(
  'carts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_token_hash_unique').on(t.tokenHash),
    uniqueIndex('carts_user_unique').on(t.userId),
    // The pruning of guests' carts not changed for 30 days.
    index('carts_guest_updated_idx').on(t.updatedAt).where(sql`${t.userId} is null`),
    check('carts_owner', sql`(${t.tokenHash} is null) <> (${t.userId} is null)`),
  ],
);

/** A cart's lines: one per variant, with the unit price the shopper saw when they last set it. */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    seenPriceCents: integer('seen_price_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_cart_variant_unique').on(t.cartId, t.variantId),
    index('cart_lines_variant_idx').on(t.variantId),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
