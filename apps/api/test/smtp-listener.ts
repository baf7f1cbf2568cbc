import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the listener received it over SMTP, parsed like a mail client would. */
export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
};

export type SmtpListener = {
  /** The SMTP_URL that points the app at this listener. */
  url: string;
  received: ReceivedMail[];
  /** The `index`-th message (from 0) sent to `to`, waiting up to `timeoutMs` for it to arrive. */
  waitForMail: (
    to: string,
    options?: { index?: number; timeoutMs?: number },
  ) => Promise<ReceivedMail>;
  /**
   * Answers the next `count` deliveries (to `to` only, when given) with a temporary failure (451),
   * as a busy server does.
   */
  failNext: (count: number, to?: string) => void;
  close: () => Promise<void>;
};

/**
 * A real SMTP server (`smtp-server`) on a local port (a free one unless given), started by a test:
 * the app delivers to it exactly as it would to a production mail server, and the test reads what
 * arrived.
 */
export async function startSmtpListener(port = 0): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let failures = { count: 0, to: null as string | null };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      if (failures.count > 0 && (!failures.to || failures.to === recipient)) {
        failures.count -= 1;
        const error = Object.assign(new Error('Mailbox busy, try again later'), {
          responseCode: 451,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;

  const mailsTo = (to: string) => received.filter((mail) => mail.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    waitForMail(to, { index = 0, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = mailsTo(to)[index];
          if (!mail) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail #${index + 1} to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    failNext(count, to) {
      failures = { count, to: to ? to.toLowerCase() : null };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first link to `path` in a mail's plain-text body. */
export function linkToken(mail: ReceivedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+${path}\\?it=[\\w-]+`));
  if (!match) throw new Error(`No ${path} link in: ${mail.text}`);
  const token = new URL(match[0]).searchParams.get('it');
  if (!token) throw new Error(`The ${path} link has no token`);
  return token;
}
