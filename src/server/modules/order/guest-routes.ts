import type { Handlers } from '../../plugins/calls.ts';
import { cartEntries, stockMovedBy, toWireOrder } from './mapper.ts';
import type { PaymentRow } from './payment-repo.ts';
import type { OrderItemRow, OrderRow, OrderTaxLineRow } from './repo.ts';
import type { GuestOrderService } from './guest-service.ts';
import type { PlacingExtras } from './routes.ts';
import type { OrderService } from './service.ts';

/** Checkout without an account and the guest's order page (opened with the mailed link's token). */
export const guestOrderHandlers = (guests: GuestOrderService, orders: OrderService, extras?: PlacingExtras) => {
  const bank = orders.methods().bank;
  const wire = (found: { order: OrderRow; items: OrderItemRow[]; live: PaymentRow[]; taxLines: OrderTaxLineRow[] }) =>
    toWireOrder(found.order, found.items, { live: found.live, bank, taxLines: found.taxLines });
  return {
    placeGuestOrder: async (request) => {
      const { cart, email, paymentMethod, delivery, rateId, code } = request.body;
      const placed = await guests.place(email, cartEntries(cart), request.ip, paymentMethod, { delivery, rateId, code, whilePlacing: extras?.guest(request) });
      request.stockMoved = stockMovedBy(placed.items);
      return { success: true, message: 'Order placed successfully', order: wire(placed), token: guests.tokenOf(placed.order.id) };
    },
    guestOrder: async (request) => ({ success: true, order: wire(await guests.view(request.params.orderId, request.body.token)) }),
    payGuestOrder: async (request) => ({ success: true, order: wire(await guests.pay(request.params.orderId, request.body.token)) }),
  } satisfies Partial<Handlers>;
};
