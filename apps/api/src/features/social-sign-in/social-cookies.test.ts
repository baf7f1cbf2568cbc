import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount } from '../../../test/factories.ts';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/oidc-identity-provider.ts';
import { landing, useSocialSignInApp } from '../../../test/social-round-trip.ts';
import { generateToken } from '../../lib/crypto.ts';

const person = (email = `cookie-${randomUUID().slice(0, 8)}@example.test`) => ({
  email,
  givenName: 'Ada',
  familyName: 'Lovelace',
  gender: 'female',
  birthdate: '1985-12-10',
});

const setCookies = (response: LightMyRequestResponse): string[] => {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
};
const startOf = (t: TestApp, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/oidc/google/start', payload: {}, cookies });
const stateOf = (response: LightMyRequestResponse) =>
  new URL(response.json<{ url: string }>().url).searchParams.get('state')!;
/** The binding cookie a start set: the one cookie whose name holds resonant_oidc. */
const bindingSetBy = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((candidate) => candidate.name.includes('resonant_oidc'));
  if (!cookie) throw new Error(`no binding cookie in ${JSON.stringify(response.cookies)}`);
  return cookie;
};

// Issue 27, item 10: the binding cookie's value was the one the request brought when it had one,
// so a value someone else chose (planted in the browser, or their own) bound the attempt.
describe('the binding of a round trip to its browser', () => {
  const app = useSocialSignInApp();

  it('is a value the server made when the attempt started, never one the browser brought', async () => {
    const chosen = generateToken();
    const started = await startOf(app.t, { resonant_oidc: chosen });
    expect(started.statusCode).toBe(200);
    const binding = bindingSetBy(started);
    expect(binding.value).not.toBe(chosen);
    expect(binding.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a callback carrying a binding the attacker chose, in any cookie', async () => {
    const chosen = generateToken();
    const started = await startOf(app.t, { resonant_oidc: chosen });
    const binding = bindingSetBy(started);
    const request = await app.idp.signIn(
      new URL(started.json<{ url: string }>().url).href,
      person(),
    );
    const forged = await app.t.app.inject({
      method: 'GET',
      url: request.url,
      cookies: { resonant_oidc: chosen, [binding.name]: chosen },
    });
    expect(landing(forged).searchParams.get('social_error')).toBe('failed');
    // The browser that started it still comes back with the value it was given.
    const own = await app.t.app.inject({
      method: 'GET',
      url: request.url,
      cookies: { [binding.name]: binding.value },
    });
    expect(landing(own).pathname).toBe('/signup/social');
  });

  it('gives two tabs two bindings, and both come back', async () => {
    const first = await startOf(app.t);
    const second = await startOf(app.t, { [bindingSetBy(first).name]: bindingSetBy(first).value });
    expect(bindingSetBy(second).value).not.toBe(bindingSetBy(first).value);
    for (const started of [first, second]) {
      const request = await app.idp.signIn(started.json<{ url: string }>().url, person());
      const cookies = Object.fromEntries(
        [first, second].map((each) => [bindingSetBy(each).name, bindingSetBy(each).value]),
      );
      const back = await app.t.app.inject({ method: 'GET', url: request.url, cookies });
      expect(landing(back).pathname).toBe('/signup/social');
    }
    expect(stateOf(first)).not.toBe(stateOf(second));
  });
});

// Issue 27, item 10: over https every cookie carries the __Host- prefix, which a browser accepts
// only Secure, on Path=/ and without Domain: no sibling subdomain or http page can plant or shadow
// it. Over http (a development machine) the names stay as they were.
describe('cookies served over https', () => {
  const HTTPS_URL = 'https://resonant.example.test';
  let idp: TestIdentityProvider;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startTestIdentityProvider({ appUrl: HTTPS_URL });
    t = await buildTestApp({ env: { ...idp.env, PUBLIC_URL: HTTPS_URL } });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('names the binding and pending sign-up cookies __Host-, Secure, on / without Domain', async () => {
    const started = await startOf(t);
    const binding = bindingSetBy(started);
    expect(binding.name.startsWith('__Host-resonant_oidc')).toBe(true);
    expect(binding).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(binding.domain).toBeUndefined();

    const request = await idp.signIn(started.json<{ url: string }>().url, person());
    const back = await t.app.inject({
      method: 'GET',
      url: request.url,
      cookies: { [binding.name]: binding.value },
    });
    expect(landing(back).pathname).toBe('/signup/social');
    const pending = back.cookies.find((cookie) => cookie.name === '__Host-resonant_social_sign_up');
    expect(pending).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(pending?.domain).toBeUndefined();
    // The binding is spent with its attempt: the callback clears it, as a __Host- cookie.
    expect(setCookies(back).find((line) => line.startsWith(`${binding.name}=;`))).toMatch(
      /Path=\/;.*Secure/u,
    );

    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/pending',
      cookies: { '__Host-resonant_social_sign_up': pending!.value },
    });
    expect(read.statusCode).toBe(200);
    const unprefixed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/pending',
      cookies: { resonant_social_sign_up: pending!.value },
    });
    expect(unprefixed.statusCode).toBe(401);
  });

  it('names the refresh cookie __Host-resonant_refresh and restores the session with it', async () => {
    const account = await createAccount(t.db);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: account.email, password: account.password },
    });
    const refresh = signedIn.cookies.find((cookie) => cookie.name === '__Host-resonant_refresh');
    expect(refresh).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(refresh?.domain).toBeUndefined();

    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { resonant_refresh: refresh!.value },
    });
    expect(plain.statusCode).toBe(204);
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { '__Host-resonant_refresh': refresh!.value },
    });
    expect(restored.statusCode).toBe(200);

    const { token } = restored.json<{ token: string }>();
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedOut.statusCode).toBe(204);
    const cleared = setCookies(signedOut).find((line) =>
      line.startsWith('__Host-resonant_refresh=;'),
    );
    expect(cleared).toMatch(/Path=\/;.*Secure/u);
  });
});

describe('cookies served over http (a development machine)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps the unprefixed refresh cookie on the auth endpoints, not Secure', async () => {
    const account = await createAccount(t.db);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: account.email, password: account.password },
    });
    const refresh = signedIn.cookies.find((cookie) => cookie.name === 'resonant_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(refresh?.secure).toBeUndefined();
  });
});
