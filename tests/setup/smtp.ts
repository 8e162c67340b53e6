import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The Reply-To header's address(es), '' when the mail has none. */
  replyTo: string;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it receives. `refuse`
 * makes it answer every message with a permanent error, as a mail provider that refuses mail does.
 */
export async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  refuse: { on: boolean };
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  arrived(address: string, subject: RegExp, options?: { nth?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const refuse = { on: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          if (refuse.on) {
            const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
            error.responseCode = 550;
            callback(error);
            return;
          }
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          received.push({
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
            replyTo: mail.replyTo?.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    async waitFor(count, timeoutMs = 10_000) {
      const started = Date.now();
      while (received.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`only ${received.length} of ${count} mails arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    /** The `nth` (from 0) mail to this address whose subject matches, once the server has received it. */
    async arrived(address, subject, { nth = 0, timeoutMs = 10_000 } = {}) {
      const started = Date.now();
      for (;;) {
        const found = received.filter((mail) => mail.to.includes(address) && subject.test(mail.subject))[nth];
        if (found) return found;
        if (Date.now() - started > timeoutMs) throw new Error(`no mail "${subject}" to ${address}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
