import { MAILED_STATUSES, type MailedStatus, ORDER_STATUS_LABELS, type OrderStatus } from '../../../domain/order-status.ts';
import { formatShopMoney } from '../../../domain/money.ts';

/** The shop's contact details as the owner wrote them in the admin (Shop pages); '' for one not written. */
export interface ShopContact {
  email: string;
  phone: string;
  address: string;
}

export const NO_CONTACT: ShopContact = { email: '', phone: '', address: '' };

/**
 * What every mail knows: the shop's name, its public address (links start with it) and its contact details
 * (read when the mail is written; none written, none shown: no placeholder).
 */
export interface MailContext {
  shopName: string;
  publicUrl: string;
  contact?: ShopContact;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailOrderLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface MailOrder {
  id: number;
  createdAt: Date;
  lines: MailOrderLine[];
  /** The discount code used and what it took off (`totalCents` is after it). */
  totalCents: number;
  /** The rows between the lines and the total (discount, shipping, tax), as they were charged; none before zones. */
  extras?: { label: string; amountMinor: number }[];
  delivery: { name: string; address: string; phone: string };
  buyer: { name: string; email: string };
  /** Where the buyer follows the order (a guest's order page with its token); none: the account's orders. */
  link?: string;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** In the shop's currency and locale (an order's currency is the shop's: it cannot change once there are orders). */
const money = (minor: number) => formatShopMoney(minor);

/** The address on one line (the owner writes it on several). */
const oneLine = (address: string) =>
  address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');

/** The contact details the owner wrote, labelled, in the order e-mail, phone, address. */
function contactLines(context: MailContext): { label: string; value: string; href?: string }[] {
  const { email, phone, address } = context.contact ?? NO_CONTACT;
  return [
    ...(email ? [{ label: 'E-mail', value: email, href: `mailto:${email}` }] : []),
    ...(phone ? [{ label: 'Phone', value: phone, href: `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}` }] : []),
    ...(address ? [{ label: 'Address', value: oneLine(address) }] : []),
  ];
}

/** The end of a mail's plain text: the shop's name and the contact details written. */
function signature(context: MailContext): string {
  return [context.shopName, ...contactLines(context).map((line) => `${line.label}: ${line.value}`)].join('\n');
}

/** The footer's contact details in HTML (nothing when none are written). */
function contactHtml(context: MailContext): string {
  const lines = contactLines(context);
  if (lines.length === 0) return '';
  const item = (line: (typeof lines)[number]) =>
    `${escape(line.label)}: ${line.href ? `<a href="${escape(line.href)}" style="color:#6e6e73">${escape(line.value)}</a>` : escape(line.value)}`;
  return `<p style="color:#6e6e73;font-size:12px;margin:4px 0 0">${lines.map(item).join('<br>')}</p>`;
}

/** The one HTML frame of every mail: the shop's name, the message, a quiet footer with the shop's contact details. */
function layout(context: MailContext, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d1d1f">
<table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td><p style="font-size:20px;font-weight:bold;margin:0 0 16px"><a href="${escape(context.publicUrl)}" style="color:#4338ca;text-decoration:none">${escape(context.shopName)}</a></p>
${body}
<p style="color:#6e6e73;font-size:12px;margin:32px 0 0">${escape(context.shopName)} · <a href="${escape(context.publicUrl)}" style="color:#6e6e73">${escape(context.publicUrl)}</a></p>
${contactHtml(context)}
</td></tr></table></body></html>`;
}

function linesText(order: MailOrder): string {
  const lines = order.lines.map((line) => `  ${line.quantity} × ${line.name} — ${money(line.unitPriceCents * line.quantity)}`);
  const extras = (order.extras ?? []).map((row) => `  ${row.label}: ${money(row.amountMinor)}`);
  return `${[...lines, ...extras].join('\n')}\n  Total: ${money(order.totalCents)}`;
}

function linesHtml(order: MailOrder): string {
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="padding:4px 8px">${line.quantity} ×</td><td style="padding:4px 8px">${escape(line.name)}</td><td style="padding:4px 8px;text-align:right">${money(line.unitPriceCents)}</td><td style="padding:4px 8px;text-align:right">${money(line.unitPriceCents * line.quantity)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;width:100%;margin:16px 0">
<tr style="color:#6e6e73;font-size:12px"><th style="padding:4px 8px;text-align:left">Qty</th><th style="padding:4px 8px;text-align:left">Product</th><th style="padding:4px 8px;text-align:right">Price</th><th style="padding:4px 8px;text-align:right">Subtotal</th></tr>
${rows}
${(order.extras ?? []).map((row) => `<tr><td colspan="3" style="padding:4px 8px;text-align:right">${escape(row.label)}</td><td style="padding:4px 8px;text-align:right">${money(row.amountMinor)}</td></tr>`).join('')}
<tr><td colspan="3" style="padding:8px;text-align:right;font-weight:bold">Total</td><td style="padding:8px;text-align:right;font-weight:bold">${money(order.totalCents)}</td></tr></table>`;
}

const deliveryText = (order: MailOrder) =>
  `${order.delivery.name}\n${order.delivery.address}\nPhone: ${order.delivery.phone}`;
const deliveryHtml = (order: MailOrder) =>
  `<p style="white-space:pre-line;margin:0">${escape(order.delivery.name)}\n${escape(order.delivery.address)}\nPhone: ${escape(order.delivery.phone)}</p>`;

/** To the shopper, when the order is placed. */
export function orderConfirmation(context: MailContext, order: MailOrder): MailContent {
  const link = order.link ?? `${context.publicUrl}/dashboard/user/orders`;
  return {
    subject: `Your order #${order.id} at ${context.shopName}`,
    text: `Hello ${order.buyer.name},

thank you for your order #${order.id}. Here is what you ordered:

${linesText(order)}

Payment: pay on delivery (cash), when the order reaches you.

Delivery address:
${deliveryText(order)}

Follow your order: ${link}

${signature(context)}
`,
    html: layout(
      context,
      `Order #${order.id}`,
      `<p>Hello ${escape(order.buyer.name)},</p>
<p>thank you for your order <strong>#${order.id}</strong>. Here is what you ordered:</p>
${linesHtml(order)}
<p><strong>Payment:</strong> pay on delivery (cash), when the order reaches you.</p>
<p><strong>Delivery address</strong></p>${deliveryHtml(order)}
<p style="margin-top:24px"><a href="${escape(link)}" style="background:#4338ca;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Follow your order</a></p>`,
    ),
  };
}

/** To the owner, when an order is placed. */
export function newOrderNotice(context: MailContext, order: MailOrder): MailContent {
  const link = `${context.publicUrl}/dashboard/admin/orders/${order.id}`;
  return {
    subject: `New order #${order.id}: ${money(order.totalCents)} from ${order.buyer.name}`,
    text: `A new order has been placed.

Order #${order.id}, ${order.createdAt.toISOString()}
Buyer: ${order.buyer.name} <${order.buyer.email}>

${linesText(order)}

Deliver to:
${deliveryText(order)}

Open it: ${link}
`,
    html: layout(
      context,
      `New order #${order.id}`,
      `<p>A new order has been placed: <strong>#${order.id}</strong> by ${escape(order.buyer.name)} &lt;${escape(order.buyer.email)}&gt;.</p>
${linesHtml(order)}
<p><strong>Deliver to</strong></p>${deliveryHtml(order)}
<p style="margin-top:24px"><a href="${escape(link)}">Open the order</a></p>`,
    ),
  };
}

const STATUS_SENTENCES: Record<MailedStatus, string> = {
  processing: 'is being prepared',
  shipped: 'is on its way',
  delivered: 'has been delivered. Thank you for shopping with us',
  cancelled: 'has been cancelled. You pay nothing; if this is a surprise, reply to this mail',
};

/** The statuses a shopper is told about (a reopened order goes back to "Not Processed" quietly). */
export const NOTIFIED_STATUSES: readonly OrderStatus[] = MAILED_STATUSES;

/**
 * Where a mail sends the shopper to follow an order: a guest's own order page (its signed link), or the
 * account's orders.
 */
function followLink(context: MailContext, guestLink: string | undefined): { url: string; label: string } {
  return guestLink ? { url: guestLink, label: 'Your order' } : { url: `${context.publicUrl}/dashboard/user/orders`, label: 'Your orders' };
}

/** To the shopper, when the order's status changes (`link`: a guest's order page; none, the account's orders). */
export function statusChange(
  context: MailContext,
  order: { id: number; buyerName: string; status: OrderStatus; link?: string | undefined },
): MailContent {
  const sentence = (STATUS_SENTENCES as Partial<Record<OrderStatus, string>>)[order.status] ?? 'has changed';
  const label = ORDER_STATUS_LABELS[order.status];
  const follow = followLink(context, order.link);
  return {
    subject: `Order #${order.id}: ${label}`,
    text: `Hello ${order.buyerName},

your order #${order.id} ${sentence}.

Status: ${label}
${follow.label}: ${follow.url}

${signature(context)}
`,
    html: layout(
      context,
      `Order #${order.id}: ${label}`,
      `<p>Hello ${escape(order.buyerName)},</p>
<p>your order <strong>#${order.id}</strong> ${escape(sentence)}.</p>
<p>Status: <strong>${escape(label)}</strong></p>
<p><a href="${escape(follow.url)}">${follow.label}</a></p>`,
    ),
  };
}

/** To the account's address, when a reset link is asked for. */
export function passwordReset(
  context: MailContext,
  user: { name: string },
  link: string,
  validMinutes: number,
): MailContent {
  return {
    subject: `Reset your ${context.shopName} password`,
    text: `Hello ${user.name},

someone (we hope you) asked to reset the password of your ${context.shopName} account.
Choose a new password here (the link works once, for ${validMinutes} minutes):

${link}

If it was not you, ignore this mail: your password stays as it is.

${signature(context)}
`,
    html: layout(
      context,
      'Reset your password',
      `<p>Hello ${escape(user.name)},</p>
<p>someone (we hope you) asked to reset the password of your ${escape(context.shopName)} account.</p>
<p><a href="${escape(link)}" style="background:#4338ca;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="color:#6e6e73">The link works once, for ${validMinutes} minutes. If it was not you, ignore this mail: your password stays as it is.</p>`,
    ),
  };
}

/**
 * A reset mail as the outbox keeps it: no link (a live link in the outbox would be in every backup and on
 * the Mails screen); the link is written in as the mail is sent, for the account the address has then.
 */
export function passwordResetKept(context: MailContext): MailContent {
  const note = 'A link to choose a new password, made as this mail is sent; the link itself is not kept here.';
  return {
    subject: `Reset your ${context.shopName} password`,
    text: `${note}\n`,
    html: layout(context, 'Reset your password', `<p>${escape(note)}</p>`),
  };
}

/** To an account's address, to confirm it and bring in the orders placed as a guest with it. */
export function guestClaim(context: MailContext, user: { name: string }, link: string, validHours: number): MailContent {
  return {
    subject: `Confirm your e-mail address at ${context.shopName}`,
    text: `Hello ${user.name},

orders were placed at ${context.shopName} as a guest with this e-mail address. Confirm that the address is
yours and they join your account (the link works once, for ${validHours} hours):

${link}

If you did not create an account with us, ignore this mail: nothing changes.

${signature(context)}
`,
    html: layout(
      context,
      'Confirm your e-mail address',
      `<p>Hello ${escape(user.name)},</p>
<p>orders were placed at ${escape(context.shopName)} as a guest with this e-mail address. Confirm that the address is yours and they join your account.</p>
<p><a href="${escape(link)}" style="background:#4338ca;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Confirm my address</a></p>
<p style="color:#6e6e73">The link works once, for ${validHours} hours. If you did not create an account with us, ignore this mail: nothing changes.</p>`,
    ),
  };
}

/** A confirmation mail as the outbox keeps it: no link (made as it is sent, like a reset link). */
export function guestClaimKept(context: MailContext): MailContent {
  const note = 'A link to confirm this address and bring its guest orders into the account, made as this mail is sent; the link itself is not kept here.';
  return {
    subject: `Confirm your e-mail address at ${context.shopName}`,
    text: `${note}\n`,
    html: layout(context, 'Confirm your e-mail address', `<p>${escape(note)}</p>`),
  };
}

/** To a new account. */
export function welcome(context: MailContext, user: { name: string }): MailContent {
  return {
    subject: `Welcome to ${context.shopName}`,
    text: `Hello ${user.name},

welcome to ${context.shopName}. Your account is ready: browse the shop, fill your cart and pay on
delivery.

${context.publicUrl}

${signature(context)}
`,
    html: layout(
      context,
      `Welcome to ${context.shopName}`,
      `<p>Hello ${escape(user.name)},</p>
<p>welcome to ${escape(context.shopName)}. Your account is ready: browse the shop, fill your cart and pay on delivery.</p>
<p><a href="${escape(context.publicUrl)}">Visit the shop</a></p>`,
    ),
  };
}

/** The kinds of payment mails: received, bank details for a transfer, refund made, payment page expired. */
export type PaymentMailKind = 'payment-received' | 'payment-bank-details' | 'payment-refunded' | 'payment-expired';

export interface PaymentMail {
  kind: PaymentMailKind;
  orderId: number;
  buyerName: string;
  /** Already formatted in the order's currency (src/domain/money.ts). */
  amount: string;
  /** Bank transfer: where to pay and the reference. */
  bank?: { accountName: string; iban: string; bic: string; reference: string };
  /** A guest's order page (its signed link); none: the account's orders. */
  link?: string | undefined;
}

const PAYMENT_SUBJECTS: Record<PaymentMailKind, string> = {
  'payment-received': 'payment received',
  'payment-bank-details': 'how to pay by bank transfer',
  'payment-refunded': 'refund made',
  'payment-expired': 'payment not received, order cancelled',
};

/** To the shopper, about an order's payment. */
export function paymentNotice(context: MailContext, mail: PaymentMail): MailContent {
  const follow = followLink(context, mail.link);
  const sentences: Record<PaymentMailKind, string> = {
    'payment-received': `we received your payment of ${mail.amount} for order #${mail.orderId}. Thank you!`,
    'payment-bank-details': `please transfer ${mail.amount} for order #${mail.orderId} to the account below, with the reference, so that we can send it.`,
    'payment-refunded': `we refunded ${mail.amount} for order #${mail.orderId}. It reaches your account in a few days.`,
    'payment-expired': `the payment of order #${mail.orderId} (${mail.amount}) did not arrive in time: the order is cancelled. You may order again at any time.`,
  };
  const subject = `Order #${mail.orderId}: ${PAYMENT_SUBJECTS[mail.kind]}`;
  const bankLines = mail.bank
    ? [`Account name: ${mail.bank.accountName}`, `IBAN: ${mail.bank.iban}`, `BIC: ${mail.bank.bic}`, `Reference: ${mail.bank.reference}`]
    : [];
  return {
    subject,
    text: `Hello ${mail.buyerName},

${sentences[mail.kind]}
${bankLines.length ? `\n${bankLines.join('\n')}\n` : ''}
${follow.label}: ${follow.url}

${signature(context)}
`,
    html: layout(
      context,
      subject,
      `<p>Hello ${escape(mail.buyerName)},</p>
<p>${escape(sentences[mail.kind])}</p>
${bankLines.length ? `<p>${bankLines.map(escape).join('<br>')}</p>` : ''}
<p><a href="${escape(follow.url)}">${follow.label}</a></p>`,
    ),
  };
}
