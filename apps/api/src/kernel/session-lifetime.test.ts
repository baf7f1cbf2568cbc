import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAccount } from '../../test/factories.ts';
import { sessions } from '../db/schema/accounts.ts';
import { auditLog } from '../db/schema/audit.ts';
import { hashToken } from '../lib/crypto.ts';
import { REFRESH_REPLAY_GRACE_MS } from './sessions.ts';

const DAY = 86_400_000;

function refreshCookie(response: LightMyRequestResponse) {
  const cookie = response.cookies.find((candidate) => candidate.path === '/api/auth');
  if (!cookie) throw new Error(`no refresh cookie in ${JSON.stringify(response.cookies)}`);
  return cookie;
}

describe('sessions that end: rotation with replay detection, an absolute lifetime', () => {
  let t: TestApp;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    t = await buildTestApp({
      clock: now,
      env: { SESSION_ABSOLUTE_DAYS: '30', REFRESH_TTL_DAYS: '7', SESSION_TTL_MINUTES: '60' },
    });
  });
  afterAll(() => t.close());

  const signIn = async () => {
    const person = await createAccount(t.db);
    const response = await t.call('POST', '/api/auth/sign-in', undefined, {
      email: person.email,
      password: person.password,
    });
    return { person, response, cookie: refreshCookie(response) };
  };
  const refresh = (cookie: { name: string; value: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [cookie.name]: cookie.value },
    });

  it('ends the whole session when a spent refresh token is presented again', async () => {
    const { person, cookie: first } = await signIn();
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = refreshCookie(rotated);
    const token = rotated.json<AuthResponse>().token;

    offsetMs += REFRESH_REPLAY_GRACE_MS + 1000;
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(204);
    // The family is over: the live token and the newest refresh cookie stop working too.
    expect((await t.call('GET', '/api/user/profile', token)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(204);
    const events = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorAccountId, person.id));
    expect(events.map((event) => event.action)).toContain('account.session-replay');
  });

  it('leaves the session alone when a second tab loses a refresh race (the grace window)', async () => {
    const { cookie: first } = await signIn();
    const winner = await refresh(first);
    const loser = await refresh(first);
    expect(loser.statusCode).toBe(204);
    // The loser does not clear the cookie the winner set.
    expect(loser.cookies.find((cookie) => cookie.path === '/api/auth')).toBeUndefined();
    expect((await refresh(refreshCookie(winner))).statusCode).toBe(200);
  });

  it('notes when the session was last seen at each refresh', async () => {
    const { cookie } = await signIn();
    const lastSeen = async (refreshValue: string) => {
      const [row] = await t.db
        .select({ lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.refreshHash, hashToken(refreshValue)));
      return row?.lastSeenAt?.getTime();
    };
    const opened = await lastSeen(cookie.value);
    expect(opened).toBeGreaterThan(0);
    offsetMs += 60_000;
    const rotated = refreshCookie(await refresh(cookie));
    expect(await lastSeen(rotated.value)).toBeGreaterThanOrEqual(opened! + 60_000);
  });

  it('never slides past the absolute lifetime, and refuses the session after it', async () => {
    const { cookie } = await signIn();
    let current = cookie;
    // Refreshed every six days, the seven-day refresh cookie alone would slide for ever.
    for (let day = 6; day < 30; day += 6) {
      offsetMs += 6 * DAY;
      const response = await refresh(current);
      expect(response.statusCode).toBe(200);
      current = refreshCookie(response);
    }
    offsetMs += 5 * DAY + 23 * 3_600_000;
    const last = await refresh(current);
    expect(last.statusCode).toBe(200);
    const { token, expiresAt } = last.json<AuthResponse>();
    const opened = Date.now() + offsetMs - (29 * DAY + 23 * 3_600_000);
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(opened + 30 * DAY + 1000);
    expect(refreshCookie(last).expires!.getTime()).toBeLessThanOrEqual(opened + 30 * DAY + 1000);

    offsetMs += 2 * 3_600_000;
    expect((await t.call('GET', '/api/user/profile', token)).statusCode).toBe(401);
    expect((await refresh(refreshCookie(last))).statusCode).toBe(204);
  });
});
