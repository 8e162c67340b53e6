
import { ORDERS_PAGE_SIZE } from '../../../contract/limits.ts';
import { UNPAGED_ORDERS_MAX } from '../../../contract/order.ts';
import type { BankDetails } from '../../../contract/order.ts';
import { paths } from '../../../contract/pages.ts';
import { formatMoney, shopMoney } from '../../../domain/money.ts';
import { type Decision, decide, type OrderState, type PaymentMethod } from '../../../domain/order-lifecycle.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import { productVariantName } from '../../../domain/variants.ts';
import { countryName } from '../../../domain/address.ts';
import { type Address, type CodeStanding, type DiscountCode, type Pricing, type PricingLine, priceCart, type Shop, type TaxClass } from '../../../domain/pricing.ts';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { listWindow, listWithTotal } from '../../lib/paging.ts';
import { executeTogether } from '../../lib/prepared.ts';
import { type PaymentProvider, type PaymentSession, PaymentRejectedError, PaymentUnavailableError } from '../../payments/provider.ts';
import { type Actor, auditInsert, historyOf, recordChange, systemActor } from '../audit/service.ts';
import { createDiscountCheckout, type DiscountCheckout } from '../discount/checkout.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentMailKind } from '../mail/templates.ts';
import * as payRepo from './payment-repo.ts';
import * as repo from './repo.ts';
import * as undoRepo from './undo-repo.ts';

export interface OrderPage {
  orders: repo.OrderRow[];
  items: repo.OrderItemRow[];
  taxLines: repo.OrderTaxLineRow[];
  /** The live payment pages of the card orders among them. */
  live: payRepo.PaymentRow[];
  total: number;
}

/** How the shop takes money (from the settings): the methods on, the bank details, the card provider. */
export interface PaymentSettings {
  methods: PaymentMethod[];
  bank: BankDetails | null;
  /** Minutes a card order waits on its payment page, its stock held. */
  cardMinutes: number;
  provider: PaymentProvider | null;
  publicUrl: string;
  shopName: string;
  /**
   * A guest order's signed page (src/server/modules/order/guest-service.ts): where every mail of a guest's
   * order links (a guest has no account's orders page). None: every mail links to the account's orders.
   */
  guestPageOf?: OrderPageOf;
  log?: { warn: (object: object, message: string) => void; error: (object: object, message: string) => void };
}

/** The reference a shopper writes on a bank transfer. */
export const transferReference = (orderId: number) => `ORDER-${orderId}`;

/** What a refund gives back beside its amount. */
interface RefundDetail {
  lines: RefundLine[];
  restock: boolean;
  reason: string;
}

/** A refunded line: its product, its variant (null: a line made before variants) and the units. */
export interface RefundLine {
  productId: number;
  variantId: number | null;
  quantity: number;
}

type AfterCommit = (() => Promise<void>)[];

/**
 * Where a guest follows an order (docs/decisions/0019-guest-checkout.md): its page's path with the link's
 * token, used by the confirmation mail and as the card payment page's way back. None: the account's pages.
 */
export type OrderPageOf = (orderId: number) => string;

/** A buyer found inside the order's transaction (a guest's row, made or updated with the order: both or neither). */
export type BuyerOf = (tx: Tx) => Promise<BuyerDetails>;

export interface CheckoutOptions extends DeliveryChoice {
  /** The order's own page (a guest's signed link), put in the confirmation mail and the payment's return. */
  pageOf?: OrderPageOf;
  /** A discount code, claimed under its row lock in the order's transaction. */
  code?: string | undefined;
  /** More writes in the order's transaction once its rows are written (the ordered lines leaving the buyer's cart). */
  whilePlacing?: WhilePlacing | undefined;
}

/**
 * Writes made in an order's transaction after its rows (so they commit, or not, with it), with its mails and
 * audit record in one round trip (executeTogether: each reads only rows written before it).
 */
export type WhilePlacing = (orderId: number) => SQL[];

/** A path with a query parameter added before its fragment (the guest page's token is in the fragment). */
const withQuery = (path: string, query: string) => {
  const [base = '', fragment] = path.split('#', 2);
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment === undefined ? '' : `#${fragment}`}`;
};

/** Sum the units per product id (in the order of first appearance): a cart may hold a product several times. */
export function countUnits(productIds: number[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const id of productIds) units.set(id, (units.get(id) ?? 0) + 1);
  return units;
}

/** One unit of a cart: a product, and the variant it names (null: the product's first variant in stock). */
export interface CartEntry {
  productId: number;
  variantId: number | null;
}



/** The discount of `take` units of a line after `before` of them were refunded: whole minor units, all the units' shares summing to the line's discount. */
export const discountShare = (discount: number, quantity: number, before: number, take: number) =>
  Math.floor((discount * (before + take)) / quantity) - Math.floor((discount * before) / quantity);

const stockWord = (left: number) => (left <= 0 ? 'sold out' : `only ${left} left`);

/**
 * The order lines of a cart, one per variant in the cart's order, from the locked products: an entry naming
 * a variant takes it (400 naming the entry when it is not a variant of its product); an entry naming only a
 * product takes its variants in stock in order, the first first, after the units named variants took. A
 * cart asking more than there is refuses the whole order (409 naming each product and variant short).
 */
async function planLines(tx: Db | Tx, entries: CartEntry[], stock: repo.StockRow[]): Promise<PlannedLine[]> {
  const byProduct = new Map(stock.map((row) => [row.id, row]));
  const named = await repo.variantsById(tx, [...new Set(entries.flatMap((entry) => (entry.variantId === null ? [] : [entry.variantId])))]);
  const variants = new Map(named.map((row) => [row.id, row]));
  const lines = new Map<number, { variant: repo.VariantStockRow; quantity: number }>();
  const order: number[] = [];
  const add = (variant: repo.VariantStockRow, quantity: number) => {
    const line = lines.get(variant.id);
    if (line) line.quantity += quantity;
    else {
      lines.set(variant.id, { variant, quantity });
      order.push(variant.id);
    }
  };
  const short: string[] = [];
  for (const [index, entry] of entries.entries()) {
    if (entry.variantId === null) continue;
    const variant = variants.get(entry.variantId);
    if (!variant || variant.productId !== entry.productId) {
      // Stryker disable next-line StringLiteral,OptionalChaining: unreachable: every entry's product is among the locked ones (checkout and planCart answer 404 before), so its name is always there
      const product = byProduct.get(entry.productId)?.name ?? `product ${entry.productId}`;
      throw badRequest(`cart.${index}.variant: ${entry.variantId} is not a variant of ${product}`);
    }
    add(variant, 1);
  }
  for (const line of lines.values()) {
    if (line.variant.stock < line.quantity) {
      // Stryker disable next-line OptionalChaining: a variant's product is always among the locked ones (its entry's, checked above)
      short.push(`${productVariantName(byProduct.get(line.variant.productId)?.name ?? '', line.variant.title)} (${stockWord(line.variant.stock)})`);
    }
  }
  const unnamed = countUnits(entries.filter((entry) => entry.variantId === null).map((entry) => entry.productId));
  const inStock = await repo.variantsInStock(tx, [...unnamed.keys()]);
  for (const [productId, wanted] of unnamed) {
    let left = wanted;
    let available = 0;
    for (const variant of inStock.filter((row) => row.productId === productId)) {
      const free = variant.stock - (lines.get(variant.id)?.quantity ?? 0);
      if (free <= 0) continue;
      available += free;
      if (left > 0) {
        add(variant, Math.min(free, left));
        left -= Math.min(free, left);
      }
    }
    // Stryker disable next-line OptionalChaining: every entry's product is among the locked ones (checkout and planCart answer 404 before)
    if (left > 0) short.push(`${byProduct.get(productId)?.name ?? ''} (${stockWord(available)})`);
  }
  if (short.length > 0) throw conflict(`Not enough stock: ${short.join(', ')}`);
  // Lines in the cart's order: a product's first entry places its lines.
  const rank = new Map<number, number>();
  for (const [index, entry] of entries.entries()) if (!rank.has(entry.productId)) rank.set(entry.productId, index);
  const sorted = order
    .map((id) => lines.get(id) as { variant: repo.VariantStockRow; quantity: number })
    .sort((a, b) => (rank.get(a.variant.productId) ?? 0) - (rank.get(b.variant.productId) ?? 0));
  return sorted.map(({ variant, quantity }) => {
    const product = byProduct.get(variant.productId) as repo.StockRow;
    return {
      productId: product.id,
      name: product.name,
      slug: product.slug,
      description: product.description,
      unitPriceCents: variant.priceCents,
      quantity,
      variantId: variant.id,
      sku: variant.sku,
      variantTitle: variant.title,
      photoId: variant.photoId,
      weightGrams: variant.weightGrams ?? 0,
      taxClass: product.taxClass as TaxClass,
      categoryId: product.categoryId,
    };
  });
}

/** An order line as planned, with what prices it (its weight, its product's tax class and category). */
export type PlannedLine = repo.NewOrderItem & { weightGrams: number; taxClass: TaxClass; categoryId: number };

/** The engine's lines of planned order lines (one per variant; its id the variant's). */
export const pricingLines = (planned: PlannedLine[]): PricingLine[] =>
  planned.map((line) => ({
    // Stryker disable next-line LogicalOperator,StringLiteral: every planned line has its variant (planLines takes variants only); the engine only echoes a line's id, which the quote and the order match back by index
    id: String(line.variantId ?? `p${line.productId}`),
    productId: line.productId,
    categoryId: line.categoryId,
    unitPrice: line.unitPriceCents,
    quantity: line.quantity,
    weightGrams: line.weightGrams,
    taxClass: line.taxClass,
  }));

/**
 * A cart's lines as an order would take them, without locking or taking anything (the checkout's quote and
 * code check): 404 when a product is gone, 409 naming a draft, 400 naming an entry whose variant is not its
 * product's, 409 when short of stock.
 */
export async function planCart(db: Db, entries: CartEntry[]): Promise<PlannedLine[]> {
  const ids = [...countUnits(entries.map((entry) => entry.productId)).keys()];
  const stock = await repo.productsOf(db, ids);
  if (stock.length !== ids.length) throw notFound('Some products in your cart are no longer available; remove them and try again');
  refuseDrafts(stock);
  return planLines(db, entries, stock);
}

/** A draft is the owner's only: no order takes it and no quote prices it (409 naming it). */
function refuseDrafts(stock: repo.StockRow[]): void {
  const drafts = stock.filter((row) => row.draft).map((row) => row.name);
  if (drafts.length > 0) throw conflict(`Not for sale now: ${drafts.join(', ')}; remove it from your cart and try again`);
}

/** Where an order is delivered, as given at checkout; and the delivery method chosen among the quote's. */
export interface DeliveryChoice {
  delivery?: { name: string; phone: string; country: string; region?: string | undefined; postcode?: string | undefined; city: string; lines: string } | undefined;
  rateId?: number | undefined;
}

/** The address an order keeps as one text (its lines, then postcode and city, region, country) for slips and mails. */
export function deliveryText(delivery: NonNullable<DeliveryChoice['delivery']>, locale: string): string {
  const town = [delivery.postcode, delivery.city].filter(Boolean).join(' ');
  return [delivery.lines, town, delivery.region, countryName(delivery.country, locale)].filter(Boolean).join('\n');
}

/** The rows a mail shows between an order's lines and its total: discount, shipping, each tax line (none before zones). */
export function orderExtras(pricing: Pricing, code?: string): { label: string; amountMinor: number }[] {
  const rows: { label: string; amountMinor: number }[] = [];
  if (pricing.discount > 0 || code !== undefined) rows.push({ label: code === undefined ? 'Discount' : `Discount (${code})`, amountMinor: -pricing.discount });
  if (pricing.shipping) rows.push({ label: `Shipping (${pricing.shipping.name})`, amountMinor: pricing.shipping.amount });
  for (const line of pricing.taxes) {
    rows.push({ label: `${pricing.taxIncluded ? 'Including ' : ''}tax ${line.taxClass} ${line.rate / 100}%`, amountMinor: line.amount });
  }
  return rows;
}

/** The shop's zones, taxes and setting for the engine (kept in memory by the checkout module). */
export type PricingShopLoader = () => Promise<Shop>;

/** A shop without zones: no shipping, no tax (the shop as it was before zones). */
// Stryker disable next-line ObjectLiteral,StringLiteral,BooleanLiteral,ArrayDeclaration: unreachable in the shop: app.ts always gives its loader; this default serves only a service made without one (a test's, which places no order)
const noZones: PricingShopLoader = async () => ({ ...shopMoney(), timeZone: 'UTC', pricesIncludeTax: false, zones: [] });

/**
 * The figures of an order: priceCart on its lines. With an address, in a shop with zones, its shipping and
 * tax (an address outside every zone, or a method not offered: 400 naming the field, before anything is
 * taken); without an address, or without zones, the goods alone, as before shipping and tax existed.
 */
export function priceOrder(
  shop: Shop,
  planned: PlannedLine[],
  choice: DeliveryChoice & { address?: Address | undefined },
  now: Date,
  claimed: { code: DiscountCode; standing: CodeStanding } | null = null,
): Pricing {
  const address = shop.zones.length > 0 ? (choice.address ?? choice.delivery) : undefined;
  return priceCart(shop, {
    lines: pricingLines(planned),
    ...(address ? { address: { country: address.country, region: address.region, postcode: address.postcode } } : {}),
    ...(address && choice.rateId !== undefined ? { rateId: String(choice.rateId) } : {}),
    ...(claimed ? { code: claimed.code, standing: claimed.standing } : {}),
    now,
  });
}

export interface BuyerDetails {
  id: number;
  name: string;
  email: string;
  address: string;
  phone: string;
  /** A guest buyer's row (an account's: false or left out). */
  guest?: boolean;
}

/** How many orders waiting for payment on delivery, and units in them, one account and one address may have (0: any). */
export interface OrderLimits {
  ordersPerAccount: number;
  unitsPerAccount: number;
  ordersPerAddress: number;
  unitsPerAddress: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Refuse an order that would pass a limit on orders waiting for payment (429: too many orders; 409: too
 * many units), for an account or a client address.
 */
function checkOrderLimits(open: { account: repo.OpenOrders; address: repo.OpenOrders }, units: number, limits: OrderLimits): void {
  const over = (limit: number, current: number, adding: number) => limit > 0 && current + adding > limit;
  const wait = 'place it when one of them is delivered or cancelled';
  if (over(limits.ordersPerAccount, open.account.orders, 1)) {
    throw new HttpError(
      429,
      `You have ${plural(open.account.orders, 'order')} waiting for payment on delivery, the most one account may have: ${wait}`,
    );
  }
  if (over(limits.ordersPerAddress, open.address.orders, 1)) {
    throw new HttpError(
      429,
      `${plural(open.address.orders, 'order')} placed from your address are waiting for payment on delivery, the most one address may have: ${wait}`,
    );
  }
  const fewer = (limit: number, current: number) =>
    current === 0 ? `at most ${plural(limit, 'unit')} in one order` : `${plural(current, 'unit')} waiting already, at most ${limit} in all`;
  if (over(limits.unitsPerAccount, open.account.units, units)) {
    throw conflict(`Too many units for one account: this order has ${units}, with ${fewer(limits.unitsPerAccount, open.account.units)}; order fewer`);
  }
  if (over(limits.unitsPerAddress, open.address.units, units)) {
    throw conflict(`Too many units from your address: this order has ${units}, with ${fewer(limits.unitsPerAddress, open.address.units)}; order fewer`);
  }
}

/** What the owner's status changes offer: an undo for `undoSeconds`, the buyer's mail held until then (0: none). */
export interface StatusChangeOptions {
  undoSeconds: number;
}

/** An order moved by the owner: the order, and until when the change may be undone (null: it may not). */
export type StatusChanged<T> = T & { changed: boolean; undoUntil: Date | null };

export function createOrderService(
  db: Db,
  mailer: Mailer,
  limits: OrderLimits,
  payments: PaymentSettings,
  statusChanges: StatusChangeOptions = { undoSeconds: 0 },
  discounts: DiscountCheckout = createDiscountCheckout('UTC'),
  loadPricingShop: PricingShopLoader = noZones,
) {
  const { provider } = payments;
  const system = systemActor('payments');
  // Stryker disable next-line OptionalChaining: the shop always gives its log (app.ts); only a service made without one (a test's) has none
  const warn = (object: object, message: string) => payments.log?.warn(object, message);
  /** A page of ORDERS_PAGE_SIZE, newest first; without a page, the newest UNPAGED_ORDERS_MAX. */
  async function page(buyerId: number | null, pageNumber: number | undefined): Promise<OrderPage> {
    const { items: orders, total } = await listWithTotal(
      listWindow(pageNumber, ORDERS_PAGE_SIZE, UNPAGED_ORDERS_MAX),
      () => repo.countOrders(db, buyerId),
      ({ limit, offset }) => repo.listOrders(db, buyerId, limit, offset),
    );
    const ids = orders.map((order) => order.id);
    const [items, live, taxLines] = await Promise.all([repo.itemsOfOrders(db, ids), payRepo.livePayments(db, ids), repo.taxLinesOfOrders(db, ids)]);
    return { orders, items, live, taxLines, total };
  }

  async function withItems(tx: Db | Tx, orderId: number) {
    const order = await repo.findOrder(tx, orderId);
    if (!order) throw notFound('Order not found');
    // One after the other: `tx` may be a transaction, whose one connection takes one query at a time.
    const items = await repo.itemsOfOrders(tx, [orderId]);
    const live = await payRepo.livePayments(tx, [orderId]);
    const taxLines = await repo.taxLinesOfOrders(tx, [orderId]);
    return { order, items, live, taxLines };
  }

  /** Where the buyer's mails about an order link: a guest's signed order page; an account's, none (its orders page). */
  const guestLink = (order: repo.OrderRow): string | undefined =>
    order.buyer.guest && payments.guestPageOf ? `${payments.publicUrl}${payments.guestPageOf(order.id)}` : undefined;

  async function paymentMail(tx: Db | Tx, orderId: number, kind: PaymentMailKind, amountMinor: number): Promise<void> {
    const order = await repo.findOrder(tx, orderId);
    // Stryker disable next-line ConditionalExpression: the order exists (its caller has just read or locked it; orders are never deleted)
    if (!order) return;
    const bank = kind === 'payment-bank-details' && payments.bank ? { ...payments.bank, reference: transferReference(orderId) } : undefined;
    await mailer.payment(tx, order.buyer.email, {
      kind,
      orderId,
      buyerName: order.buyer.name,
      amount: formatMoney(amountMinor, order.currency),
      ...(bank ? { bank } : {}),
      link: guestLink(order),
    });
  }

  /**
   * Applies a decision of the lifecycle to a locked order, in the caller's transaction: its effects
   * (stock, refund rows, closing the payment page), the new state, the history entry and the buyer's
   * mails. What must reach the provider is pushed to `after`, run once the transaction is committed.
   */
  async function applyDecision(
    tx: Tx,
    orderId: number,
    before: OrderState,
    decision: Extract<Decision, { changed: true }>,
    actor: Actor,
    after: AfterCommit,
    refund: RefundDetail = { lines: [], restock: false, reason: '' },
    statusMailDelaySeconds = 0,
  ): Promise<{ refundId: number | null; statusMailId: number | null }> {
    const next = decision.state;
    let refundId: number | null = null;
    let statusMailId: number | null = null;
    // Any change of the order ends the undo of the owner's last one (setStatus keeps a new one after this).
    await undoRepo.forgetUndo(tx, orderId);
    for (const effect of decision.effects) {
      if (effect.type === 'release_stock') await moveStock(tx, orderId, 1);
      else if (effect.type === 'take_stock') await moveStock(tx, orderId, -1);
      else if (effect.type === 'refund') {
        const card = before.method === 'card';
        const paid = card ? await payRepo.paidPayment(tx, orderId) : undefined;
        const row = await payRepo.insertRefund(tx, {
          orderId,
          paymentId: paid?.id ?? null,
          amountMinor: effect.amountMinor,
          lines: refund.lines,
          restock: refund.restock,
          state: card ? 'pending' : 'succeeded',
          reason: refund.reason,
          createdBy: actor.id,
        });
        refundId = row.id;
        // No lines (a cancel's refund) move nothing: moveVariantStock returns at once.
        if (refund.restock) await repo.moveVariantStock(tx, refund.lines.map((line) => ({ productId: line.productId, variantId: line.variantId, delta: line.quantity })));
        if (card) after.push(() => sendRefund(row.id));
        else await paymentMail(tx, orderId, 'payment-refunded', effect.amountMinor);
        await recordChange(tx, actor, {
          action: 'order.refund',
          entity: 'order',
          entityId: orderId,
          after: { refundId: row.id, amountMinor: effect.amountMinor, lines: refund.lines, restock: refund.restock },
        });
      } else if (effect.type === 'expire_checkout') {
        const live = await payRepo.livePayment(tx, orderId);
        // Stryker disable next-line OptionalChaining: a waiting card order always has a live page (no step of the shop leaves it without one)
        if (live?.sessionId) after.push(() => closePage(live.sessionId as string));
        else if (live) await payRepo.setPaymentState(tx, live.id, 'expired');
      }
    }
    await repo.saveOrderState(tx, orderId, next);
    const statusChanged = before.fulfilment !== next.fulfilment;
    await recordChange(tx, actor, {
      action: statusChanged ? 'order.status' : 'order.payment',
      entity: 'order',
      entityId: orderId,
      before: { status: before.fulfilment, payment: before.payment },
      after: { status: next.fulfilment, payment: next.payment, refundedMinor: next.refundedMinor },
    });
    if (statusChanged) {
      const order = await repo.findOrder(tx, orderId);
      // Stryker disable next-line ConditionalExpression: the order is locked by this transaction (orders are never deleted)
      if (order) {
        statusMailId = await mailer.statusChanged(
          tx,
          { id: orderId, buyerName: order.buyer.name, buyerEmail: order.buyer.email, status: next.fulfilment, link: guestLink(order) },
          statusMailDelaySeconds,
        );
      }
    }
    return { refundId, statusMailId };
  }

  async function runAfter(after: AfterCommit): Promise<void> {
    for (const job of after) {
      try {
        await job();
      } catch (error) {
        // The job retries it (refunds stay pending, pages are read again).
        warn({ err: error }, 'payment step after commit failed; the reconciliation job retries it');
      }
    }
  }

  /** Closes a card payment page at the provider, then applies what it says (a payment that arrived meanwhile is refunded). */
  async function closePage(sessionId: string): Promise<void> {
    if (!provider) return;
    const session = await provider.expirePayment(sessionId, `expire-${sessionId}`);
    await applySession(session);
  }

  /** Sends a pending card refund to the provider (its row id is the idempotency key: a retry never refunds twice). */
  async function sendRefund(refundId: number): Promise<void> {
    const refund = await payRepo.findRefund(db, refundId);
    // Stryker disable next-line ConditionalExpression,OptionalChaining: a refund id is always found (rows are never deleted); one no longer pending would only be sent again under its own key, and settleRefund changes nothing then
    if (refund?.state !== 'pending') return;
    if (!provider) return;
    const payment = refund.paymentId ? await payRepo.findPaymentById(db, refund.paymentId) : undefined;
    // Stryker disable next-line OptionalChaining: a card refund always names the order's paid payment (a card order is paid only through one)
    if (!payment?.captureId) {
      warn({ refundId }, 'card refund without a captured payment: left pending');
      return;
    }
    try {
      const result = await provider.refund({
        captureId: payment.captureId,
        amountMinor: refund.amountMinor,
        currency: payment.currency,
        idempotencyKey: `refund-${refund.id}`,
        orderId: String(refund.orderId),
      });
      const state = result.state === 'failed' ? 'failed' : 'succeeded';
      // Once: the job and the owner's request (or two runs of the job) may send the same refund at once.
      await db.transaction(async (tx) => {
        if (!(await payRepo.settleRefund(tx, refund.id, state, result.id))) return;
        if (state === 'succeeded') await paymentMail(tx, refund.orderId, 'payment-refunded', refund.amountMinor);
        else await undoRefund(tx, refund);
      });
    } catch (error) {
      if (!(error instanceof PaymentRejectedError)) throw error;
      await db.transaction(async (tx) => {
        if (await payRepo.settleRefund(tx, refund.id, 'failed', null)) await undoRefund(tx, refund);
      });
      warn({ refundId, reason: error.message }, 'card refund refused by the provider');
    }
  }

  /** A refund the provider refused: the order counts the money as not given back. */
  async function undoRefund(tx: Tx, refund: payRepo.RefundRow): Promise<void> {
    const state = await repo.lockOrderState(tx, refund.orderId);
    // Stryker disable next-line ConditionalExpression: a refund's order always exists (its row references the order; orders are never deleted)
    if (!state) return;
    const refundedMinor = Math.max(0, state.refundedMinor - refund.amountMinor);
    // Never refunded in full now: the money counted back was part of what was given back, and more than nothing.
    const payment = refundedMinor === 0 ? 'paid' : 'partially_refunded';
    await repo.saveOrderState(tx, refund.orderId, { ...state, refundedMinor, payment });
  }

  /**
   * The one paid (or expired, or failed) step for a provider's payment page: from the webhook (with its
   * event id), the shopper's return and the reconciliation job. Under the order's row lock, the page's
   * outcome is applied once (`applied_at`, the page's state; each event id once): duplicate, late and
   * shuffled reports change nothing twice.
   */
  async function applySession(session: PaymentSession, event?: { id: string; type: string }): Promise<void> {
    if (!provider) return;
    // Stryker disable next-line ArrayDeclaration: a job that is no function fails in runAfter, which logs it and goes on with the others
    const after: AfterCommit = [];
    await db.transaction(async (tx) => {
      if (event && !(await payRepo.recordEvent(tx, { provider: provider.name, eventId: event.id, type: event.type, sessionId: session.id }))) return;
      const found = await payRepo.findPaymentBySession(tx, provider.name, session.id);
      if (!found) {
        warn({ sessionId: session.id, orderId: session.orderId }, 'payment event for a page the shop does not know: ignored');
        return;
      }
      const state = await repo.lockOrderState(tx, found.orderId);
      const payment = await payRepo.lockPayment(tx, found.id);
      if (!state || !payment) return;
      await applyOutcome(tx, found.orderId, state, payment, session.state, session.amountMinor, session.captureId, after);
    });
    await runAfter(after);
  }

  async function applyOutcome(
    tx: Tx,
    orderId: number,
    state: OrderState,
    payment: payRepo.PaymentRow,
    outcome: PaymentSession['state'],
    amountMinor: number,
    captureId: string | null,
    after: AfterCommit,
  ): Promise<void> {
    if (outcome === 'open') return;
    if (outcome === 'processing') {
      if (payment.state === 'open') await payRepo.setPaymentState(tx, payment.id, 'processing');
      return;
    }
    if (outcome === 'paid') {
      if (payment.appliedAt) return;
      await payRepo.setPaymentState(tx, payment.id, 'paid', { captureId, applied: true });
      const decision = decide(state, { type: 'paid', amountMinor, by: 'provider' });
      if (!decision.ok) {
        payments.log?.error({ orderId, amountMinor, reason: decision.message }, 'a card payment does not fit its order: check it at the provider');
        return;
      }
      if (!decision.changed) return;
      await applyDecision(tx, orderId, state, decision, system, after);
      if (decision.state.payment === 'paid') await paymentMail(tx, orderId, 'payment-received', amountMinor);
      return;
    }
    // expired or failed: only a live page ends its order.
    if (payment.state !== 'open' && payment.state !== 'processing') return;
    await payRepo.setPaymentState(tx, payment.id, outcome);
    const decision = decide(state, { type: outcome === 'expired' ? 'payment_expired' : 'payment_failed' });
    if (!decision.ok || !decision.changed) return;
    await applyDecision(tx, orderId, state, decision, system, after);
    await paymentMail(tx, orderId, 'payment-expired', state.totalMinor);
  }

  /** Asks the provider for a payment page for a card order's payment row; 503 (the order kept) when it cannot be reached. */
  async function openPage(orderId: number, payment: payRepo.PaymentRow, email: string, pageOf?: OrderPageOf): Promise<void> {
    if (!provider) throw new HttpError(503, 'Card payment is not available in this shop');
    const back = `${payments.publicUrl}${pageOf ? pageOf(orderId) : paths.user.orderPayment(String(orderId))}`;
    try {
      const session = await provider.createPayment({
        orderId: String(orderId),
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        description: `Order ${orderId} at ${payments.shopName}`,
        successUrl: withQuery(back, 'session={SESSION_ID}'),
        cancelUrl: back,
        expiresAt: payment.expiresAt,
        idempotencyKey: `order-${orderId}-page-${payment.id}`,
        customerEmail: email,
      });
      await payRepo.setPaymentSession(db, payment.id, session);
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError || error instanceof PaymentRejectedError)) throw error;
      warn({ orderId, reason: error.message }, 'card payment page could not be made');
      throw new HttpError(
        503,
        `Card payment is unavailable right now; your order #${orderId} is kept for ${payments.cardMinutes} minutes: pay from its page, or order again with another method`,
      );
    }
  }

  /** A live page whose provider id is not known yet, past its time: the order ends as an expired card payment. */
  async function expireUnopened(payment: payRepo.PaymentRow): Promise<void> {
    // Stryker disable next-line ArrayDeclaration: a job that is no function fails in runAfter, which logs it and goes on (an expiry pushes none)
    const after: AfterCommit = [];
    await db.transaction(async (tx) => {
      const state = await repo.lockOrderState(tx, payment.orderId);
      const row = await payRepo.lockPayment(tx, payment.id);
      if (!state || !row || row.sessionId) return;
      await applyOutcome(tx, payment.orderId, state, row, 'expired', row.amountMinor, null, after);
    });
    await runAfter(after);
  }

  /** Move stock back into the shop (cancel) or out of it again (un-cancel), each line's own variant, refusing to go below zero. */
  async function moveStock(tx: Tx, orderId: number, direction: 1 | -1): Promise<void> {
    const items = await repo.itemsOfOrders(tx, [orderId]);
    // Units a refund already put back on the shelves are not given back twice.
    // Stryker disable next-line ConditionalExpression: a reopened order has no refunds (a cancelled order with one is refunded in full, which the lifecycle never reopens)
    const restocked = direction === 1 ? await payRepo.refundedUnits(tx, orderId, { restocked: true }) : new Map<string, number>();
    const moves = items.map((item) => ({
      productId: item.productId,
      variantId: item.variantId,
      delta: direction * Math.max(0, item.quantity - (restocked.get(repo.lineKey(item)) ?? 0)),
    }));
    // A product deleted since the order was cancelled has no stock left to take; a line made before variants
    // takes from its product's quantity.
    const left =
      direction === -1 ? new Map((await repo.lockProducts(tx, [...new Set(items.map((item) => item.productId))])).map((row) => [row.id, row.quantity])) : null;
    // Stryker disable next-line ConditionalExpression,ArrayDeclaration: an order's lines are all without a variant (placed before variants) or all with one; a non-number counts under no product id
    const unnamed = countUnits(items.flatMap((item) => (item.variantId === null ? Array<number>(item.quantity).fill(item.productId) : [])));
    const refuse = (short: repo.OrderItemRow[]) => {
      throw conflict(`Not enough stock to reopen this order: ${[...new Set(short.map((item) => productVariantName(item.name, item.variantTitle)))].join(', ')}`);
    };
    const shortProducts = items.filter((item) => left && item.variantId === null && (left.get(item.productId) ?? 0) < (unnamed.get(item.productId) ?? 0));
    if (shortProducts.length > 0) refuse(shortProducts);
    const refused = await repo.moveVariantStock(tx, moves);
    // The refused moves all name a variant (moveVariantStock): a line without one is never among them.
    const short = items.filter((item) => refused.some((move) => move.variantId === item.variantId));
    if (short.length > 0) refuse(short);
  }

  return {
    forBuyer: (buyerId: number, pageNumber: number | undefined) => page(buyerId, pageNumber),
    all: (pageNumber: number | undefined) => page(null, pageNumber),

    /**
     * Checkout of a cart's product ids (one per unit): prices and names come from the database; the stock is taken in the same transaction
     * (the products are locked first), and a short item refuses the whole order (409). The delivery
     * details are the buyer's as they are now; the confirmation, the owner's notice and the order's first
     * history entry are written in the same transaction. The limits on orders waiting for payment, per
     * account and per client address, are checked first, under locks that make concurrent checkouts of the
     * same account or address wait.
     */
    async checkout(who: BuyerDetails | BuyerOf, entries: CartEntry[], actor: Actor & { address: string }, method?: PaymentMethod, options: CheckoutOptions = {}) {
      const { pageOf, code, whilePlacing, ...choice } = options;
      const shop = await loadPricingShop();
      const units = countUnits(entries.map((entry) => entry.productId));
      const chosen: PaymentMethod = method ?? 'cash_on_delivery';
      if (method && !payments.methods.includes(method)) {
        throw badRequest(`paymentMethod: ${method} is not offered by this shop (offered: ${payments.methods.join(', ') || 'none'})`);
      }
      // Stryker disable next-line StringLiteral: set from the buyer in the transaction before anything reads it
      let buyerEmail = '';
      const placed = await db.transaction(async (tx) => {
        const buyer = typeof who === 'function' ? await who(tx) : who;
        buyerEmail = buyer.email;
        await repo.lockOrderLimits(tx, buyer.id, actor.address);
        const { open, stock } = await repo.openOrdersAndLockProducts(tx, buyer.id, actor.address, [...units.keys()]);
        checkOrderLimits(open, entries.length, limits);
        if (stock.length !== units.size) {
          throw notFound('Some products in your cart are no longer available; remove them and try again');
        }
        refuseDrafts(stock);
        const items = await planLines(tx, entries, stock);
        // A discount code (src/server/modules/discount/checkout.ts) is claimed under its row lock, so its limits
        // hold under concurrent checkouts; a refusal is a 409 with the engine's sentence, nothing changed.
        const now = new Date();
        const claimed = code === undefined ? null : await discounts.claim(tx, code, buyer.email, now);
        // The summary the shopper saw, recomputed from the locked rows: what the order keeps and what is charged.
        const pricing = priceOrder(shop, items, choice, now, claimed);
        const refused = pricing.refusals.find((refusal) => refusal.field === 'address' || refusal.field === 'rateId');
        if (refused) throw badRequest(`${refused.field === 'address' ? 'delivery.country' : 'rateId'}: ${refused.message}`);
        const codeRefused = pricing.refusals.find((refusal) => refusal.field === 'code');
        if (codeRefused) throw conflict(`code: ${codeRefused.message}`);
        const discount = claimed ? { code: claimed.code.code, total: pricing.discount } : null;
        const totalCents = pricing.total;
        pricing.lines.forEach((line, index) => {
          const item = items[index];
          if (item) item.discountMinor = line.discount;
        });
        const given = choice.delivery;
        const delivery: repo.Delivery = given
          ? { name: given.name, address: deliveryText(given, shop.locale), phone: given.phone, country: given.country, region: given.region, postcode: given.postcode }
          : { name: buyer.name, address: buyer.address, phone: buyer.phone };
        const figures: repo.OrderFigures = {
          subtotalMinor: pricing.subtotal,
          shipping: pricing.shipping ? { name: pricing.shipping.name, amountMinor: pricing.shipping.amount } : null,
          taxMinor: pricing.tax,
          taxIncluded: pricing.taxIncluded,
          taxLines: pricing.taxes.map((line) => ({ taxClass: line.taxClass, rateBasisPoints: line.rate, baseMinor: line.base, amountMinor: line.amount })),
        };
        // The stock taken and the order written in one statement (the products are locked above).
        const written = await repo.insertOrder(tx, {
          buyerId: buyer.id,
          delivery,
          totalCents,
          items,
          placedFrom: actor.address,
          paymentMethod: chosen,
          figures,
          discount: discount ? { minor: discount.total, code: discount.code } : null,
          stockMoves: items.map((item) => ({ productId: item.productId, variantId: item.variantId, delta: -item.quantity })),
        });
        // Stryker disable next-line BlockStatement: unreachable: planLines refused a short line already, and no stock can change since (every stock change takes the product locks held here first)
        if (written.short.length > 0) {
          // Stryker disable all: unreachable, as above (the refusal rolls the order back with the transaction)
          const names = items.filter((item) => written.short.some((move) => move.variantId === item.variantId)).map((item) => productVariantName(item.name, item.variantTitle));
          throw conflict(`Not enough stock: ${names.join(', ')}`);
        }
        // Stryker restore all
        const orderId = written.order.id;
        if (claimed) await discounts.record(tx, claimed.id, orderId, buyer.email, pricing.discount);
        // A card order's payment page, made now: live until it is opened and paid, or expires.
        const live: payRepo.PaymentRow[] =
          chosen === 'card' && provider
            ? [
                await payRepo.insertPayment(tx, {
                  orderId,
                  provider: provider.name,
                  amountMinor: totalCents,
                  currency: shopMoney().currency,
                  expiresAt: new Date(Date.now() + payments.cardMinutes * 60_000),
                }),
              ]
            : [];
        // The order as withItems would read it, as it was just written (its row, lines, tax lines and payment
        // page), with the buyer this transaction has.
        const order: repo.OrderRow = { ...written.order, buyer: { id: buyer.id, name: buyer.name, email: buyer.email, guest: buyer.guest === true } };
        const placed = { order, items: written.items, live, taxLines: written.taxLines };
        const mails = await mailer.orderPlacedMails(tx, {
          id: orderId,
          createdAt: placed.order.createdAt,
          lines: items.map((item) => ({ name: productVariantName(item.name, item.variantTitle), quantity: item.quantity, unitPriceCents: item.unitPriceCents })),
          totalCents,
          extras: orderExtras(pricing, discount?.code),
          delivery,
          buyer: { name: buyer.name, email: buyer.email },
          ...(pageOf ? { link: `${payments.publicUrl}${pageOf(orderId)}` } : {}),
        });
        const audit = auditInsert(actor, [
          {
            action: 'order.placed',
            entity: 'order',
            entityId: orderId,
            after: { status: placed.order.status, totalCents, paymentMethod: chosen, ...(discount ? { discountCode: discount.code, discountMinor: discount.total } : {}) },
          },
        ]);
        // The mails, the audit record and the cart's ordered lines in one round trip.
        await executeTogether(tx, [mails, audit, ...(whilePlacing ? whilePlacing(orderId) : [])]);
        if (chosen === 'bank_transfer') await paymentMail(tx, orderId, 'payment-bank-details', totalCents);
        return placed;
      });
      const page = placed.live[0];
      if (chosen === 'card' && page) {
        await openPage(placed.order.id, page, buyerEmail, pageOf);
        return withItems(db, placed.order.id);
      }
      return placed;
    },

    /**
     * The owner moves an order. A cash on delivery order keeps the specification's rules (any status may
     * follow any other; cancelling returns the stock, reopening takes it again; delivered is paid). Card
     * and transfer orders move through the lifecycle's allowed steps only (src/domain/order-lifecycle.ts):
     * a forbidden step is a 409 with its reason; cancelling a paid order refunds it, an unpaid card order's
     * payment page is closed. A change is recorded and the buyer mailed in the same transaction; setting
     * the status it already has changes nothing.
     */
    async setStatus(orderId: number, status: OrderStatus, actor: Actor) {
      // Stryker disable next-line ArrayDeclaration: a job that is no function fails in runAfter, which logs it and goes on; the answer is read again all the same
      const after: AfterCommit = [];
      const { undoSeconds } = statusChanges;
      const result = await db.transaction(async (tx) => {
        const current = await repo.lockOrderState(tx, orderId);
        if (current === undefined) throw notFound('Order not found');
        if (current.fulfilment === status) return { ...(await withItems(tx, orderId)), changed: false, undoUntil: null };
        let decision: Extract<Decision, { changed: true }>;
        let stockMoved = 0;
        if (current.method === 'cash_on_delivery' && current.refundedMinor === 0) {
          if (current.fulfilment !== 'cancelled' && status === 'cancelled') stockMoved = 1;
          if (current.fulfilment === 'cancelled' && status !== 'cancelled') stockMoved = -1;
          if (stockMoved !== 0) await moveStock(tx, orderId, stockMoved as 1 | -1);
          const next: OrderState = { ...current, fulfilment: status, payment: status === 'delivered' ? 'paid' : 'pending' };
          // Stryker disable next-line BooleanLiteral: only the decision's state and effects are read (applyDecision, undoable); ok and changed are there for its type
          decision = { ok: true, changed: true, state: next, effects: [] };
        } else {
          const decided = decide(current, { type: 'fulfil', to: status });
          if (!decided.ok) throw conflict(decided.message);
          if (!decided.changed) return { ...(await withItems(tx, orderId)), changed: false, undoUntil: null };
          decision = decided;
          for (const effect of decided.effects) {
            if (effect.type === 'release_stock') stockMoved = 1;
            else if (effect.type === 'take_stock') stockMoved = -1;
          }
        }
        // Only a change that moves nothing but the status and the stock can be undone (a refund or a closed
        // payment page reaches the provider: final).
        const undoable = undoSeconds > 0 && decision.effects.every((effect) => effect.type === 'release_stock' || effect.type === 'take_stock');
        const { statusMailId } = await applyDecision(tx, orderId, current, decision, actor, after, undefined, undoable ? undoSeconds : 0);
        const undoUntil = undoable
          ? await undoRepo.keepUndo(
              tx,
              orderId,
              { beforeStatus: current.fulfilment, beforePayment: current.payment, afterStatus: status, stockMoved, mailId: statusMailId },
              undoSeconds,
            )
          : null;
        return { ...(await withItems(tx, orderId)), changed: true, undoUntil };
      });
      await runAfter(after);
      return after.length > 0 ? { ...(await withItems(db, orderId)), changed: result.changed, undoUntil: result.undoUntil } : result;
    },

    /**
     * Undo the owner's last status change of an order, within its window and before its mail left: the
     * status and payment as they were, the stock moved back (409 when what was put back has been sold since),
     * the mail to the buyer deleted unsent. Recorded in the order's history; the buyer hears nothing.
     */
    async undoStatus(orderId: number, actor: Actor) {
      return db.transaction(async (tx) => {
        const current = await repo.lockOrderState(tx, orderId);
        if (current === undefined) throw notFound('Order not found');
        const undo = await undoRepo.findUndo(tx, orderId);
        if (!undo || undo.afterStatus !== current.fulfilment) throw conflict('This order has no status change to undo');
        if (!undo.open) throw conflict('Too late to undo: the change is final and the buyer is being mailed');
        if (undo.mailId !== null && !(await mailer.cancelUnsent(tx, undo.mailId))) {
          throw conflict('Too late to undo: the mail to the buyer is being sent');
        }
        if (undo.stockMoved !== 0) await moveStock(tx, orderId, undo.stockMoved === 1 ? -1 : 1);
        await undoRepo.restoreState(tx, orderId, undo.beforeStatus, undo.beforePayment);
        await undoRepo.forgetUndo(tx, orderId);
        await recordChange(tx, actor, {
          action: 'order.status',
          entity: 'order',
          entityId: orderId,
          before: { status: current.fulfilment, payment: current.payment },
          after: { status: undo.beforeStatus, payment: undo.beforePayment, undone: true },
        });
        return withItems(tx, orderId);
      });
    },

    /** The owner records a bank transfer as received (409 for a card or cash order, a cancelled one). */
    async markPaid(orderId: number, actor: Actor) {
      return db.transaction(async (tx) => {
        const current = await repo.lockOrderState(tx, orderId);
        if (current === undefined) throw notFound('Order not found');
        if (current.method === 'cash_on_delivery') throw conflict('A cash on delivery order is paid when it is delivered');
        const decision = decide(current, { type: 'paid', amountMinor: current.totalMinor, by: 'owner' });
        if (!decision.ok) throw conflict(decision.message);
        if (!decision.changed) throw conflict('This order is paid already');
        // Stryker disable next-line ArrayDeclaration: nothing runs this list: the owner's paid step has no effect after the commit (no refund, no page to close)
        await applyDecision(tx, orderId, current, decision, actor, []);
        await paymentMail(tx, orderId, 'payment-received', current.totalMinor);
        return withItems(tx, orderId);
      });
    },

    /**
     * Gives money back: the lines named (their unit prices times the quantities), or all that is left.
     * Under the order's row lock, so that clicks at once never refund more than was paid; a card refund
     * goes to the provider after the commit with its row id as the idempotency key.
     */
    async refund(
      orderId: number,
      body: { lines?: { productId: number; variant?: number | undefined; quantity: number }[]; restock: boolean; reason: string },
      actor: Actor,
    ) {
      // Stryker disable next-line ArrayDeclaration: a job that is no function fails in runAfter, which logs it and goes on; the answer is read after it all the same
      const after: AfterCommit = [];
      const refundId = await db.transaction(async (tx) => {
        const current = await repo.lockOrderState(tx, orderId);
        if (current === undefined) throw notFound('Order not found');
        const items = await repo.itemsOfOrders(tx, [orderId]);
        const done = await payRepo.refundedUnits(tx, orderId);
        const leftOf = (item: repo.OrderItemRow) => item.quantity - (done.get(repo.lineKey(item)) ?? 0);
        const lines: RefundLine[] = [];
        let amountMinor = 0;
        if ((body.lines ?? []).length > 0) {
          // A line naming a product (and no variant) takes its lines of the order in order, the first first.
          // Stryker disable next-line ArrayDeclaration: unreachable: body.lines is a list of one line or more here (checked just above)
          for (const [index, line] of (body.lines ?? []).entries()) {
            const candidates = items.filter((item) => item.productId === line.productId && (line.variant === undefined || item.variantId === line.variant));
            if (candidates.length === 0) {
              throw badRequest(
                line.variant === undefined
                  ? `lines: product ${line.productId} is not in this order`
                  : `lines.${index}.variant: variant ${line.variant} of product ${line.productId} is not in this order`,
              );
            }
            const left = candidates.reduce((sum, item) => sum + leftOf(item), 0);
            const first = candidates[0] as repo.OrderItemRow;
            if (line.quantity > left) throw conflict(`Only ${left} of ${productVariantName(first.name, line.variant === undefined ? '' : first.variantTitle)} left to refund`);
            let wanted = line.quantity;
            for (const item of candidates) {
              const take = Math.min(wanted, leftOf(item));
              if (take <= 0) continue;
              wanted -= take;
              const before = done.get(repo.lineKey(item)) ?? 0;
              done.set(repo.lineKey(item), before + take);
              lines.push({ productId: item.productId, variantId: item.variantId, quantity: take });
              // The units' share of the line's discount (the shares of all its units add up to it exactly).
              amountMinor += item.unitPriceCents * take - discountShare(item.discountMinor, item.quantity, before, take);
            }
          }
        } else {
          amountMinor = current.totalMinor - current.refundedMinor;
          for (const item of items) {
            const left = leftOf(item);
            if (left > 0) lines.push({ productId: item.productId, variantId: item.variantId, quantity: left });
          }
        }
        if (amountMinor === 0 && current.payment === 'refunded') throw conflict('This order is already refunded in full');
        const decision = decide(current, { type: 'refund', amountMinor });
        if (!decision.ok) throw conflict(decision.message);
        // Stryker disable next-line StringLiteral: unreachable: a refund is refused or changes the order, never leaves it unchanged (decide)
        if (!decision.changed) throw conflict('Nothing to refund');
        const applied = await applyDecision(tx, orderId, current, decision, actor, after, { lines, restock: body.restock, reason: body.reason });
        return applied.refundId as number;
      });
      await runAfter(after);
      const refund = await payRepo.findRefund(db, refundId);
      return { ...(await withItems(db, orderId)), refund };
    },

    /** The payment methods checkout offers, and the bank details for a transfer. */
    methods: () => ({ methods: payments.methods, bank: payments.methods.includes('bank_transfer') ? payments.bank : null }),

    /**
     * The buyer's order and its payment: a card order still waiting is asked of the provider first (the
     * return from the payment page), and what it says applied through the one paid step.
     */
    async paymentOf(buyerId: number, orderId: number) {
      const own = await repo.findOrder(db, orderId);
      if (!own || own.buyer.id !== buyerId) throw notFound('Order not found');
      if (own.paymentMethod === 'card' && own.paymentStatus === 'pending' && provider) {
        const live = await payRepo.livePayment(db, orderId);
        if (live?.sessionId) {
          try {
            await applySession(await provider.getPayment(live.sessionId));
          } catch (error) {
            if (!(error instanceof PaymentUnavailableError || error instanceof PaymentRejectedError)) throw error;
            // Shown as pending; the webhook or the job finishes it.
          }
        }
      }
      return withItems(db, orderId);
    },

    /** Pay again: a card order still waiting gets its open page back, or a new one. */
    async pay(buyerId: number, buyerEmail: string, orderId: number, pageOf?: OrderPageOf) {
      const own = await repo.findOrder(db, orderId);
      if (!own || own.buyer.id !== buyerId) throw notFound('Order not found');
      if (own.paymentMethod !== 'card') throw conflict('Only a card order is paid on a payment page');
      if (own.status === 'cancelled' || own.paymentStatus !== 'pending') {
        throw conflict(own.status === 'cancelled' ? 'This order is cancelled: order again to pay' : 'This order is paid already');
      }
      if (!provider) throw new HttpError(503, 'Card payment is not available in this shop');
      let live = await payRepo.livePayment(db, orderId);
      if (!live) {
        live = await db.transaction((tx) =>
          payRepo.insertPayment(tx, {
            orderId,
            provider: provider.name,
            amountMinor: own.totalCents,
            currency: own.currency,
            expiresAt: new Date(Date.now() + payments.cardMinutes * 60_000),
          }),
        );
      }
      if (!live.sessionId) await openPage(orderId, live, buyerEmail, pageOf);
      return withItems(db, orderId);
    },

    /** A verified provider notification, applied once (400 for a bad or old signature, nothing changed). */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!provider) throw notFound('Card payment is not set up in this shop');
      let event;
      try {
        event = provider.parseEvent(rawBody, signature);
      } catch (error) {
        throw badRequest((error as Error).message);
      }
      if (event.kind === 'ignored') return;
      await applySession(event.session, { id: event.id, type: event.type });
    },

    /**
     * The reconciliation job: every live card page is read from the provider and what it says applied
     * (a page open past its time is closed first); a page never made past its time ends its order; card
     * refunds the provider has not confirmed are sent again.
     */
    async reconcile(now = Date.now()): Promise<{ checked: number }> {
      let checked = 0;
      let afterId = 0;
      for (;;) {
        const batch = await payRepo.livePaymentsBatch(db, afterId, 50);
        if (batch.length === 0) break;
        afterId = (batch.at(-1) as payRepo.PaymentRow).id;
        for (const payment of batch) {
          checked += 1;
          try {
            if (!payment.sessionId) {
              if (payment.expiresAt.getTime() < now) await expireUnopened(payment);
              continue;
            }
            if (!provider) continue;
            let session = await provider.getPayment(payment.sessionId);
            if (session.state === 'open' && session.expiresAt.getTime() + 60_000 < now) {
              session = await provider.expirePayment(payment.sessionId, `expire-${payment.sessionId}`);
            }
            await applySession(session);
          } catch (error) {
            warn({ err: error, paymentId: payment.id }, 'payment check failed; tried again at the next run');
          }
        }
      }
      // Older than half a minute: a refund being sent right now is left to its own request.
      for (const refund of await payRepo.pendingRefunds(db, new Date(now - 30_000), 100)) {
        try {
          await sendRefund(refund.id);
        } catch (error) {
          warn({ err: error, refundId: refund.id }, 'card refund still not sent; tried again at the next run');
        }
      }
      return { checked };
    },

    /** One order for the administrator: its delivery details, lines, total and status history. */
    async detail(orderId: number) {
      const found = await withItems(db, orderId);
      return { ...found, history: await historyOf(db, 'order', orderId) };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
