import type { OrderStatus } from '../../../domain/order-status.ts';
import type { Db, Tx } from '../../db/client.ts';
import { cancelUnsentMail, enqueueMail } from './repo.ts';
import * as templates from './templates.ts';

export interface MailerOptions extends templates.MailContext {
  /** Who is told of new orders; none, no notice. */
  ownerEmail: string | undefined;
}

/** Reset mails: kept without their link, which is made as each is sent. */
const PASSWORD_RESET_KIND = 'password-reset';
/** Mails confirming an account's address to bring its guest orders in: kept without their link, like reset mails. */
const GUEST_CLAIM_KIND = 'guest-claim';
/** A reset mail is due this long after it was asked for (see passwordResetRequested). */
export const RESET_MAIL_DELAY_SECONDS = 1;

/**
 * The shop's mails, written to the outbox inside the caller's transaction (the order, the status change,
 * the reset, the account): sent afterwards by the outbox worker.
 */
export function createMailer(options: MailerOptions) {
  const context = { shopName: options.shopName, publicUrl: options.publicUrl };
  return {
    async orderPlaced(tx: Db | Tx, order: templates.MailOrder): Promise<void> {
      await enqueueMail(tx, { kind: 'order-confirmation', toAddress: order.buyer.email, ...templates.orderConfirmation(context, order) });
      if (options.ownerEmail) {
        await enqueueMail(tx, { kind: 'new-order', toAddress: options.ownerEmail, ...templates.newOrderNotice(context, order) });
      }
    },

    /** The buyer's mail of a status change (none for the statuses they are not told of): its outbox id, or null. */
    async statusChanged(
      tx: Db | Tx,
      order: { id: number; buyerName: string; buyerEmail: string; status: OrderStatus },
      delaySeconds = 0,
    ): Promise<number | null> {
      if (!templates.NOTIFIED_STATUSES.includes(order.status)) return null;
      return enqueueMail(tx, { kind: `order-${order.status}`, toAddress: order.buyerEmail, ...templates.statusChange(context, order) }, delaySeconds);
    },

    /** Drop a mail never tried yet (an undone change's), in the caller's transaction; false once a worker took it. */
    cancelUnsent: (tx: Db | Tx, mailId: number): Promise<boolean> => cancelUnsentMail(tx, mailId),

    PASSWORD_RESET_KIND,

    /**
     * A reset link was asked for this address: the outbox keeps a mail without a link (what the Mails
     * screen and backups show); the link is written in when the mail is sent (passwordResetContent). It is
     * due a moment later, so that sending it (or finding that no account has the address) never runs while
     * the request is being answered: the answer takes the same time either way.
     */
    async passwordResetRequested(tx: Db | Tx, email: string): Promise<void> {
      await enqueueMail(tx, { kind: PASSWORD_RESET_KIND, toAddress: email, ...templates.passwordResetKept(context) }, RESET_MAIL_DELAY_SECONDS);
    },

    /** The reset mail as it is sent, with its link. */
    passwordResetContent(user: { name: string }, token: string, validMinutes: number): templates.MailContent {
      // The token travels in the fragment: browsers never send it to the server, so no log line holds it.
      const link = `${context.publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
      return templates.passwordReset(context, user, link, validMinutes);
    },

    GUEST_CLAIM_KIND,

    /**
     * The account of this address is to confirm it, to bring the orders placed as a guest with it in: kept
     * without its link (made as it is sent, guestClaimContent), due a moment later like a reset mail.
     */
    async guestClaimRequested(tx: Db | Tx, email: string): Promise<void> {
      await enqueueMail(tx, { kind: GUEST_CLAIM_KIND, toAddress: email, ...templates.guestClaimKept(context) }, RESET_MAIL_DELAY_SECONDS);
    },

    /** The confirmation mail as it is sent, with its link. */
    guestClaimContent(user: { name: string }, token: string, validHours: number): templates.MailContent {
      const link = `${context.publicUrl}/confirm-email#token=${encodeURIComponent(token)}`;
      return templates.guestClaim(context, user, link, validHours);
    },

    /** A payment mail to the shopper (received, bank details, refund, expired), in the caller's transaction. */
    async payment(tx: Db | Tx, toAddress: string, mail: templates.PaymentMail): Promise<void> {
      await enqueueMail(tx, { kind: mail.kind, toAddress, ...templates.paymentNotice(context, mail) });
    },

    async welcome(tx: Db | Tx, user: { name: string; email: string }): Promise<void> {
      await enqueueMail(tx, { kind: 'welcome', toAddress: user.email, ...templates.welcome(context, user) });
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
