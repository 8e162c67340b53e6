/** Order statuses, as the shop names them inside (the wire keeps the specification's spellings). */
export const ORDER_STATUSES = ['not_processed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What people read. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  not_processed: 'Not Processed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The statuses a shopper is mailed about (a reopened order goes back to "Not Processed" quietly). */
export const MAILED_STATUSES = ['processing', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[];
export type MailedStatus = (typeof MAILED_STATUSES)[number];

/** Orders placed and not yet paid or cancelled (payment on delivery): the limits per account and address count them. */
export const AWAITING_PAYMENT = ['not_processed', 'processing', 'shipped'] as const satisfies readonly OrderStatus[];

/** Payment is cash on delivery: paid once delivered. */
export function isPaid(status: OrderStatus): boolean {
  return status === 'delivered';
}

export type PaymentLabel = 'Pending' | 'Success' | 'Failed';

/** Pending until delivered; Failed for a cancelled (unpaid) order. */
export function paymentLabel(payment: { success: boolean }, status: OrderStatus): PaymentLabel {
  if (payment.success) return 'Success';
  return status === 'cancelled' ? 'Failed' : 'Pending';
}
