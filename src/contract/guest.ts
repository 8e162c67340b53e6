import { z } from 'zod';
import { deliveryAddress } from './address.ts';
import { email } from './auth.ts';
import { text } from './common.ts';
import { checkoutBody, checkoutResponse } from './order.ts';

/** What the refusal of the first guest form's one-text address says (the plain `address` is no longer taken). */
export const PLAIN_ADDRESS_REFUSED = 'is no longer taken: send the delivery address as country, city and lines (and region and postcode)';

/**
 * Where a guest's order goes: the signed-in checkout's delivery address (country, region, postcode, city,
 * lines, name, phone), required, so a guest order is priced with its shipping and tax like any other. The
 * first guest form's `{name, address, phone}` is refused by name (`delivery.address: is no longer taken…`)
 * rather than as three missing fields.
 */
export const guestDelivery = z.preprocess((value, context) => {
  if (value === undefined || value === null) {
    context.addIssue({ code: 'custom', message: 'is required: the address to deliver to', input: value });
    return z.NEVER;
  }
  if (typeof value === 'object' && value !== null && 'address' in value && !('lines' in value)) {
    context.addIssue({ code: 'custom', path: ['address'], message: PLAIN_ADDRESS_REFUSED, input: value });
    return z.NEVER;
  }
  return value;
}, deliveryAddress);

/**
 * Checkout without an account (docs/decisions/0019-guest-checkout.md): the signed-in checkout's body
 * (`cart`, `paymentMethod`, `code`, `rateId`) with `delivery` required, plus the e-mail the confirmation goes
 * to. One schema for the web form and the server.
 */
export const guestCheckoutBody = checkoutBody.extend({
  email,
  delivery: guestDelivery,
});
export type GuestCheckoutBody = z.input<typeof guestCheckoutBody>;

/** The placed order, and the token of its page (the shopper goes there now; the mail carries the same link). */
export const guestCheckoutResponse = checkoutResponse.extend({ token: z.string() });

/** The longest token a link carries (43 characters of base64url today); longer is refused as input. */
export const LINK_TOKEN_MAX = 200;
const linkToken = text({ max: LINK_TOKEN_MAX });

/** A guest's order, opened with the token of its mailed link (sent in the body: never in a URL, so never in a log). */
export const guestOrderBody = z.object({ token: linkToken });

/** The mailed link that confirms an account's address: the guest orders of that address join the account. */
export const confirmEmailBody = z.object({ token: linkToken });
export const confirmEmailResponse = z.object({ success: z.literal(true), message: z.string(), orders: z.number() });

/** How long a confirmation link works. */
export const CONFIRM_LINK_VALID_HOURS = 24;
