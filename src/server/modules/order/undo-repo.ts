import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../domain/order-status.ts';
import type { PaymentStatus } from '../../../domain/order-lifecycle.ts';
import type { Tx } from '../../db/client.ts';
import { orders, orderStatusUndo } from '../../db/schema.ts';

export interface StatusUndo {
  beforeStatus: OrderStatus;
  beforePayment: PaymentStatus;
  afterStatus: OrderStatus;
  stockMoved: number;
  mailId: number | null;
  until: Date;
  /** The window is still open (by the database's clock, which every process shares). */
  open: boolean;
}

/** Keep what undoing the owner's change of an order needs, for `seconds` (replacing an earlier change's). */
export async function keepUndo(
  tx: Tx,
  orderId: number,
  undo: { beforeStatus: OrderStatus; beforePayment: PaymentStatus; afterStatus: OrderStatus; stockMoved: number; mailId: number | null },
  seconds: number,
): Promise<Date> {
  const until = sql`now() + make_interval(secs => ${seconds})`;
  const [row] = await tx
    .insert(orderStatusUndo)
    .values({ orderId, ...undo, until })
    .onConflictDoUpdate({ target: orderStatusUndo.orderId, set: { ...undo, until } })
    .returning({ until: orderStatusUndo.until });
  if (!row) throw new Error('undo row not written');
  return row.until;
}

/** The order's undoable change, if any (its row is locked with the order's by the caller). */
export async function findUndo(tx: Tx, orderId: number): Promise<StatusUndo | undefined> {
  const [row] = await tx
    .select({
      beforeStatus: orderStatusUndo.beforeStatus,
      beforePayment: orderStatusUndo.beforePayment,
      afterStatus: orderStatusUndo.afterStatus,
      stockMoved: orderStatusUndo.stockMoved,
      mailId: orderStatusUndo.mailId,
      until: orderStatusUndo.until,
      open: sql<boolean>`${orderStatusUndo.until} > now()`,
    })
    .from(orderStatusUndo)
    .where(eq(orderStatusUndo.orderId, orderId));
  return row
    ? { ...row, beforeStatus: row.beforeStatus as OrderStatus, beforePayment: row.beforePayment as PaymentStatus, afterStatus: row.afterStatus as OrderStatus }
    : undefined;
}

/** Nothing to undo any more (undone, or another change of the order came after). */
export async function forgetUndo(tx: Tx, orderId: number): Promise<void> {
  await tx.delete(orderStatusUndo).where(eq(orderStatusUndo.orderId, orderId));
}

/** Put an order's status and payment back as they were before the undone change (`paid_at` too when it was unpaid). */
export async function restoreState(tx: Tx, orderId: number, status: OrderStatus, payment: PaymentStatus): Promise<void> {
  const unpaid = payment === 'pending' || payment === 'failed' || payment === 'expired';
  await tx
    .update(orders)
    .set({ status, paymentStatus: payment, updatedAt: new Date(), ...(unpaid ? { paidAt: null } : {}) })
    .where(eq(orders.id, orderId));
}
