import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSessionsResponse } from '@resonant/contracts/account-sessions';
import type { AuthResponse } from '@resonant/contracts/auth';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('account sessions: list, sign one out, sign out everywhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A person signed in on two devices. */
  async function twoDevices() {
    const person = await createAccount(t.db);
    const on = async (userAgent: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'user-agent': userAgent },
        payload: { email: person.email, password: person.password },
      });
      return response.json<AuthResponse>().token;
    };
    return { person, laptop: await on(FIREFOX_ON_LINUX), phone: await on(SAFARI_ON_IPHONE) };
  }
  const list = async (token: string) => {
    const response = await t.call('GET', '/api/user/sessions', token);
    expect(response.statusCode).toBe(200);
    return response.json<AccountSessionsResponse>().sessions;
  };

  it('answers 401 to every route when signed out', async () => {
    expect((await t.call('GET', '/api/user/sessions')).statusCode).toBe(401);
    expect((await t.call('DELETE', '/api/user/sessions')).statusCode).toBe(401);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.call('DELETE', `/api/user/sessions/${id}`)).statusCode).toBe(401);
  });

  it('answers 403 while the password is temporary', async () => {
    const { person, laptop } = await twoDevices();
    await t.db.update(accounts).set({ passwordTemporary: true }).where(eq(accounts.id, person.id));
    expect((await t.call('GET', '/api/user/sessions', laptop)).statusCode).toBe(403);
    expect((await t.call('DELETE', '/api/user/sessions', laptop)).statusCode).toBe(403);
  });

  it('lists the devices with browser, system, IP and times, the current one marked', async () => {
    const { laptop } = await twoDevices();
    const sessions = await list(laptop);
    expect(sessions).toHaveLength(2);
    const current = sessions.find((session) => session.current);
    expect(current).toMatchObject({ browser: 'Firefox 128.0', os: 'Linux', ip: '127.0.0.1' });
    const other = sessions.find((session) => !session.current);
    expect(other).toMatchObject({ browser: 'Safari 17.5', os: 'iOS 17.5' });
    expect(Date.parse(other!.lastSeenAt)).toBeGreaterThan(0);
    expect(Date.parse(other!.createdAt)).toBeGreaterThan(0);
  });

  it('signs one device out; another person’s session id is 404 and stays signed in', async () => {
    const mine = await twoDevices();
    const theirs = await twoDevices();
    const theirSession = (await list(theirs.laptop)).find((session) => session.current)!;
    const refused = await t.call('DELETE', `/api/user/sessions/${theirSession.id}`, mine.laptop);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Session not found' });
    expect((await t.call('GET', '/api/user/profile', theirs.laptop)).statusCode).toBe(200);

    const phone = (await list(mine.laptop)).find((session) => !session.current)!;
    const done = await t.call('DELETE', `/api/user/sessions/${phone.id}`, mine.laptop);
    expect(done.statusCode).toBe(204);
    expect((await t.call('GET', '/api/user/profile', mine.phone)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/user/profile', mine.laptop)).statusCode).toBe(200);
    expect(await list(mine.laptop)).toHaveLength(1);
    const again = await t.call('DELETE', `/api/user/sessions/${phone.id}`, mine.laptop);
    expect(again.statusCode).toBe(404);
  });

  it('signs out everywhere, this device included, and audits both kinds of revocation', async () => {
    const { person, laptop, phone } = await twoDevices();
    const tablet = await t.signIn(person.email, person.password);
    const other = (await list(laptop)).find((session) => !session.current)!;
    await t.call('DELETE', `/api/user/sessions/${other.id}`, laptop);
    const everywhere = await t.call('DELETE', '/api/user/sessions', laptop);
    expect(everywhere.statusCode).toBe(204);
    for (const token of [laptop, phone, tablet]) {
      expect((await t.call('GET', '/api/user/profile', token)).statusCode).toBe(401);
    }
    const actions = (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.actorAccountId, person.id))
    ).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['account.session-revoke', 'account.sessions-revoke-all']),
    );
  });
});
