import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_LINK_INVALID_MESSAGE,
  EMAIL_CHANGE_SENT_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
} from '@resonant/contracts/email-change';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '@resonant/contracts/passwords';
import type { UserProfile } from '@resonant/contracts/profile';
import { APP_ADMIN_EMAIL, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount } from '../../../test/factories.ts';
import { buildMailingTestApp } from '../../../test/mailing-test-app.ts';
import { signedInAccount } from '../../../test/org-builder.ts';
import { linkToken, type SmtpListener } from '../../../test/smtp-listener.ts';
import { auditLog } from '../../db/schema/audit.ts';

const CONFIRM_PATH = '/confirm-email-change';
const HOUR_MS = 3_600_000;
const newAddress = () => `moved.${randomUUID().slice(0, 8)}@example.test`;

describe('email change proven by a link to the new address', () => {
  let t: TestApp;
  let smtp: SmtpListener;
  let offsetMs = 0;

  beforeAll(async () => {
    ({ t, smtp } = await buildMailingTestApp({
      env: { PUBLIC_URL: 'https://resonant.example' },
      clock: () => new Date(Date.now() + offsetMs),
    }));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const ask = (token: string | undefined, payload: Record<string, unknown>) =>
    t.call('POST', '/api/user/email', token, payload);
  const confirm = (token: string) =>
    t.call('POST', '/api/auth/email-change/confirm', undefined, { token });
  const emailOf = async (bearer: string) =>
    (await t.call('GET', '/api/user/profile', bearer)).json<UserProfile>().email;
  const audited = (action: string, accountId: string) =>
    t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, accountId)));

  it('answers 401 signed out and 403 to the app admin', async () => {
    expect((await ask(undefined, { email: newAddress(), currentPassword: 'x' })).statusCode).toBe(
      401,
    );
    const admin = await signedInAccount(t, { email: APP_ADMIN_EMAIL });
    const refused = await ask(admin.token, { email: newAddress(), currentPassword: 'x' });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a wrong current password, and an address another account has proven', async () => {
    const person = await signedInAccount(t);
    const other = await createAccount(t.db);
    const wrong = await ask(person.token, { email: newAddress(), currentPassword: 'Wrong#Pass1' });
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: 400,
      body: { message: WRONG_CURRENT_PASSWORD_MESSAGE },
    });
    const taken = await ask(person.token, {
      email: other.email.toUpperCase(),
      currentPassword: person.password,
    });
    expect({ status: taken.statusCode, body: taken.json() }).toEqual({
      status: 409,
      body: { message: EMAIL_TAKEN_MESSAGE },
    });
  });

  it('mails the new address a link and the old a notice; the link changes the email once', async () => {
    const person = await signedInAccount(t);
    const email = newAddress();
    const asked = await ask(person.token, { email, currentPassword: person.password });
    expect({ status: asked.statusCode, body: asked.json() }).toEqual({
      status: 202,
      body: { message: EMAIL_CHANGE_SENT_MESSAGE, email },
    });
    const notice = await smtp.waitForMail(person.email);
    expect(notice.text).toContain(email);
    expect(notice.text).not.toContain(CONFIRM_PATH);
    // Not before the link is followed.
    expect(await emailOf(person.token)).toBe(person.email);

    const token = linkToken(await smtp.waitForMail(email), CONFIRM_PATH);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email });
    // The session stays, and the account now signs in with the new address.
    expect(await emailOf(person.token)).toBe(email);
    expect(await t.signIn(email, person.password)).toEqual(expect.any(String));
    expect(await audited('account.email-change-request', person.id)).toHaveLength(1);
    expect(await audited('account.email-change', person.id)).toHaveLength(1);

    const again = await confirm(token);
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 410,
      body: { message: EMAIL_CHANGE_LINK_INVALID_MESSAGE },
    });
  });

  it('refuses the link when another account proved the address meanwhile', async () => {
    const person = await signedInAccount(t);
    const email = newAddress();
    await ask(person.token, { email, currentPassword: person.password });
    const token = linkToken(await smtp.waitForMail(email), CONFIRM_PATH);
    await createAccount(t.db, { email });
    const refused = await confirm(token);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 409,
      body: { message: EMAIL_TAKEN_MESSAGE },
    });
    expect(await emailOf(person.token)).toBe(person.email);
  });

  it('refuses an expired link', async () => {
    const person = await signedInAccount(t);
    const email = newAddress();
    await ask(person.token, { email, currentPassword: person.password });
    const token = linkToken(await smtp.waitForMail(email), CONFIRM_PATH);
    offsetMs = 25 * HOUR_MS;
    try {
      expect((await confirm(token)).statusCode).toBe(410);
    } finally {
      offsetMs = 0;
    }
    expect(await emailOf(person.token)).toBe(person.email);
  });
});
