/** The payment pages, applied provider events and refunds of orders (tables payments, payment_events, refunds). */
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { paymentEvents, payments, refunds } from '../../db/schema.ts';
import { lineKey } from './repo.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

export const LIVE = ['open', 'processing'];

export async function insertPayment(
  tx: Tx,
  values: { orderId: number; provider: string; amountMinor: number; currency: string; expiresAt: Date },
): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  // Stryker disable next-line ConditionalExpression,StringLiteral: an insert with returning() always answers its row; the check is there for the type
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/** The provider answered: the page's id, address and (its bounds applied) expiry. */
export async function setPaymentSession(db: Db | Tx, id: number, session: { id: string; url: string | null; expiresAt: Date }): Promise<void> {
  await db.update(payments).set({ sessionId: session.id, url: session.url, expiresAt: session.expiresAt }).where(eq(payments.id, id));
}

export async function findPaymentBySession(db: Db | Tx, provider: string, sessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.sessionId, sessionId)));
  return row;
}

export async function lockPayment(tx: Tx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** The order's live page (open or processing), if any. */
export async function livePayment(db: Db | Tx, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, LIVE)));
  return row;
}

/** The live pages of several orders in one query (the order lists show the page to pay on). */
export async function livePayments(db: Db | Tx, orderIds: number[]): Promise<PaymentRow[]> {
  // Stryker disable next-line ArrayDeclaration: only a page without orders asks with no ids, and it reads no payment of the answer
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), inArray(payments.state, LIVE)));
}

/** The page whose payment was taken (refunds name it). */
export async function paidPayment(db: Db | Tx, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'paid')))
    .orderBy(asc(payments.id))
    .limit(1);
  return row;
}

export async function setPaymentState(
  tx: Tx,
  id: number,
  state: string,
  extra: { captureId?: string | null; applied?: boolean } = {},
): Promise<void> {
  await tx
    .update(payments)
    .set({
      state,
      ...(extra.captureId ? { captureId: extra.captureId } : {}),
      ...(extra.applied ? { appliedAt: new Date() } : {}),
    })
    .where(eq(payments.id, id));
}

/** Records a provider event; false if it was recorded before (it was applied then: do nothing). */
export async function recordEvent(tx: Tx, event: { provider: string; eventId: string; type: string; sessionId: string | null }): Promise<boolean> {
  const rows = await tx.insert(paymentEvents).values(event).onConflictDoNothing().returning({ eventId: paymentEvents.eventId });
  // Stryker disable next-line ConditionalExpression,EqualityOperator: an event applied twice changes nothing anyway: each outcome is guarded by the page's state under its row lock (applied_at, open or processing), and the insert keeps one row per event
  return rows.length > 0;
}

/** Live pages for the reconciliation job, oldest first, a batch after `afterId`. */
export async function livePaymentsBatch(db: Db, afterId: number, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.state, LIVE), gt(payments.id, afterId)))
    .orderBy(asc(payments.id))
    .limit(limit);
}

export async function insertRefund(
  tx: Tx,
  values: {
    orderId: number;
    paymentId: number | null;
    amountMinor: number;
    lines: { productId: number; quantity: number }[];
    restock: boolean;
    state: 'pending' | 'succeeded';
    reason: string;
    createdBy: number | null;
  },
): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  // Stryker disable next-line ConditionalExpression,StringLiteral: an insert with returning() always answers its row; the check is there for the type
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

export async function findRefund(db: Db | Tx, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** Ends a pending refund as the provider answered; false when it is not pending any more (another send ended it first). */
export async function settleRefund(db: Db | Tx, id: number, state: 'succeeded' | 'failed', providerRefundId: string | null): Promise<boolean> {
  const rows = await db
    .update(refunds)
    .set({ state, providerRefundId })
    .where(and(eq(refunds.id, id), eq(refunds.state, 'pending')))
    .returning({ id: refunds.id });
  return rows.length > 0;
}

/** Card refunds the provider has not confirmed yet (it could not be reached), made before `before`. */
export async function pendingRefunds(db: Db, before: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.state, 'pending'), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

/**
 * Units refunded so far per product of an order (a line is never refunded past what was bought); with
 * `restocked`, only those put back in stock.
 */
/** Units refunded so far per order line (`lineKey`: its product and variant). */
export async function refundedUnits(tx: Tx, orderId: number, only: { restocked?: boolean } = {}): Promise<Map<string, number>> {
  const rows = await tx
    .select({ lines: refunds.lines })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.state, ['pending', 'succeeded']), only.restocked ? eq(refunds.restock, true) : undefined));
  const units = new Map<string, number>();
  for (const row of rows) {
    for (const line of row.lines as { productId: number; variantId?: number | null; quantity: number }[]) {
      units.set(lineKey(line), (units.get(lineKey(line)) ?? 0) + line.quantity);
    }
  }
  return units;
}

export async function findPaymentById(db: Db | Tx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}
