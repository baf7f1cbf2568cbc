import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import {
  IDENTITY_NOT_FOUND_MESSAGE,
  LAST_SIGN_IN_METHOD_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  socialErrorMessage,
  type SignInMethodsResponse,
} from '@resonant/contracts/social-sign-in';
import { type TestPerson } from '../../../test/oidc-identity-provider.ts';
import { signedInAccount } from '../../../test/org-builder.ts';
import {
  cookieJar,
  deliver,
  landing,
  pendingCookie,
  roundTrip,
  useSocialSignInApp,
  started,
  withPending,
} from '../../../test/social-round-trip.ts';
import { socialIdentities } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { socialSignInAttempts } from '../../db/schema/social-sign-in.ts';

const app = useSocialSignInApp();

const newEmail = (label = 'methods') => `${label}-${randomUUID().slice(0, 8)}@example.test`;
const person = (email = newEmail()): TestPerson => ({ email, givenName: 'Grace' });
const PROFILE = {
  firstName: 'Grace',
  lastName: 'Hopper',
  gender: 'Female',
  birthDate: '1986-12-09',
};

const methods = (token: string) => app.t.call('GET', '/api/user/sign-in-methods', token);
const startLink = (token: string, provider: string, returnTo = '/user') =>
  app.t.call('POST', '/api/user/sign-in-methods/link', token, { provider, returnTo });
const unlink = (token: string, identityId: string) =>
  app.t.call('DELETE', `/api/user/sign-in-methods/${identityId}`, token);

/** Links `provider` to the signed-in account through the round trip, as `who` at the provider. */
async function link(token: string, provider: string, who: TestPerson, returnTo = '/user') {
  const start = started(await startLink(token, provider, returnTo));
  return deliver(app.t, await app.idp.signIn(start.url.href, who), start.binding);
}

/** An account made by social sign-up only (no password), signed in. */
async function socialOnlyAccount(provider = 'google', who = person()) {
  const token = pendingCookie(await roundTrip(app.t, app.idp, provider, who));
  const created = await app.t.app.inject({
    method: 'POST',
    url: '/api/user/profile',
    cookies: withPending(token),
    payload: PROFILE,
  });
  const body = created.json<AuthResponse>();
  return { id: body.user.user_id, token: body.token, email: who.email };
}

describe('/api/user/sign-in-methods', () => {
  it('answers 401 when signed out', async () => {
    for (const response of [
      await app.t.call('GET', '/api/user/sign-in-methods'),
      await app.t.call('POST', '/api/user/sign-in-methods/link', undefined, {
        provider: 'google',
        returnTo: '/user',
      }),
      await app.t.call('DELETE', `/api/user/sign-in-methods/${randomUUID()}`),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('lists the password, the linked identities and every provider', async () => {
    const account = await signedInAccount(app.t, { email: newEmail() });
    const before = await methods(account.token);
    expect(before.statusCode).toBe(200);
    expect(before.json<SignInMethodsResponse>()).toEqual({
      has_password: true,
      identities: [],
      providers: [
        { id: 'google', kind: 'google', label: 'Google', development: false },
        { id: 'apple', kind: 'apple', label: 'Apple', development: false },
        { id: 'acme', kind: 'oidc', label: 'Acme SSO', development: false },
      ],
    });
  });

  describe('linking', () => {
    it('adds the identity through a round trip and lands back with social_linked', async () => {
      const account = await signedInAccount(app.t, { email: newEmail() });
      const at = newEmail('linked-google');
      const response = await link(account.token, 'google', person(at), '/user?tab=methods');
      const to = landing(response);
      expect(to.pathname).toBe('/user');
      expect(Object.fromEntries(to.searchParams)).toEqual({
        tab: 'methods',
        social_linked: 'google',
      });

      const listed = (await methods(account.token)).json<SignInMethodsResponse>();
      expect(listed.identities).toEqual([
        {
          id: expect.any(String),
          provider: 'google',
          label: 'Google',
          email: at,
          linked_at: expect.any(String),
        },
      ]);
      const [audit] = await app.t.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'account.identity-link'), eq(auditLog.targetId, account.id)),
        );
      expect(audit?.details).toEqual({ provider: 'google' });

      // The identity now signs in to this account.
      const signIn = await roundTrip(app.t, app.idp, 'google', person(at));
      expect(landing(signIn).pathname).toBe('/user');
      expect(signIn.cookies.some((cookie) => cookie.name === 'resonant_refresh')).toBe(true);
    });

    it('keeps another tab’s sign-in round trip (cookies sent as a browser sends them)', async () => {
      const account = await signedInAccount(app.t, { email: newEmail() });
      const jar = cookieJar();
      const send = async (request: InjectOptions & { url: string }) => {
        const response = await app.t.app.inject({ ...request, cookies: jar.for(request.url) });
        jar.keep(response);
        return response;
      };
      // Tab one signs in someone new; tab two links a provider; both come back.
      const signIn = started(
        await send({ method: 'POST', url: '/api/auth/oidc/google/start', payload: {} }),
      );
      const linkStart = started(
        await send({
          method: 'POST',
          url: '/api/user/sign-in-methods/link',
          headers: app.t.bearer(account.token),
          payload: { provider: 'acme', returnTo: '/user' },
        }),
      );
      expect(linkStart.binding).not.toBe(signIn.binding);
      const linkBack = await app.idp.signIn(linkStart.url.href, person(newEmail('tab-two')));
      const signInBack = await app.idp.signIn(signIn.url.href, person(newEmail('tab-one')));
      const linked = await send({ method: 'GET', url: linkBack.url });
      expect(landing(linked).searchParams.get('social_linked')).toBe('acme');
      const signedUp = await send({ method: 'GET', url: signInBack.url });
      expect(landing(signedUp).pathname).toBe('/signup/social');
    });

    it('stores the attempt for the signed-in account, with its return page', async () => {
      const account = await signedInAccount(app.t, { email: newEmail() });
      const start = started(await startLink(account.token, 'acme', '/group'));
      const state = start.url.searchParams.get('state')!;
      const rows = await app.t.db
        .select({
          purpose: socialSignInAttempts.purpose,
          accountId: socialSignInAttempts.accountId,
        })
        .from(socialSignInAttempts)
        .where(eq(socialSignInAttempts.provider, 'acme'));
      expect(rows).toContainEqual({ purpose: 'link', accountId: account.id });
      expect(state).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    });

    it('refuses an unknown provider (404) and one already linked (409)', async () => {
      const account = await signedInAccount(app.t, { email: newEmail() });
      const unknown = await startLink(account.token, 'myspace');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: PROVIDER_NOT_FOUND_MESSAGE });
      landing(await link(account.token, 'google', person()));
      const again = await startLink(account.token, 'google');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: socialErrorMessage('already-linked', 'Google') });
    });

    it('refuses a returnTo off this site', async () => {
      const account = await signedInAccount(app.t, { email: newEmail() });
      const response = await startLink(account.token, 'google', '//evil.example');
      expect(response.statusCode).toBe(400);
    });

    it('refuses an identity linked to another account (linked-elsewhere)', async () => {
      const holder = await socialOnlyAccount('google');
      const account = await signedInAccount(app.t, { email: newEmail() });
      const response = await link(account.token, 'google', person(holder.email), '/user');
      const to = landing(response);
      expect(to.pathname).toBe('/user');
      expect(Object.fromEntries(to.searchParams)).toEqual({
        social_error: 'linked-elsewhere',
        provider: 'google',
      });
      expect((await methods(account.token)).json<SignInMethodsResponse>().identities).toEqual([]);
    });

    it('is fine when the identity is this account’s already', async () => {
      const account = await socialOnlyAccount('google');
      // The test provider's clients share one issuer: acme vouches for the same identity.
      const response = await link(account.token, 'acme', person(account.email));
      expect(landing(response).searchParams.get('social_linked')).toBe('acme');
      expect((await methods(account.token)).json<SignInMethodsResponse>().identities).toEqual([
        expect.objectContaining({ provider: 'google' }),
      ]);
    });

    it('answers a cancelled link on its page with social_error=cancelled', async () => {
      const account = await signedInAccount(app.t, { email: newEmail() });
      const start = started(await startLink(account.token, 'google', '/org'));
      const response = await deliver(
        app.t,
        await app.idp.signIn(start.url.href, 'cancel'),
        start.binding,
      );
      const to = landing(response);
      expect(to.pathname).toBe('/org');
      expect(Object.fromEntries(to.searchParams)).toEqual({
        social_error: 'cancelled',
        provider: 'google',
      });
    });
  });

  describe('unlinking', () => {
    it('removes an identity (204) and the identity no longer signs in', async () => {
      const account = await signedInAccount(app.t, { email: newEmail() });
      const at = newEmail('unlinked');
      landing(await link(account.token, 'google', person(at)));
      const [identity] = (await methods(account.token)).json<SignInMethodsResponse>().identities;
      const response = await unlink(account.token, identity!.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await methods(account.token)).json<SignInMethodsResponse>().identities).toEqual([]);
      const signIn = await roundTrip(app.t, app.idp, 'google', person(at));
      expect(landing(signIn).pathname).toBe('/signup/social');
    });

    it('answers another account’s identity, or nobody’s, 404 and leaves it', async () => {
      const other = await socialOnlyAccount('google');
      const [theirs] = (await methods(other.token)).json<SignInMethodsResponse>().identities;
      const account = await signedInAccount(app.t, { email: newEmail() });
      for (const id of [theirs!.id, randomUUID()]) {
        const response = await unlink(account.token, id);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: IDENTITY_NOT_FOUND_MESSAGE });
      }
      expect((await methods(other.token)).json<SignInMethodsResponse>().identities).toHaveLength(1);
      const bad = await unlink(account.token, 'not-a-uuid');
      expect(bad.statusCode).toBe(400);
    });

    it('refuses the last way to sign in with 409', async () => {
      const account = await socialOnlyAccount('google');
      const listed = (await methods(account.token)).json<SignInMethodsResponse>();
      expect(listed.has_password).toBe(false);
      const response = await unlink(account.token, listed.identities[0]!.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: LAST_SIGN_IN_METHOD_MESSAGE });
      expect((await methods(account.token)).json<SignInMethodsResponse>().identities).toHaveLength(
        1,
      );
    });

    it('counts only identities of providers still configured: what remains must sign in', async () => {
      const account = await socialOnlyAccount('google');
      // A second identity of a provider this server no longer has (okta): it cannot sign in.
      await app.t.db.insert(socialIdentities).values({
        accountId: account.id,
        provider: 'okta',
        issuer: 'https://example.okta.com',
        subject: randomUUID(),
        email: account.email,
      });
      const { identities } = (await methods(account.token)).json<SignInMethodsResponse>();
      const google = identities.find((identity) => identity.provider === 'google')!;
      const okta = identities.find((identity) => identity.provider === 'okta')!;
      expect(okta.label).toBe('okta');

      const refused = await unlink(account.token, google.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: LAST_SIGN_IN_METHOD_MESSAGE });
      // Removing the one that cannot sign in leaves the one that can.
      expect((await unlink(account.token, okta.id)).statusCode).toBe(204);
      expect(
        (await methods(account.token)).json<SignInMethodsResponse>().identities.map((i) => i.id),
      ).toEqual([google.id]);
    });

    it('lets only one of two unlinks at once through when together they would remove the last', async () => {
      const account = await socialOnlyAccount('google');
      landing(await link(account.token, 'acme', person(newEmail('second'))));
      const { identities } = (await methods(account.token)).json<SignInMethodsResponse>();
      expect(identities).toHaveLength(2);
      const answers = await Promise.all(
        identities.map((identity) => unlink(account.token, identity.id)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
      expect((await methods(account.token)).json<SignInMethodsResponse>().identities).toHaveLength(
        1,
      );
    });
  });
});
