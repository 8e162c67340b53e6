import { createHmac, timingSafeEqual } from 'node:crypto';
import { paths } from '../../../contract/pages.ts';
import { shopMoney } from '../../../domain/money.ts';
import type { PaymentMethod } from '../../../domain/order-lifecycle.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import * as accounts from '../user/service.ts';
import * as repo from './repo.ts';
import { type BuyerOf, type CartEntry, type DeliveryChoice, deliveryText, type OrderPageOf, type OrderService, type WhilePlacing } from './service.ts';

/** A guest order's delivery address (required), and the delivery method and discount code chosen. */
export interface GuestChoice {
  delivery: NonNullable<DeliveryChoice['delivery']>;
  rateId?: number | undefined;
  code?: string | undefined;
  whilePlacing?: WhilePlacing | undefined;
}

/** The one answer to a wrong token and to an order that does not exist. */
export const GUEST_ORDER_NOT_FOUND = 'Order not found';

/**
 * A guest order's signed page (the token of its link): the same for every mail of the order and the page that
 * checks it. See createGuestOrderService.
 */
export function guestOrderLinks(secret: string): { tokenOf: (orderId: number) => string; pageOf: OrderPageOf } {
  const key = createHmac('sha256', secret).update('emporium:guest-order-links').digest();
  const tokenOf = (orderId: number) => createHmac('sha256', key).update(`order:${orderId}`).digest('base64url');
  return { tokenOf, pageOf: (orderId) => `${paths.guestOrder(String(orderId))}#t=${tokenOf(orderId)}` };
}

/**
 * Checkout without an account, and the guest's order page (docs/decisions/0019-guest-checkout.md). A guest
 * order belongs to the guest buyer row of its normalised e-mail, so the limits, the counts per customer and
 * the owner's lists treat it as any other; it is placed by the one checkout of the order service.
 *
 * The page's link carries `HMAC-SHA256(key, "order:<id>")`, the key derived from the server's secret: it
 * says nothing of the order, cannot be made without the secret, and is checked before anything is read, so
 * a wrong token and an unknown order get the same 404 in the same time.
 */
export function createGuestOrderService(db: Db, orders: OrderService, secret: string) {
  const { tokenOf, pageOf } = guestOrderLinks(secret);

  /** The order a token opens (404 otherwise, the token checked before the order is looked up). */
  async function opened(orderId: number, token: string): Promise<repo.OrderRow> {
    const expected = Buffer.from(tokenOf(orderId));
    const given = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound(GUEST_ORDER_NOT_FOUND);
    const order = await repo.findOrder(db, orderId);
    if (!order) throw notFound(GUEST_ORDER_NOT_FOUND);
    return order;
  }

  return {
    tokenOf,
    pageOf,

    /**
     * The guest buyer of the e-mail (made or updated with the delivery's name, phone and address), then the
     * one checkout with the delivery address, method and code: priced, refused and kept as a signed-in order.
     */
    async place(email: string, entries: CartEntry[], address: string, method: PaymentMethod | undefined, choice: GuestChoice) {
      const { delivery } = choice;
      const details = { name: delivery.name, phone: delivery.phone, address: deliveryText(delivery, shopMoney().locale) };
      // Made or updated inside the order's transaction: a refused order leaves no trace of the guest.
      let guestId: number | null = null;
      const buyerOf: BuyerOf = async (tx) => {
        const guest = await accounts.upsertGuest(tx, email, details);
        guestId = guest.id;
        return { id: guest.id, email: guest.email, guest: guest.guest, ...details };
      };
      // The history's "placed by" is the guest row, known once the transaction made it.
      const actor = {
        get id() {
          return guestId;
        },
        name: delivery.name,
        address,
      };
      return orders.checkout(buyerOf, entries, actor, method, { ...choice, pageOf });
    },

    /** The order and its payment (a card payment still waiting is asked of the provider, as for an account). */
    async view(orderId: number, token: string) {
      const order = await opened(orderId, token);
      return orders.paymentOf(order.buyer.id, orderId);
    },

    /** Pay again: a card order still waiting gets its payment page, which comes back to this order's page. */
    async pay(orderId: number, token: string) {
      const order = await opened(orderId, token);
      return orders.pay(order.buyer.id, order.buyer.email, orderId, pageOf);
    },
  };
}

export type GuestOrderService = ReturnType<typeof createGuestOrderService>;
