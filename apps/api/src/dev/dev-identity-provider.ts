import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import Provider, {
  errors,
  type ClientMetadata,
  type Configuration,
  type Interaction,
  type InteractionResults,
} from 'oidc-provider';
import type { SocialProviderKind } from '@resonant/contracts/social-sign-in';
import type { OidcProviderSetting } from '../config/oidc-env.ts';
import { forbidden } from '../lib/http-error.ts';
import { DEV_IDENTITY_PROVIDER_PATH } from './dev-identity-provider-path.ts';
import {
  generateDevAppleKey,
  generateDevSigningKey,
  isAppleClientSecret,
  type DevAppleKey,
  type DevSigningKey,
} from './dev-keys.ts';
import { devMemoryAdapter } from './dev-memory-adapter.ts';
import {
  devClaims,
  devSubject,
  EMPTY_SIGN_IN_VALUES,
  readDevSignInForm,
  type DevPerson,
  type DevSignInErrors,
  type DevSignInValues,
} from './dev-sign-in-form.ts';
import { devMessagePage, devSignInPage } from './dev-sign-in-page.ts';
import { fromThisMachine } from './this-machine.ts';

/** One client of the development provider: one button on the auth screen. */
export type DevClient = { providerId: string; kind: SocialProviderKind; label: string };

export type DevIdentityProvider = {
  /** `${issuerOrigin}/dev-oidc` */
  issuer: string;
  /** Serves oidc-provider and the sign-in page under /dev-oidc. */
  plugin: FastifyPluginAsync;
  /** One per client, for the app's OIDC configuration. */
  settings: OidcProviderSetting[];
  /** The oidc-provider instance (tests add middleware). */
  provider: Provider;
};

const DEFAULT_CLIENTS: DevClient[] = [
  { providerId: 'dev-google', kind: 'google', label: 'Google-type (development)' },
  { providerId: 'dev-apple', kind: 'apple', label: 'Apple-type (development)' },
];

const SCOPE = 'openid email profile';
export const ONLY_THIS_MACHINE_MESSAGE =
  'The development identity provider answers only requests made on the machine it runs on';
const CANCELLED = { error: 'access_denied', error_description: 'The sign-in was cancelled' };
// Long enough to fill in the page; the app's own round trip gives up after 10 minutes too.
const TEN_MINUTES = 600;

type RegisteredClient = DevClient & {
  clientId: string;
  secret: string;
  /** Apple-type clients authenticate with an ES256 JWT made with this key. */
  apple?: DevAppleKey;
};

const randomSecret = () => randomBytes(32).toString('base64url');

/**
 * A real OpenID Connect provider (`oidc-provider`) for development and tests: a sign-in page that
 * makes up the person (no real identity), Google-type clients (code flow, client_secret_basic) and
 * Apple-type ones (form_post, an Apple-style ES256 client-secret JWT). Keys are made fresh on each
 * start and everything is kept in memory.
 */
export async function createDevIdentityProvider(options: {
  /** Where the plugin is served (PUBLIC_URL in the app). */
  issuerOrigin: string;
  /** The app's PUBLIC_URL: callbacks are `${appUrl}/api/auth/oidc/${providerId}/callback`. */
  appUrl: string;
  /** Default: dev-google and dev-apple with the development labels. */
  clients?: DevClient[];
  /** Default true: the app never links its identities to accounts by email. */
  development?: boolean;
  /** The ID-token signing key (default: a fresh one); a test harness that re-signs passes its own. */
  signingKey?: DevSigningKey;
}): Promise<DevIdentityProvider> {
  const issuer = `${options.issuerOrigin}${DEV_IDENTITY_PROVIDER_PATH}`;
  const clients: RegisteredClient[] = await Promise.all(
    (options.clients ?? DEFAULT_CLIENTS).map(async (client) => ({
      ...client,
      clientId: `resonant-${client.providerId}`,
      secret: randomSecret(),
      ...(client.kind === 'apple' ? { apple: await generateDevAppleKey() } : {}),
    })),
  );
  const signingKey = options.signingKey ?? (await generateDevSigningKey());
  // The people made up on the sign-in page, by subject.
  const people = new Map<string, DevPerson>();

  const provider = new Provider(
    issuer,
    providerConfiguration({ appUrl: options.appUrl, clients, signingKey, people }),
  );
  acceptAppleClientSecrets(provider, clients);

  const plugin = devIdentityProviderPlugin(provider, clients, people);
  const settings = clients.map((client) => setting(client, issuer, options.development ?? true));
  return { issuer, plugin, settings, provider };
}

function providerConfiguration(context: {
  appUrl: string;
  clients: RegisteredClient[];
  signingKey: DevSigningKey;
  people: Map<string, DevPerson>;
}): Configuration {
  return {
    adapter: devMemoryAdapter(),
    clients: context.clients.map((client) => clientMetadata(client, context.appUrl)),
    jwks: { keys: [context.signingKey] },
    cookies: {
      keys: [randomSecret()],
      // The browser never sends the session back (no page is served at this path), so every
      // authorization shows the sign-in page: one browser can try one person after another.
      long: { httpOnly: true, sameSite: 'lax', path: `${DEV_IDENTITY_PROVIDER_PATH}/no-session` },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'gender', 'birthdate'],
    },
    scopes: ['openid'],
    // The person's claims in the ID token itself, as Google does (not only at userinfo).
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    interactions: {
      url: (_ctx, interaction) => `${DEV_IDENTITY_PROVIDER_PATH}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, subject) => {
      const person = context.people.get(subject);
      if (!person) return undefined;
      return { accountId: subject, claims: () => devClaims(subject, person) };
    },
    // Consent is granted at once: the grant holds what the app asked for.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
      grant.addOIDCClaims([...ctx.oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    clientBasedCORS: () => false,
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = devMessagePage(
        'The sign-in could not go on',
        [out.error, out.error_description].filter(Boolean).join(': '),
      );
    },
    ttl: {
      AccessToken: TEN_MINUTES,
      AuthorizationCode: 60,
      IdToken: TEN_MINUTES,
      Interaction: TEN_MINUTES,
      Session: TEN_MINUTES,
      Grant: TEN_MINUTES,
    },
  };
}

function clientMetadata(client: RegisteredClient, appUrl: string): ClientMetadata {
  const common = {
    client_id: client.clientId,
    client_secret: client.secret,
    redirect_uris: [`${appUrl}/api/auth/oidc/${client.providerId}/callback`],
    response_types: ['code'],
    grant_types: ['authorization_code'],
    id_token_signed_response_alg: 'RS256',
  } satisfies ClientMetadata;
  if (client.kind !== 'apple') {
    return { ...common, token_endpoint_auth_method: 'client_secret_basic' };
  }
  // Apple answers with a page that posts the code to the app, and takes its secret in the body.
  return {
    ...common,
    token_endpoint_auth_method: 'client_secret_post',
    response_modes: ['form_post'],
  };
}

/**
 * Apple-type clients send, as `client_secret`, a JWT they signed with their own key (never the
 * registered secret): the provider's secret check verifies that JWT instead. (Swapping the secret
 * in the request body before oidc-provider reads it would mean reading and replacing the body
 * stream, which oidc-provider then only takes through a fallback it warns about.)
 */
function acceptAppleClientSecrets(provider: Provider, clients: RegisteredClient[]) {
  const { prototype } = provider.Client;
  const compareSecret = prototype.compareClientSecret;
  prototype.compareClientSecret = function (this: typeof prototype, actual: string) {
    const client = clients.find((candidate) => candidate.clientId === this.clientId);
    if (!client?.apple) return compareSecret.call(this, actual);
    return isAppleClientSecret(actual, {
      key: client.apple,
      clientId: client.clientId,
      issuer: provider.issuer,
    });
  };
}

function setting(client: RegisteredClient, issuer: string, development: boolean) {
  return {
    id: client.providerId,
    kind: client.kind,
    label: client.label,
    issuer,
    clientId: client.clientId,
    clientAuth: client.apple
      ? {
          method: 'apple_client_secret_jwt',
          teamId: client.apple.teamId,
          keyId: client.apple.keyId,
          privateKey: client.apple.privateKeyPem,
        }
      : { method: 'client_secret_basic', secret: client.secret },
    responseMode: client.apple ? 'form_post' : 'query',
    scope: SCOPE,
    development,
  } satisfies OidcProviderSetting;
}

const PAGE_ROUTE = { schema: { hide: true } };

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

/**
 * The sign-in page of a login interaction, its form read by @fastify/formbody (in this scope
 * only): a person typed in signs in, or the sign-in is cancelled.
 */
function devSignInPages(
  provider: Provider,
  clients: RegisteredClient[],
  people: Map<string, DevPerson>,
): FastifyPluginAsync {
  const interactionPath = `${DEV_IDENTITY_PROVIDER_PATH}/interaction/:uid`;

  /** The login interaction of this page's browser (by its cookie), or null when there is none. */
  async function currentInteraction(
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ) {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid && interaction.prompt.name === 'login') {
        return interaction;
      }
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
    }
    return null;
  }

  const expired = (reply: FastifyReply) =>
    sendHtml(
      reply,
      400,
      devMessagePage(
        'This sign-in has expired',
        'It took too long or was already finished. Go back to Resonant and choose the sign-in button again.',
      ),
    );

  const labelOf = (clientId: unknown) =>
    clients.find((client) => client.clientId === clientId)?.label ?? 'the development provider';

  const signInPage = (
    interaction: Interaction,
    form: { values: DevSignInValues; errors?: DevSignInErrors },
  ) => {
    const page = `${DEV_IDENTITY_PROVIDER_PATH}/interaction/${interaction.uid}`;
    return devSignInPage({
      providerLabel: labelOf(interaction.params.client_id),
      loginPath: `${page}/login`,
      cancelPath: `${page}/cancel`,
      ...form,
    });
  };

  // interactionFinished without writing the answer itself: the 303 goes out through Fastify.
  const finish = async (request: FastifyRequest, reply: FastifyReply, result: InteractionResults) =>
    reply.redirect(
      await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      }),
      303,
    );

  return async (pages) => {
    await pages.register(formbody);
    type PageRequest = FastifyRequest<{ Params: { uid: string } }>;

    pages.get(interactionPath, PAGE_ROUTE, async (request: PageRequest, reply) => {
      const interaction = await currentInteraction(request, reply);
      if (!interaction) return expired(reply);
      return sendHtml(reply, 200, signInPage(interaction, { values: EMPTY_SIGN_IN_VALUES }));
    });

    pages.post(`${interactionPath}/login`, PAGE_ROUTE, async (request: PageRequest, reply) => {
      const interaction = await currentInteraction(request, reply);
      if (!interaction) return expired(reply);
      const form = readDevSignInForm(request.body);
      if (!('person' in form)) return sendHtml(reply, 400, signInPage(interaction, form));
      const subject = devSubject(form.person.email);
      people.set(subject, form.person);
      return finish(request, reply, { login: { accountId: subject } });
    });

    pages.post(`${interactionPath}/cancel`, PAGE_ROUTE, async (request: PageRequest, reply) => {
      const interaction = await currentInteraction(request, reply);
      if (!interaction) return expired(reply);
      return finish(request, reply, CANCELLED);
    });
  };
}

/**
 * Every other /dev-oidc request handed untouched to oidc-provider, as its docs mount it under a
 * path (`originalUrl`, the prefix stripped from `url`).
 */
function oidcProviderPassThrough(provider: Provider): FastifyPluginAsync {
  return async (passThrough) => {
    const callback = provider.callback();
    // oidc-provider reads the bodies itself: Fastify leaves the stream unread.
    passThrough.removeAllContentTypeParsers();
    passThrough.addContentTypeParser('*', (_request, _payload, done) => done(null));
    passThrough.all(`${DEV_IDENTITY_PROVIDER_PATH}/*`, PAGE_ROUTE, async (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(DEV_IDENTITY_PROVIDER_PATH.length);
      await callback(raw, reply.raw);
    });
  };
}

/**
 * The Fastify side: the sign-in pages and the pass-through to oidc-provider. Fastify's hooks
 * still run first, so the app's security headers come with every answer.
 */
function devIdentityProviderPlugin(
  provider: Provider,
  clients: RegisteredClient[],
  people: Map<string, DevPerson>,
): FastifyPluginAsync {
  return async (app) => {
    provider.on('server_error', (_ctx, error) =>
      app.log.error({ err: error }, 'development identity provider failed'),
    );
    // Anyone it answers can sign in to any account it made by typing an email: whatever HOST
    // is, only this machine may use it.
    app.addHook('onRequest', async (request) => {
      if (!fromThisMachine(request)) throw forbidden(ONLY_THIS_MACHINE_MESSAGE);
    });
    await app.register(devSignInPages(provider, clients, people));
    await app.register(oidcProviderPassThrough(provider));
  };
}
