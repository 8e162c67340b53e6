import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailRow } from './repo.ts';

export interface MailTransport {
  /** `sent` through SMTP, or `kept` as an .eml file (no SMTP configured). */
  readonly delivers: 'sent' | 'kept';
  deliver(mail: MailRow): Promise<void>;
  close(): void;
}

function message(mail: MailRow, from: string, host: string) {
  return {
    from,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // The shop's contact e-mail when the owner wrote one (taken when the mail was written, with its text).
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    // The same id for every try of one mail: a receiver can tell a repeat from a new mail.
    messageId: `<outbox-${mail.id}-${mail.createdAt.getTime()}@${host}>`,
    date: mail.createdAt,
  };
}

/** Through SMTP_URL (nodemailer), with timeouts so that a stalled server makes a failed try, not a hang. */
export function smtpTransport(url: string, from: string, host: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    delivers: 'sent',
    async deliver(mail) {
      await transporter.sendMail(message(mail, from, host));
    },
    close: () => transporter.close(),
  };
}

/** No SMTP: each mail is written as it would have been sent, an .eml file in `dir` (DATA_DIR/mail). */
export function fileTransport(dir: string, from: string, host: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivers: 'kept',
    async deliver(mail) {
      const info = await transporter.sendMail(message(mail, from, host));
      const stamp = mail.createdAt.toISOString().replace(/[:.]/g, '-');
      const file = join(dir, `${stamp}-${mail.id}-${mail.kind}.eml`);
      // The folder is made when a write finds it missing (the first mail, or after it was removed), not
      // before every mail: a recursive mkdir walks the path each time.
      await writeFile(file, info.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      });
    },
    close: () => transporter.close(),
  };
}

export interface MailSettings {
  /** SMTP_URL: send through it; unset, mails are kept as .eml files in `dataDir/mail`. */
  smtpUrl: string | undefined;
  /** MAIL_FROM; unset, `"SHOP_NAME" <no-reply@host of PUBLIC_URL>`. */
  mailFrom: string | undefined;
  shopName: string;
  publicUrl: string;
  dataDir: string;
}

/** SMTP_URL's server, or, without one, .eml files in DATA_DIR/mail (listed in the admin area). */
export function mailTransport({ smtpUrl, mailFrom, shopName, publicUrl, dataDir }: MailSettings): MailTransport {
  const host = new URL(publicUrl).hostname;
  const from = mailFrom ?? `"${shopName.replaceAll('"', '')}" <no-reply@${host.includes('.') ? host : `${host}.localdomain`}>`;
  return smtpUrl ? smtpTransport(smtpUrl, from, host) : fileTransport(join(dataDir, 'mail'), from, host);
}
