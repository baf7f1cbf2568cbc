import {
  allowInsecureRequests,
  ClientSecretBasic,
  ClientSecretPost,
  discovery,
  enableNonRepudiationChecks,
  type ClientAuth,
  type Configuration,
} from 'openid-client';
import type { SocialProvider } from '@resonant/contracts/social-sign-in';
import { isLoopbackUrl, type OidcProviderSetting } from '../../config/oidc-env.ts';
import { appleClientSecret } from './apple-client-secret.ts';

/** Seconds a provider has to answer discovery, the token request and its key set. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** One configured provider, as the round trip uses it. */
export type OidcClient = {
  setting: OidcProviderSetting;
  /** Its button: what the web shows. */
  provider: SocialProvider;
  /** Where the provider sends the browser back: the redirect_uri registered with it. */
  callbackUrl: string;
  /**
   * openid-client's configuration, discovered from the issuer on first use and kept; a discovery
   * that failed is tried again by the next call. Throws while the provider cannot be reached.
   */
  configuration(): Promise<Configuration>;
};

/** The providers of this server, in button order (configured ones, then the development ones). */
export type OidcClients = {
  providers: SocialProvider[];
  find(providerId: string): OidcClient | undefined;
};

/**
 * How the server authenticates at the token endpoint: the secret in Basic auth, or for an
 * Apple-type provider a fresh client-secret JWT in the body. openid-client calls a ClientAuth
 * synchronously, so the JWT is signed before each use (`renew`) and read from there.
 */
function clientAuthOf(setting: OidcProviderSetting) {
  const auth = setting.clientAuth;
  if (auth.method === 'client_secret_basic') {
    return { auth: ClientSecretBasic(auth.secret), renew: async () => {} };
  }
  const secret = appleClientSecret({ ...auth, clientId: setting.clientId, issuer: setting.issuer });
  let latest = '';
  const appleAuth: ClientAuth = (server, client, body, headers) =>
    ClientSecretPost(latest)(server, client, body, headers);
  return {
    auth: appleAuth,
    renew: async () => {
      latest = await secret.current();
    },
  };
}

function oidcClient(setting: OidcProviderSetting, publicUrl: string): OidcClient {
  const { auth, renew } = clientAuthOf(setting);
  // ID tokens are verified against the provider's published keys too, not only trusted for
  // coming over TLS from the token endpoint; http is allowed only for a provider on this machine.
  const execute = [
    enableNonRepudiationChecks,
    ...(isLoopbackUrl(setting.issuer) ? [allowInsecureRequests] : []),
  ];
  let discovered: Promise<Configuration> | null = null;
  return {
    setting,
    provider: {
      id: setting.id,
      kind: setting.kind,
      label: setting.label,
      development: setting.development,
    },
    // Appended, not resolved, so a PUBLIC_URL with a path prefix keeps it (as lib/link-tokens).
    callbackUrl: `${publicUrl.replace(/\/+$/, '')}/api/auth/oidc/${setting.id}/callback`,
    async configuration() {
      discovered ??= discovery(new URL(setting.issuer), setting.clientId, undefined, auth, {
        execute,
        timeout: PROVIDER_TIMEOUT_SECONDS,
      });
      const configuration = await discovered.catch((error: unknown) => {
        discovered = null;
        throw error;
      });
      await renew();
      return configuration;
    },
  };
}

/** The OpenID Connect clients of the configured providers; nothing is fetched until first use. */
export function createOidcClients(settings: OidcProviderSetting[], publicUrl: string): OidcClients {
  const clients = new Map(settings.map((setting) => [setting.id, oidcClient(setting, publicUrl)]));
  return {
    providers: [...clients.values()].map((client) => client.provider),
    find: (providerId) => clients.get(providerId),
  };
}
