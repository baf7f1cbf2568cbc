import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { bindingCookie } from '../src/features/social-sign-in/social-cookies.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import {
  startTestIdentityProvider,
  type CallbackRequest,
  type TestIdentityProvider,
  type TestPerson,
} from './oidc-identity-provider.ts';

/** The app's PUBLIC_URL in the tests (the default), where the provider sends the browser back. */
export const APP_URL = 'http://localhost:3000';

/**
 * A test identity provider and an app configured against it, as the social sign-in tests share
 * them; `close` stops both. The provider is stopped too if the app fails to start.
 */
async function startSocialSignInApp() {
  const idp = await startTestIdentityProvider({ appUrl: APP_URL });
  let t: TestApp;
  try {
    t = await buildTestApp({ env: idp.env });
  } catch (error) {
    await idp.close();
    throw error;
  }
  const close = async () => {
    await t.close();
    await idp.close();
  };
  return { idp, t, close };
}

export type SocialSignInApp = Awaited<ReturnType<typeof startSocialSignInApp>>;

/**
 * The social sign-in app for the enclosing describe (or file): started before its tests, closed
 * after them. The returned object is filled in once `beforeAll` has run, so read it inside tests.
 */
export function useSocialSignInApp(): SocialSignInApp {
  const app = {} as SocialSignInApp;
  beforeAll(async () => {
    Object.assign(app, await startSocialSignInApp());
  });
  afterAll(() => app.close?.());
  return app;
}

/** A round trip's start as the browser holds it: the authorization URL and the binding cookie. */
export type Started = { url: URL; binding: string };

function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

/** The binding cookie of the round trip of the state in `url` (the app's PUBLIC_URL is http). */
export function bindingCookieName(url: string): string {
  const state = new URL(url, APP_URL).searchParams.get('state') ?? '';
  return bindingCookie(state, APP_URL).name;
}

/** The start answer's URL and binding cookie; throws on anything but 200. */
export function started(response: LightMyRequestResponse): Started {
  const url = response.statusCode === 200 ? response.json<{ url: string }>().url : '';
  const binding = url ? cookieValue(response, bindingCookieName(url)) : undefined;
  if (!binding) throw new Error(`start failed: ${response.statusCode} ${response.body}`);
  return { url: new URL(url), binding };
}

/** POST /api/auth/oidc/{provider}/start, as the auth screen's button. */
export async function startSignIn(
  t: TestApp,
  provider: string,
  body: { redirectTo?: string } = {},
): Promise<Started> {
  return started(
    await t.app.inject({ method: 'POST', url: `/api/auth/oidc/${provider}/start`, payload: body }),
  );
}

/**
 * What the browser sends the app for the provider's answer: the GET with the binding cookie, or
 * for a form post the POST (from the provider's site: no cookie) and then the GET its 303 names.
 * `form` adds fields to a form post (Apple's `user`).
 */
export async function deliver(
  t: TestApp,
  request: CallbackRequest,
  binding: string | undefined,
  form: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  let url = request.url;
  if (request.method === 'POST') {
    const posted = await t.app.inject({
      method: 'POST',
      url: request.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...request.form, ...form }).toString(),
    });
    const next = new URL(String(posted.headers.location), APP_URL);
    if (posted.statusCode !== 303 || next.origin !== APP_URL) {
      throw new Error(`form post answered ${posted.statusCode} ${next.href}`);
    }
    url = next.pathname + next.search;
  }
  return t.app.inject({
    method: 'GET',
    url,
    cookies: binding === undefined ? {} : { [bindingCookieName(url)]: binding },
  });
}

/** A whole round trip: start, the provider's page as `person`, the callback in the same browser. */
export async function roundTrip(
  t: TestApp,
  idp: TestIdentityProvider,
  provider: string,
  person: TestPerson | 'cancel',
  options: { redirectTo?: string; form?: Record<string, string> } = {},
) {
  const start = await startSignIn(
    t,
    provider,
    options.redirectTo ? { redirectTo: options.redirectTo } : {},
  );
  const request = await idp.signIn(start.url.href, person);
  return deliver(t, request, start.binding, options.form);
}

/** A cookie as a browser keeps it: by name and Path. */
type HeldCookie = { name: string; value: string; path: string };

/**
 * The cookies of one browser, kept from answers and sent as a browser sends them: only to paths
 * at or under each cookie's Path (inject alone ignores Path), the longer Path first.
 */
export function cookieJar() {
  const held = new Map<string, HeldCookie>();
  return {
    /** Keeps what an answer set, and forgets what it cleared. */
    keep(response: LightMyRequestResponse) {
      for (const cookie of response.cookies) {
        const path = cookie.path ?? '/';
        const key = `${cookie.name};${path}`;
        const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires < new Date());
        if (cookie.value === '' || expired) held.delete(key);
        else held.set(key, { name: cookie.name, value: cookie.value, path });
      }
    },
    /** The cookies a request to `url` (a path of the app, or a URL on it) carries. */
    for(url: string): Record<string, string> {
      const { pathname } = new URL(url, APP_URL);
      const sent: Record<string, string> = {};
      const matching = [...held.values()]
        .filter(
          ({ path }) =>
            pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
        )
        .sort((a, b) => b.path.length - a.path.length);
      for (const cookie of matching) sent[cookie.name] ??= cookie.value;
      return sent;
    },
  };
}

/** Where a callback sends the browser (a 303 to a path of this site), as a URL to read. */
export function landing(response: LightMyRequestResponse): URL {
  const location = String(response.headers.location);
  if (response.statusCode !== 303 || !location.startsWith('/') || location.startsWith('//')) {
    throw new Error(`expected a 303 to a path, got ${response.statusCode} ${location}`);
  }
  return new URL(location, 'http://landing.test');
}

/** The pending sign-up's cookie over http. */
const PENDING_COOKIE = 'resonant_social_sign_up';

/** The pending sign-up cookie a callback set. */
export function pendingCookie(response: LightMyRequestResponse): string {
  const token = cookieValue(response, PENDING_COOKIE);
  if (!token) throw new Error(`no pending sign-up cookie in ${JSON.stringify(response.cookies)}`);
  return token;
}

/** A request carrying the pending sign-up cookie. */
export function withPending(token: string) {
  return { [PENDING_COOKIE]: token };
}
