import type { OrderStatus } from '../../../domain/order-status.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { SQL } from 'drizzle-orm';
import { cancelUnsentMail, enqueueMail, mailsInsert } from './repo.ts';
import * as templates from './templates.ts';

export interface MailerOptions extends Omit<templates.MailContext, 'contact'> {
  /** Who is told of new orders; none, no notice. */
  ownerEmail: string | undefined;
  /**
   * The shop's contact details as the owner wrote them (src/server/modules/shop-content), as they are when
   * the mail is written (or, for a mail made as it is sent, then; kept in memory until they change, else
   * read in the transaction that writes the mail): the mail shows them and replies go to the contact
   * e-mail. None: no details, no reply-to.
   */
  contact?: (tx: Db | Tx) => Promise<templates.ShopContact>;
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
  /** The owner's own mails (new orders) carry no contact details of the shop: they are the shop's. */
  const context: templates.MailContext = { shopName: options.shopName, publicUrl: options.publicUrl };
  /**
   * A shopper's mail: its context with the contact details of this moment, and their e-mail as where replies
   * go (null when none is written): one reading for both, so what the mail says and where replies go agree.
   */
  async function shopperContext(tx: Db | Tx): Promise<{ context: templates.MailContext; replyTo: string | null }> {
    const contact = options.contact ? await options.contact(tx) : templates.NO_CONTACT;
    return { context: { ...context, contact }, replyTo: contact.email || null };
  }
  return {
    /** The insert of an order's mails, to run with its other writes: the buyer's confirmation and the owner's notice in one statement. */
    async orderPlacedMails(tx: Db | Tx, order: templates.MailOrder): Promise<SQL> {
      const shopper = await shopperContext(tx);
      return mailsInsert([
        { kind: 'order-confirmation', toAddress: order.buyer.email, replyTo: shopper.replyTo, ...templates.orderConfirmation(shopper.context, order) },
        ...(options.ownerEmail ? [{ kind: 'new-order', toAddress: options.ownerEmail, replyTo: null, ...templates.newOrderNotice(context, order) }] : []),
      ]);
    },

    /** The buyer's mail of a status change (none for the statuses they are not told of): its outbox id, or null. */
    async statusChanged(
      tx: Db | Tx,
      order: { id: number; buyerName: string; buyerEmail: string; status: OrderStatus; link?: string | undefined },
      delaySeconds = 0,
    ): Promise<number | null> {
      if (!templates.NOTIFIED_STATUSES.includes(order.status)) return null;
      const shopper = await shopperContext(tx);
      return enqueueMail(
        tx,
        { kind: `order-${order.status}`, toAddress: order.buyerEmail, replyTo: shopper.replyTo, ...templates.statusChange(shopper.context, order) },
        delaySeconds,
      );
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

    /** The reset mail as it is sent, with its link (and the contact details of that moment). */
    async passwordResetContent(tx: Db | Tx, user: { name: string }, token: string, validMinutes: number): Promise<templates.MailContent & { replyTo: string | null }> {
      // The token travels in the fragment: browsers never send it to the server, so no log line holds it.
      const link = `${context.publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
      const shopper = await shopperContext(tx);
      return { replyTo: shopper.replyTo, ...templates.passwordReset(shopper.context, user, link, validMinutes) };
    },

    GUEST_CLAIM_KIND,

    /**
     * The account of this address is to confirm it, to bring the orders placed as a guest with it in: kept
     * without its link (made as it is sent, guestClaimContent), due a moment later like a reset mail.
     */
    async guestClaimRequested(tx: Db | Tx, email: string): Promise<void> {
      await enqueueMail(tx, { kind: GUEST_CLAIM_KIND, toAddress: email, ...templates.guestClaimKept(context) }, RESET_MAIL_DELAY_SECONDS);
    },

    /** The confirmation mail as it is sent, with its link (and the contact details of that moment). */
    async guestClaimContent(tx: Db | Tx, user: { name: string }, token: string, validHours: number): Promise<templates.MailContent & { replyTo: string | null }> {
      const link = `${context.publicUrl}/confirm-email#token=${encodeURIComponent(token)}`;
      const shopper = await shopperContext(tx);
      return { replyTo: shopper.replyTo, ...templates.guestClaim(shopper.context, user, link, validHours) };
    },

    /** A payment mail to the shopper (received, bank details, refund, expired), in the caller's transaction. */
    async payment(tx: Db | Tx, toAddress: string, mail: templates.PaymentMail): Promise<void> {
      const shopper = await shopperContext(tx);
      await enqueueMail(tx, { kind: mail.kind, toAddress, replyTo: shopper.replyTo, ...templates.paymentNotice(shopper.context, mail) });
    },

    async welcome(tx: Db | Tx, user: { name: string; email: string }): Promise<void> {
      const shopper = await shopperContext(tx);
      await enqueueMail(tx, { kind: 'welcome', toAddress: user.email, replyTo: shopper.replyTo, ...templates.welcome(shopper.context, user) });
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
