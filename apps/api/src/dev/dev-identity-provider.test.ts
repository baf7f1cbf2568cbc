import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, importPKCS8 } from 'jose';
import * as oidc from 'openid-client';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { securityHeadersPlugin } from '../plugins/security-headers.ts';
import {
  browseSignIn,
  startTestIdentityProvider,
  type CallbackRequest,
  type TestIdentityProvider,
} from '../../test/oidc-identity-provider.ts';
import { DEV_IDENTITY_PROVIDER_PATH } from './dev-identity-provider-path.ts';
import {
  createDevIdentityProvider,
  ONLY_THIS_MACHINE_MESSAGE,
  type DevIdentityProvider,
} from './dev-identity-provider.ts';

const APP_URL = 'http://localhost:3000';

/** What the app keeps between sending the browser away and its coming back. */
type Attempt = { url: string; codeVerifier: string; state: string; nonce: string };

async function attemptFor(
  config: oidc.Configuration,
  providerId: string,
  extra: Record<string, string> = {},
  appUrl = APP_URL,
): Promise<Attempt> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${appUrl}/api/auth/oidc/${providerId}/callback`,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url: url.href, codeVerifier, state, nonce };
}

/** The callback as the app's server sees it: a URL, or the posted form as a Request. */
function callbackInput(callback: CallbackRequest, appUrl: string): URL | Request {
  if (callback.method === 'GET') return new URL(callback.url, appUrl);
  return new Request(new URL(callback.url, appUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(callback.form),
  });
}

const finish = (
  config: oidc.Configuration,
  attempt: Attempt,
  callback: CallbackRequest,
  appUrl = APP_URL,
) =>
  oidc.authorizationCodeGrant(config, callbackInput(callback, appUrl), {
    pkceCodeVerifier: attempt.codeVerifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });

const discover = async (issuer: string, clientId: string, auth: oidc.ClientAuth) => {
  const config = await oidc.discovery(new URL(issuer), clientId, undefined, auth, {
    execute: [oidc.allowInsecureRequests],
  });
  oidc.enableNonRepudiationChecks(config);
  return config;
};

/** An Apple-style client secret made from an Apple-type setting's team, key id and private key. */
async function appleClientSecret(
  key: { teamId: string; keyId: string; privateKey: string; clientId: string; issuer: string },
  change: { aud?: string; expiresIn?: string; kid?: string } = {},
) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: change.kid ?? key.keyId })
    .setIssuer(key.teamId)
    .setSubject(key.clientId)
    .setAudience(change.aud ?? key.issuer)
    .setIssuedAt()
    .setExpirationTime(change.expiresIn ?? '5 minutes')
    .sign(await importPKCS8(key.privateKey, 'ES256'));
}

describe('the test identity provider (oidc-provider) and openid-client', () => {
  let idp: TestIdentityProvider;
  let google: oidc.Configuration;

  const configFor = (clientId: string, auth: oidc.ClientAuth) =>
    discover(idp.issuer, clientId, auth);

  beforeAll(async () => {
    idp = await startTestIdentityProvider({ appUrl: APP_URL });
    google = await configFor(
      idp.env.OIDC_GOOGLE_CLIENT_ID!,
      oidc.ClientSecretBasic(idp.env.OIDC_GOOGLE_CLIENT_SECRET),
    );
  });
  afterAll(() => idp.close());

  it('finishes a Google-type round trip through the sign-in page, with the claims given there', async () => {
    const attempt = await attemptFor(google, 'google');
    const callback = await idp.signIn(attempt.url, {
      email: 'Ada@Example.test',
      givenName: 'Ada',
      familyName: 'Lovelace',
      gender: 'female',
      birthdate: '1815-12-10',
    });
    expect(callback.method).toBe('GET');
    expect(callback.url).toMatch(/^\/api\/auth\/oidc\/google\/callback\?code=/);

    const tokens = await finish(google, attempt, callback);
    expect(tokens.claims()).toMatchObject({
      iss: idp.issuer,
      aud: idp.env.OIDC_GOOGLE_CLIENT_ID,
      sub: expect.stringMatching(/^dev-[0-9a-f]{32}$/),
      email: 'Ada@Example.test',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      name: 'Ada Lovelace',
      gender: 'female',
      birthdate: '1815-12-10',
    });
  });

  describe('Apple-type', () => {
    const appleSecret = (change?: { aud?: string; expiresIn?: string; kid?: string }) =>
      appleClientSecret(
        {
          teamId: idp.env.OIDC_APPLE_TEAM_ID!,
          keyId: idp.env.OIDC_APPLE_KEY_ID!,
          privateKey: idp.env.OIDC_APPLE_PRIVATE_KEY!,
          clientId: idp.env.OIDC_APPLE_CLIENT_ID!,
          issuer: idp.issuer,
        },
        change,
      );
    const appleConfig = async (secret: string) =>
      configFor(idp.env.OIDC_APPLE_CLIENT_ID!, oidc.ClientSecretPost(secret));

    it('answers with a page that posts the code, and takes an Apple-style client-secret JWT', async () => {
      const config = await appleConfig(await appleSecret());
      const attempt = await attemptFor(config, 'apple', { response_mode: 'form_post' });
      const callback = await idp.signIn(attempt.url, { email: 'tim@example.test' });
      expect(callback).toMatchObject({
        method: 'POST',
        url: '/api/auth/oidc/apple/callback',
        form: { code: expect.any(String), state: attempt.state, iss: idp.issuer },
      });
      const tokens = await finish(config, attempt, callback);
      expect(tokens.claims()).toMatchObject({ email: 'tim@example.test', email_verified: true });
    });

    it.each([
      ['another audience', { aud: 'https://appleid.apple.com' }],
      ['an expired one', { expiresIn: '-1 minute' }],
      ['another key id', { kid: 'ABCDEFGHIJ' }],
    ])('refuses a client secret with %s (invalid_client)', async (_case, change) => {
      const config = await appleConfig(await appleSecret(change));
      const attempt = await attemptFor(config, 'apple', { response_mode: 'form_post' });
      const callback = await idp.signIn(attempt.url, { email: 'tim@example.test' });
      await expect(finish(config, attempt, callback)).rejects.toMatchObject({
        error: 'invalid_client',
      });
    });

    it('refuses the registered secret itself: only the JWT authenticates', async () => {
      const config = await appleConfig('not-a-jwt');
      const attempt = await attemptFor(config, 'apple', { response_mode: 'form_post' });
      const callback = await idp.signIn(attempt.url, { email: 'tim@example.test' });
      await expect(finish(config, attempt, callback)).rejects.toMatchObject({
        error: 'invalid_client',
      });
    });

    it('posts access_denied when the person cancels', async () => {
      const config = await appleConfig(await appleSecret());
      const attempt = await attemptFor(config, 'apple', { response_mode: 'form_post' });
      const callback = await idp.signIn(attempt.url, 'cancel');
      expect(callback).toMatchObject({
        method: 'POST',
        form: { error: 'access_denied', state: attempt.state },
      });
    });
  });

  it('sends access_denied to the callback when the person cancels', async () => {
    const attempt = await attemptFor(google, 'google');
    const callback = await idp.signIn(attempt.url, 'cancel');
    const url = new URL(callback.url, APP_URL);
    expect(callback.method).toBe('GET');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      error: 'access_denied',
      error_description: 'The sign-in was cancelled',
      state: attempt.state,
    });
  });

  it('gives the same email (in any case) the same subject, and another email another', async () => {
    const subjectOf = async (email: string) => {
      const attempt = await attemptFor(google, 'google');
      const tokens = await finish(google, attempt, await idp.signIn(attempt.url, { email }));
      return tokens.claims()!.sub;
    };
    const first = await subjectOf('same@example.test');
    expect(await subjectOf('SAME@example.test')).toBe(first);
    expect(await subjectOf('other@example.test')).not.toBe(first);
  });

  it('leaves out what the person did not give, and says when the email is not verified', async () => {
    const attempt = await attemptFor(google, 'google');
    const callback = await idp.signIn(attempt.url, {
      email: 'bare@example.test',
      emailVerified: false,
    });
    const claims = (await finish(google, attempt, callback)).claims()!;
    expect(claims.email_verified).toBe(false);
    for (const claim of ['given_name', 'family_name', 'name', 'gender', 'birthdate']) {
      expect(claims).not.toHaveProperty(claim);
    }
  });

  it('takes a code once: a replayed code is refused (invalid_grant)', async () => {
    const attempt = await attemptFor(google, 'google');
    const callback = await idp.signIn(attempt.url, { email: 'once@example.test' });
    await finish(google, attempt, callback);
    await expect(finish(google, attempt, callback)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('requires PKCE', async () => {
    const url = oidc.buildAuthorizationUrl(google, {
      redirect_uri: `${APP_URL}/api/auth/oidc/google/callback`,
      scope: 'openid email',
      state: 'no-pkce',
    });
    const callback = await idp.signIn(url.href, { email: 'x@example.test' });
    expect(Object.fromEntries(new URL(callback.url, APP_URL).searchParams)).toMatchObject({
      error: 'invalid_request',
      state: 'no-pkce',
    });
  });

  describe('tamperNextIdToken', () => {
    it('re-signs changed claims with the provider key: the signature still verifies', async () => {
      const attempt = await attemptFor(google, 'google');
      const callback = await idp.signIn(attempt.url, { email: 'real@example.test' });
      idp.tamperNextIdToken({ claims: { email: 'changed@example.test' } });
      const tokens = await finish(google, attempt, callback);
      expect(tokens.claims()!.email).toBe('changed@example.test');
    });

    it('a token signed with an attacker key is refused by openid-client', async () => {
      const attempt = await attemptFor(google, 'google');
      const callback = await idp.signIn(attempt.url, { email: 'real@example.test' });
      idp.tamperNextIdToken({ signWith: 'attacker-key' });
      await expect(finish(google, attempt, callback)).rejects.toMatchObject({
        cause: { message: 'JWT signature verification failed' },
      });
    });

    it('a changed audience or nonce is refused by openid-client', async () => {
      for (const claims of [{ aud: 'someone-else' }, { nonce: 'another-nonce' }]) {
        const attempt = await attemptFor(google, 'google');
        const callback = await idp.signIn(attempt.url, { email: 'real@example.test' });
        idp.tamperNextIdToken({ claims });
        await expect(finish(google, attempt, callback)).rejects.toMatchObject({
          code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
        });
      }
    });
  });
});

describe('the development identity provider mounted in an app under /dev-oidc', () => {
  let server: http.Server;
  let app: FastifyInstance;
  let dev: DevIdentityProvider;
  let origin: string;

  beforeAll(async () => {
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dev = await createDevIdentityProvider({ issuerOrigin: origin, appUrl: origin });
    app = Fastify({ serverFactory: (handler) => server.on('request', handler) });
    await app.register(securityHeadersPlugin, { publicUrl: origin, stripe: false });
    await app.register(dev.plugin);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const settingOf = (id: string) => dev.settings.find((setting) => setting.id === id)!;
  const googleConfig = () => {
    const google = settingOf('dev-google');
    if (google.clientAuth.method !== 'client_secret_basic') throw new Error('not a secret');
    return discover(dev.issuer, google.clientId, oidc.ClientSecretBasic(google.clientAuth.secret));
  };
  const appleConfig = async () => {
    const apple = settingOf('dev-apple');
    if (apple.clientAuth.method !== 'apple_client_secret_jwt') throw new Error('not Apple-type');
    const secret = await appleClientSecret({ ...apple.clientAuth, ...apple });
    return discover(dev.issuer, apple.clientId, oidc.ClientSecretPost(secret));
  };
  /** The sign-in page of a new authorization, with the cookies its browser holds. */
  async function signInPage() {
    const attempt = await attemptFor(await googleConfig(), 'dev-google', {}, origin);
    const authorization = await fetch(attempt.url, { redirect: 'manual' });
    const cookie = authorization.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const pageUrl = new URL(authorization.headers.get('location')!, origin);
    const page = await fetch(pageUrl, { headers: { cookie } });
    return { pageUrl, cookie, page, html: await page.text() };
  }

  it('has the development clients, their settings and labels', () => {
    expect(DEV_IDENTITY_PROVIDER_PATH).toBe('/dev-oidc');
    expect(dev.issuer).toBe(`${origin}${DEV_IDENTITY_PROVIDER_PATH}`);
    expect(dev.settings).toEqual([
      {
        id: 'dev-google',
        kind: 'google',
        label: 'Google-type (development)',
        issuer: dev.issuer,
        clientId: expect.any(String),
        clientAuth: { method: 'client_secret_basic', secret: expect.any(String) },
        responseMode: 'query',
        scope: 'openid email profile',
        development: true,
      },
      {
        id: 'dev-apple',
        kind: 'apple',
        label: 'Apple-type (development)',
        issuer: dev.issuer,
        clientId: expect.any(String),
        clientAuth: {
          method: 'apple_client_secret_jwt',
          teamId: expect.stringMatching(/^[0-9A-Z]{10}$/),
          keyId: expect.stringMatching(/^[0-9A-Z]{10}$/),
          privateKey: expect.stringContaining('-----BEGIN PRIVATE KEY-----'),
        },
        responseMode: 'form_post',
        scope: 'openid email profile',
        development: true,
      },
    ]);
  });

  it("publishes its discovery document under /dev-oidc, with the app's security headers", async () => {
    const response = await fetch(`${origin}/dev-oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await response.json()).toMatchObject({
      issuer: `${origin}/dev-oidc`,
      authorization_endpoint: `${origin}/dev-oidc/auth`,
      token_endpoint: `${origin}/dev-oidc/token`,
      jwks_uri: `${origin}/dev-oidc/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: expect.arrayContaining(['query', 'form_post']),
      code_challenge_methods_supported: ['S256'],
      scopes_supported: expect.arrayContaining(['openid', 'email', 'profile']),
      claims_supported: expect.arrayContaining(['email', 'email_verified', 'given_name']),
      id_token_signing_alg_values_supported: expect.arrayContaining(['RS256']),
    });
  });

  it('shows a script-free sign-in page that says it is a development sign-in', async () => {
    const { page, html } = await signInPage();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('Development sign-in');
    expect(html).toContain('Sign in to Google-type (development)');
    expect(html).toContain('No real identity is');
    for (const field of ['email', 'given_name', 'family_name', 'gender', 'birthdate']) {
      expect(html).toContain(`name="${field}"`);
    }
    expect(html).toMatch(/name="email_verified" value="yes" checked/);
    expect(html).toMatch(/<button type="submit" class="primary">Sign in<\/button>/);
    expect(html).toMatch(/formaction="[^"]+\/cancel" formnovalidate>Cancel<\/button>/);
    expect(html).not.toContain('<script');
  });

  it('shows the page again, escaped, when the form is wrong', async () => {
    const { pageUrl, cookie } = await signInPage();
    const response = await fetch(`${pageUrl.href}/login`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: '<script>alert(1)</script>',
        given_name: '"><b>Ada</b>',
        gender: 'robot',
        birthdate: 'yesterday',
      }).toString(),
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('value="&quot;&gt;&lt;b&gt;Ada&lt;/b&gt;"');
    expect(html).toContain('Enter an email address');
    expect(html).toContain('Choose one of the options.');
    expect(html).toContain('Use the form YYYY-MM-DD');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/name="email_verified" value="yes" checked/);
  });

  it('explains, without a stack trace, a sign-in page whose interaction is gone', async () => {
    const response = await fetch(`${origin}/dev-oidc/interaction/unknown-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in has expired');
  });

  it('finishes a Google-type round trip with openid-client through the app (the body reaches oidc-provider)', async () => {
    const config = await googleConfig();
    const attempt = await attemptFor(config, 'dev-google', {}, origin);
    const { callback } = await browseSignIn(attempt.url, { email: 'dev@example.test' }, origin);
    const tokens = await finish(config, attempt, callback, origin);
    expect(tokens.claims()).toMatchObject({ iss: dev.issuer, email: 'dev@example.test' });
  });

  it('posts the Apple-type answer with a page whose script the CSP allows by its hash', async () => {
    const config = await appleConfig();
    const attempt = await attemptFor(config, 'dev-apple', { response_mode: 'form_post' }, origin);
    const { callback, page } = await browseSignIn(
      attempt.url,
      { email: 'apple@example.test' },
      origin,
    );
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.html)?.[1];
    const hash = createHash('sha256').update(script!).digest('base64');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("default-src 'self'");

    const tokens = await finish(config, attempt, callback, origin);
    expect(tokens.claims()).toMatchObject({ email: 'apple@example.test' });
  });
});

// Issue 27: with HOST=0.0.0.0 the development provider answered other machines, and anyone there
// could sign in to an account it made by typing its email.
describe('the development identity provider in the app, asked from elsewhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { DEV_OIDC: 'true', HOST: '0.0.0.0' } });
  });
  afterAll(() => t.close());

  const discovery = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/dev-oidc/.well-known/openid-configuration',
      remoteAddress,
      headers,
    });

  it('answers this machine', async () => {
    expect((await discovery('127.0.0.1')).statusCode).toBe(200);
    expect((await discovery('::1')).statusCode).toBe(200);
    expect((await discovery('::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it.each([
    ['another machine', '203.0.113.9', {}],
    ['another machine over IPv6', '2001:db8::9', {}],
    [
      'a proxy on this machine forwarding another',
      '127.0.0.1',
      { 'x-forwarded-for': '203.0.113.9' },
    ],
    ['a proxy saying so in Forwarded', '127.0.0.1', { forwarded: 'for=203.0.113.9' }],
  ])('refuses %s, its sign-in page too', async (_who, remoteAddress, headers) => {
    const response = await discovery(remoteAddress, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: ONLY_THIS_MACHINE_MESSAGE });
    const page = await t.app.inject({
      method: 'GET',
      url: '/dev-oidc/interaction/any',
      remoteAddress,
      headers,
    });
    expect(page.statusCode).toBe(403);
  });
});
