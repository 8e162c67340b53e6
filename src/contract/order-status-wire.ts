/**
 * Order statuses on the wire: the specification's own values, misspellings included (decisions.md
 * section 1), mapped to and from the shop's clean names. No zod here: the web app maps every order it
 * reads, and this stays out of the validation library's way.
 */
import type { OrderStatus } from '../domain/order-status.ts';

export const WIRE_ORDER_STATUSES = ['Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel'] as const;
export type WireOrderStatus = (typeof WIRE_ORDER_STATUSES)[number];

const TO_WIRE: Record<OrderStatus, WireOrderStatus> = {
  not_processed: 'Not Process',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'deliverd',
  cancelled: 'cancel',
};
const FROM_WIRE = Object.fromEntries(Object.entries(TO_WIRE).map(([clean, wire]) => [wire, clean])) as Record<
  WireOrderStatus,
  OrderStatus
>;

export const toWireStatus = (status: OrderStatus): WireOrderStatus => TO_WIRE[status];
export const fromWireStatus = (status: WireOrderStatus): OrderStatus => FROM_WIRE[status];
