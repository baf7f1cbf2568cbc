import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../../test/template-database.ts';
import { createOrg } from '../../test/factories.ts';
import { startSmtpListener, type SmtpListener } from '../../test/smtp-listener.ts';
import type { DatabaseConnection } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { escapeHtml, formatExpiry, headerSafe, mailHtml, mailText } from './mail-layout.ts';
import { createMailer, type Mailer, type OutgoingMail } from './mailer.ts';

const MAIL_FROM = 'Resonant Test <no-reply@resonant.test>';

/** A message with typed text in every part: non-ASCII, markup characters, a long link. */
function sampleMail(to: string, orgId: string | null = null): OutgoingMail {
  const content = {
    heading: 'Zoë’s <b>welcome</b>',
    paragraphs: ['Käthe & Søren invited you to “Breathe <Together>”.', 'Second paragraph.'],
    action: { label: 'Open it', url: `https://resonant.example/join?it=${'x'.repeat(60)}&a=1` },
    footnote: 'Ignore this if it was not for you.',
  };
  return {
    to,
    subject: headerSafe('Zoë invited you to “Breathe <Together>”'),
    text: mailText(content),
    html: mailHtml(content),
    orgId,
  };
}

describe('createMailer', () => {
  let connection: DatabaseConnection;

  beforeAll(async () => {
    connection = await cloneTemplate(inject('testBackend'));
  });
  afterAll(async () => {
    await connection.close();
  });

  describe('without SMTP_URL: the outbox table and DATA_DIR/mail/*.eml', () => {
    let dataDir: string;
    let mailer: Mailer;
    let now = new Date('2026-03-04T05:06:07.089Z');

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'resonant-mailer-'));
      mailer = createMailer(
        { SMTP_URL: undefined, MAIL_FROM, DATA_DIR: dataDir },
        connection.db,
        () => now,
      );
    });
    afterAll(async () => {
      mailer.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const mailFiles = async () => (await readdir(path.join(dataDir, 'mail'))).sort();

    it('keeps the message in mail_outbox and writes one .eml file that parses back to it', async () => {
      expect(mailer.kind).toBe('outbox');
      const org = await createOrg(connection.db);
      const mail = sampleMail('reader@outbox.test', org.id);
      await mailer.send(mail);

      const rows = await connection.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, mail.to));
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row).toMatchObject({
        orgId: org.id,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        sentAt: now,
      });

      const files = await mailFiles();
      expect(files).toEqual([`2026-03-04T05-06-07-089Z-${row?.id}.eml`]);
      const parsed = await simpleParser(await readFile(path.join(dataDir, 'mail', files[0]!)));
      expect(parsed.subject).toBe(mail.subject);
      expect(parsed.text).toBe(mail.text);
      expect(parsed.html).toBe(mail.html);
      expect(parsed.from?.value).toEqual([
        { address: 'no-reply@resonant.test', name: 'Resonant Test' },
      ]);
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : []).toEqual([
        { address: mail.to, name: '' },
      ]);
    });

    it('writes one more file and row per message, without an org when none is given', async () => {
      const before = await mailFiles();
      now = new Date('2026-03-04T05:06:08.000Z');
      const mail = sampleMail('second@outbox.test');
      await mailer.send(mail);

      const [row] = await connection.db
        .select({ id: mailOutbox.id, orgId: mailOutbox.orgId, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, mail.to));
      expect(row).toEqual({ id: expect.any(String), orgId: null, sentAt: now });
      const added = (await mailFiles()).filter((file) => !before.includes(file));
      expect(added).toEqual([`2026-03-04T05-06-08-000Z-${row?.id}.eml`]);
      const parsed = await simpleParser(await readFile(path.join(dataDir, 'mail', added[0]!)));
      expect(parsed.subject).toBe(mail.subject);
      expect(parsed.html).toBe(mail.html);
    });
  });

  describe('with SMTP_URL', () => {
    let smtp: SmtpListener;
    let mailer: Mailer;
    let dataDir: string;

    beforeAll(async () => {
      smtp = await startSmtpListener();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'resonant-mailer-smtp-'));
      mailer = createMailer(
        { SMTP_URL: smtp.url, MAIL_FROM, DATA_DIR: dataDir },
        connection.db,
        () => new Date(),
      );
    });
    afterAll(async () => {
      mailer.close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('delivers to the mail server and keeps no outbox copy', async () => {
      expect(mailer.kind).toBe('smtp');
      const mail = sampleMail('reader@smtp.test');
      await mailer.send(mail);
      const received = await smtp.waitForMail(mail.to);
      expect(received.to).toEqual([mail.to]);
      expect(received.from).toBe('no-reply@resonant.test');
      expect(received.subject).toBe(mail.subject);
      expect(received.text).toBe(mail.text);
      expect(received.html).toBe(mail.html);

      const outbox = await connection.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, mail.to));
      expect(outbox).toEqual([]);
      await expect(readdir(path.join(dataDir, 'mail'))).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('throws when the server refuses, so the job is retried', async () => {
      smtp.failNext(1);
      await expect(mailer.send(sampleMail('busy@smtp.test'))).rejects.toThrow(/451/);
      expect(smtp.received.some((mail) => mail.to.includes('busy@smtp.test'))).toBe(false);
      await mailer.send(sampleMail('busy@smtp.test'));
      expect((await smtp.waitForMail('busy@smtp.test')).subject).toBe(
        sampleMail('busy@smtp.test').subject,
      );
    });
  });
});

describe('mail layout', () => {
  it('escapes the five HTML-significant characters and nothing else', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a> Zoë`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt; Zoë',
    );
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('plain text')).toBe('plain text');
  });

  it('escapes typed text in every part of the HTML body', () => {
    const html = mailHtml({
      heading: '<script>alert(1)</script>',
      paragraphs: ['Org "<b>Bold</b>" & Co', "It's <i>here</i>"],
      action: { label: 'Go <now>', url: 'https://x.example/p?a=1&b="2"' },
      footnote: '<img src=x onerror=alert(1)>',
    });
    expect(html).not.toMatch(/<(script|b|i|img|now)\b/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Org &quot;&lt;b&gt;Bold&lt;/b&gt;&quot; &amp; Co');
    expect(html).toContain('It&#39;s &lt;i&gt;here&lt;/i&gt;');
    expect(html).toContain('Go &lt;now&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The link cannot break out of its attribute.
    expect(html).toContain('href="https://x.example/p?a=1&amp;b=&quot;2&quot;"');
  });

  it('puts the link on its own line in the plain-text body', () => {
    const text = mailText({
      heading: 'Heading',
      paragraphs: ['One.', 'Two.'],
      action: { label: 'Open', url: 'https://x.example/a?it=t' },
      footnote: 'Foot.',
    });
    expect(text.split('\n')).toContain('Open: https://x.example/a?it=t');
    expect(text.indexOf('One.')).toBeLessThan(text.indexOf('Two.'));
    expect(text).toContain('Foot.');
  });

  it('strips line breaks and other control characters from header values', () => {
    expect(headerSafe('Hello\r\nBcc: victim@example.test')).toBe('Hello Bcc: victim@example.test');
    expect(headerSafe('A\nB\rC\tD\u0000E')).toBe('A B C D E');
    expect(headerSafe('  Welcome to Zoë’s org \n')).toBe('Welcome to Zoë’s org');
    expect(headerSafe('Nothing to strip')).toBe('Nothing to strip');
  });

  it('states an expiry in UTC', () => {
    expect(formatExpiry(new Date('2026-01-02T03:04:00Z'))).toMatch(/2026.*03:04 UTC$/);
  });
});
