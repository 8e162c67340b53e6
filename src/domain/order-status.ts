/** Order status values as they travel on the wire and sit in the database (spec.md section 4). */
export const ORDER_STATUSES = ['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What people read (decisions.md section 2: the wire values stay misspelt, the labels do not). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  'Not Process': 'Not Processed',
  Processing: 'Processing',
  Shipped: 'Shipped',
  deliverd: 'Delivered',
  cancel: 'Cancelled',
};

export const INITIAL_ORDER_STATUS: OrderStatus = 'Not Process';
export const DELIVERED_STATUS: OrderStatus = 'deliverd';
export const CANCELLED_STATUS: OrderStatus = 'cancel';

/** Payment is cash on delivery: paid once delivered. */
export function isPaid(status: OrderStatus): boolean {
  return status === DELIVERED_STATUS;
}

export type PaymentLabel = 'Pending' | 'Success' | 'Failed';

/** Pending until delivered; Failed for a cancelled (unpaid) order. */
export function paymentLabel(payment: { success: boolean }, status: OrderStatus): PaymentLabel {
  if (payment.success) return 'Success';
  return status === CANCELLED_STATUS ? 'Failed' : 'Pending';
}
