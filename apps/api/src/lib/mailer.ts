import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { insertOutboxMail } from './mail-outbox.queries.ts';

/** One message the product sends: always both an HTML and a plain-text body. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The organisation the mail is about, kept with the outbox copy. */
  orgId?: string | null;
};

export type Mailer = {
  /** Delivers the message or throws; the jobs table retries a throw with back-off. */
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
  /** `smtp` when SMTP_URL is set, otherwise `outbox` (table + DATA_DIR/mail/*.eml). */
  kind: 'smtp' | 'outbox';
};

// A mail server that stops answering must fail the attempt, not hold the job for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP when SMTP_URL is set (DESIGN §1 "Email"). Without it each message is kept in the
 * `mail_outbox` table and written to `DATA_DIR/mail/` as an `.eml` file, so a first run with no
 * mail server still shows every message (open the file in any mail client).
 */
export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  db: Database,
  clock: Clock,
): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: config.MAIL_FROM, ...messageOf(mail) });
      },
      close: () => transport.close(),
    };
  }

  const emlBuilder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const mailDir = path.join(config.DATA_DIR, 'mail');
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await emlBuilder.sendMail({ from: config.MAIL_FROM, ...messageOf(mail) });
      const now = clock();
      const id = await insertOutboxMail(db, {
        orgId: mail.orgId ?? null,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        sentAt: now,
      });
      await mkdir(mailDir, { recursive: true });
      const stamp = now.toISOString().replace(/[:.]/g, '-');
      await writeFile(path.join(mailDir, `${stamp}-${id}.eml`), info.message as Buffer);
    },
    close: () => emlBuilder.close(),
  };
}

function messageOf(mail: OutgoingMail) {
  return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
}
