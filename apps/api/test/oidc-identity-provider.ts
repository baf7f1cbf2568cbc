import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import {
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWTHeaderParameters,
} from 'jose';
import { createDevIdentityProvider } from '../src/dev/dev-identity-provider.ts';
import { generateDevSigningKey } from '../src/dev/dev-keys.ts';

/** Who signs in on the provider's page (emailVerified defaults to true, gender to 'none'). */
export type TestPerson = {
  email: string;
  givenName?: string;
  familyName?: string;
  emailVerified?: boolean;
  gender?: string;
  birthdate?: string;
};

/** The request the browser would make to the app's callback. */
export type CallbackRequest =
  /** path+query on the app */
  | { method: 'GET'; url: string }
  /** form_post: the fields the provider's page would post */
  | { method: 'POST'; url: string; form: Record<string, string> };

export type TestIdentityProvider = {
  issuer: string;
  /** env for buildTestApp: OIDC_GOOGLE_* and OIDC_APPLE_* (+ OIDC_ACME_* generic) pointing at this provider */
  env: Record<string, string>;
  /**
   * From the authorization URL the app handed out, through the sign-in page as this person (or
   * Cancel), to the request the browser would make to the app's callback.
   */
  signIn(authorizationUrl: string, person: TestPerson | 'cancel'): Promise<CallbackRequest>;
  /**
   * The next ID token the token endpoint issues is changed: claims re-signed with the provider's
   * own key, or signed with an attacker's key.
   */
  tamperNextIdToken(change: { claims?: Record<string, unknown>; signWith?: 'attacker-key' }): void;
  close(): Promise<void>;
};

type IdTokenChange = Parameters<TestIdentityProvider['tamperNextIdToken']>[0];

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The value of `attribute` in an HTML tag, unescaped. */
const attribute = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : unescapeHtml(value);
};

/** The cookies a browser keeps for the provider (one host, so paths are not told apart). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((part) =>
        /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(part),
      );
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser on the development provider: from the authorization URL, through its sign-in
 * page as `person` (or Cancel), until the request to the app's callback under `appUrl`: the
 * redirect, or the page posting the form (form_post). `page` is the provider's last answer.
 */
export async function browseSignIn(
  authorizationUrl: string,
  person: TestPerson | 'cancel',
  appUrl: string,
): Promise<{ callback: CallbackRequest; page: { headers: Headers; html: string } }> {
  const jar = new CookieJar();
  const isCallback = (url: URL) => url.href.startsWith(`${appUrl}/api/auth/oidc/`);
  const send = async (url: URL, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    jar.store(response);
    return { url, response, html: await response.text() };
  };

  let step = await send(new URL(authorizationUrl));
  let signedIn = false;
  for (let hop = 0; hop < 10; hop += 1) {
    const { url, response, html } = step;
    const page = { headers: response.headers, html };
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (isCallback(next)) {
        return { callback: { method: 'GET', url: next.pathname + next.search }, page };
      }
      step = await send(next);
      continue;
    }
    const form = /<form\b[^>]*>/i.exec(html)?.[0];
    const action = form && attribute(form, 'action');
    if (!form || !action) {
      throw new Error(`The provider answered ${response.status} at ${url.pathname}: ${html}`);
    }
    const target = new URL(action, url);
    if (isCallback(target)) {
      // form_post: the provider's page posts these fields to the app's callback.
      const fields: Record<string, string> = {};
      for (const [input] of html.matchAll(/<input\b[^>]*>/gi)) {
        const name = attribute(input, 'name');
        if (name && attribute(input, 'type') === 'hidden') {
          fields[name] = attribute(input, 'value') ?? '';
        }
      }
      return { callback: { method: 'POST', url: target.pathname, form: fields }, page };
    }
    if (signedIn) throw new Error(`The sign-in page refused the form: ${html}`);
    signedIn = true;
    if (person === 'cancel') {
      const cancel = /<button\b[^>]*formaction="[^"]*"[^>]*>/i.exec(html)?.[0];
      step = await send(new URL(attribute(cancel ?? '', 'formaction') ?? '', url), {});
      continue;
    }
    step = await send(target, {
      email: person.email,
      given_name: person.givenName ?? '',
      family_name: person.familyName ?? '',
      gender: person.gender ?? 'none',
      birthdate: person.birthdate ?? '',
      ...(person.emailVerified === false ? {} : { email_verified: 'yes' }),
    });
  }
  throw new Error(`No callback to ${appUrl} after 10 steps from ${authorizationUrl}`);
}

/**
 * The API tests' identity provider: the development provider (real `oidc-provider`) on its own
 * local port with three clients of the app at `appUrl`: `google` (Google-type), `apple`
 * (Apple-type: form_post and an ES256 client-secret JWT) and `acme` (a generic provider, 'Acme
 * SSO'), none of them a development provider, so their verified emails may link accounts.
 */
export async function startTestIdentityProvider(options: {
  appUrl: string;
}): Promise<TestIdentityProvider> {
  // The issuer names the port, so the port is taken before the provider is made.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Kept here: a tampered ID token is re-signed with the provider's own key.
  const signingKey = await generateDevSigningKey();
  const dev = await createDevIdentityProvider({
    issuerOrigin: origin,
    appUrl: options.appUrl,
    clients: [
      { providerId: 'google', kind: 'google', label: 'Google' },
      { providerId: 'apple', kind: 'apple', label: 'Apple' },
      { providerId: 'acme', kind: 'oidc', label: 'Acme SSO' },
    ],
    development: false,
    signingKey,
  });

  let nextChange: IdTokenChange | null = null;
  // Koa middleware around oidc-provider's own: the token answer is changed once it is made.
  dev.provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (!nextChange || ctx.path !== '/token' || typeof body?.id_token !== 'string') return;
    const change = nextChange;
    nextChange = null;
    const header = decodeProtectedHeader(body.id_token) as JWTHeaderParameters;
    const payload = { ...decodeJwt(body.id_token), ...change.claims };
    const key =
      change.signWith === 'attacker-key'
        ? (await generateKeyPair(header.alg)).privateKey
        : await importJWK(signingKey, signingKey.alg);
    body.id_token = await new SignJWT(payload).setProtectedHeader(header).sign(key);
  });

  const app = Fastify({ serverFactory: (handler) => server.on('request', handler) });
  await app.register(dev.plugin);
  await app.ready();

  const byId = (id: string) => dev.settings.find((setting) => setting.id === id)!;
  const secretOf = (id: string) => {
    const auth = byId(id).clientAuth;
    if (auth.method !== 'client_secret_basic') throw new Error(`${id} has no client secret`);
    return auth.secret;
  };
  const apple = byId('apple').clientAuth;
  if (apple.method !== 'apple_client_secret_jwt') throw new Error('apple is not Apple-type');

  const env = {
    OIDC_GOOGLE_CLIENT_ID: byId('google').clientId,
    OIDC_GOOGLE_CLIENT_SECRET: secretOf('google'),
    OIDC_GOOGLE_ISSUER: dev.issuer,
    OIDC_APPLE_CLIENT_ID: byId('apple').clientId,
    OIDC_APPLE_TEAM_ID: apple.teamId,
    OIDC_APPLE_KEY_ID: apple.keyId,
    OIDC_APPLE_PRIVATE_KEY: apple.privateKey,
    OIDC_APPLE_ISSUER: dev.issuer,
    OIDC_ACME_ISSUER: dev.issuer,
    OIDC_ACME_CLIENT_ID: byId('acme').clientId,
    OIDC_ACME_CLIENT_SECRET: secretOf('acme'),
    OIDC_ACME_LABEL: 'Acme SSO',
  };

  return {
    issuer: dev.issuer,
    env,
    signIn: async (authorizationUrl, person) =>
      (await browseSignIn(authorizationUrl, person, options.appUrl)).callback,
    tamperNextIdToken(change) {
      nextChange = change;
    },
    async close() {
      await app.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
