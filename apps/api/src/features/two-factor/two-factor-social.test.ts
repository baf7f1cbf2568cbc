import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import { createAccount } from '../../../test/factories.ts';
import {
  pendingCookie,
  roundTrip,
  landing,
  useSocialSignInApp,
  withPending,
} from '../../../test/social-round-trip.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { REFRESH_COOKIE } from '../../kernel/session-cookie.ts';

const app = useSocialSignInApp();
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const newEmail = () => `social-mfa-${randomUUID().slice(0, 8)}@example.test`;
const personOf = (email: string) => ({ email, givenName: 'Ada', familyName: 'Lovelace' });

/** A sign-in with Google as `email` that ends on a pending sign-up; the password links it. */
async function linkByPassword(email: string, password: string) {
  const callback = await roundTrip(app.t, app.idp, 'google', personOf(email));
  return app.t.app.inject({
    method: 'POST',
    url: '/api/auth/social/link',
    cookies: withPending(pendingCookie(callback)),
    payload: { password },
  });
}

async function turnOnTotp(accountId: string) {
  await app.t.db
    .update(accounts)
    .set({ totpSecret: SECRET, totpEnabledAt: new Date() })
    .where(eq(accounts.id, accountId));
}

describe('a social sign-in of an account with a second factor', () => {
  it('asks the code before any session, then signs in with it', async () => {
    const account = await createAccount(app.t.db, { email: newEmail() });
    expect((await linkByPassword(account.email, account.password)).statusCode).toBe(200);
    await turnOnTotp(account.id);
    const response = await roundTrip(app.t, app.idp, 'google', personOf(account.email), {
      redirectTo: '/user',
    });
    const to = landing(response);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('redirectTo')).toBe('/user');
    expect(to.hash).toMatch(/^#mfa=[\w-]+$/);
    expect(response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)).toBeUndefined();

    const challenge = to.hash.slice('#mfa='.length);
    const verified = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor',
      payload: { challenge, code: await generate({ secret: SECRET }) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<AuthResponse>().user.user_id).toBe(account.id);
  });

  it('asks it too when a pending identity links to the account by its password', async () => {
    const account = await createAccount(app.t.db, { email: newEmail() });
    await turnOnTotp(account.id);
    const linked = await linkByPassword(account.email, account.password);
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ mfaRequired: true });
    expect(linked.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)).toBeUndefined();
  });
});
