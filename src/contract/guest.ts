import { z } from 'zod';
import { contactDetails, email } from './auth.ts';
import { text } from './common.ts';
import { checkoutBody, checkoutResponse } from './order.ts';

/**
 * Checkout without an account (docs/decisions/0019-guest-checkout.md): the signed-in checkout's body, plus
 * the e-mail the confirmation goes to and where to deliver. One schema for the web form and the server.
 */
export const guestDelivery = contactDetails;

export const guestCheckoutBody = checkoutBody.extend({
  email,
  delivery: guestDelivery,
});
export type GuestCheckoutBody = z.input<typeof guestCheckoutBody>;

/** The guest checkout form's fields, flat (the web form; the body nests the delivery). */
export const guestContact = contactDetails.extend({ email });
export type GuestContact = z.infer<typeof guestContact>;

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
