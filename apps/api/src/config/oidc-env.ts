import net from 'node:net';
import type { SocialProviderKind } from '@resonant/contracts/social-sign-in';

/** How the server authenticates to a provider's token endpoint. */
type OidcClientAuth =
  | { method: 'client_secret_basic'; secret: string }
  /**
   * Apple's client secret: an ES256 JWT signed with the team's key (iss team id, sub client id,
   * aud the issuer), sent as `client_secret` in the body.
   */
  | { method: 'apple_client_secret_jwt'; teamId: string; keyId: string; privateKey: string };

/** A configured OpenID Connect provider: one button on the auth screen. */
export type OidcProviderSetting = {
  /** Names the provider in URLs and in `social_identities.provider` ('google', 'apple', 'okta'). */
  id: string;
  kind: SocialProviderKind;
  label: string;
  issuer: string;
  clientId: string;
  clientAuth: OidcClientAuth;
  /** Apple answers with an HTML form posted to the callback. */
  responseMode: 'query' | 'form_post';
  scope: string;
  /** The in-process development provider: its identities never link to accounts by email. */
  development: boolean;
};

const GOOGLE_ISSUER = 'https://accounts.google.com';
const APPLE_ISSUER = 'https://appleid.apple.com';
const GENERIC_ISSUER = /^OIDC_([A-Z][A-Z0-9]*)_ISSUER$/;
const RESERVED = new Set(['GOOGLE', 'APPLE']);

/** A PEM key pasted into one line of an env file keeps its line breaks as `\n`. */
const pem = (value: string) => value.replace(/\\n/g, '\n').trim();

/**
 * Reads the providers from the environment: Google-type (`OIDC_GOOGLE_CLIENT_ID`/`_SECRET`),
 * Apple-type (`OIDC_APPLE_CLIENT_ID`/`_TEAM_ID`/`_KEY_ID`/`_PRIVATE_KEY`) and any number of
 * generic ones (`OIDC_<NAME>_ISSUER`/`_CLIENT_ID`/`_CLIENT_SECRET`/`_LABEL`). Returns the
 * providers and the problems (a variable missing from a set), named by variable.
 */
export function readOidcProviders(env: NodeJS.ProcessEnv): {
  providers: OidcProviderSetting[];
  problems: { variable: string; message: string }[];
} {
  const providers: OidcProviderSetting[] = [];
  const problems: { variable: string; message: string }[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;
  const requireAll = (prefix: string, names: string[]) => {
    const missing = names.filter((name) => !value(`${prefix}_${name}`));
    if (missing.length === 0 || missing.length === names.length) return missing.length === 0;
    for (const name of missing) {
      problems.push({
        variable: `${prefix}_${name}`,
        message: `is required with ${names
          .filter((other) => !missing.includes(other))
          .map((other) => `${prefix}_${other}`)
          .join(', ')}`,
      });
    }
    return false;
  };

  if (requireAll('OIDC_GOOGLE', ['CLIENT_ID', 'CLIENT_SECRET'])) {
    providers.push({
      id: 'google',
      kind: 'google',
      label: value('OIDC_GOOGLE_LABEL') ?? 'Google',
      issuer: value('OIDC_GOOGLE_ISSUER') ?? GOOGLE_ISSUER,
      clientId: value('OIDC_GOOGLE_CLIENT_ID')!,
      clientAuth: { method: 'client_secret_basic', secret: value('OIDC_GOOGLE_CLIENT_SECRET')! },
      responseMode: 'query',
      scope: 'openid email profile',
      development: false,
    });
  }
  if (requireAll('OIDC_APPLE', ['CLIENT_ID', 'TEAM_ID', 'KEY_ID', 'PRIVATE_KEY'])) {
    providers.push({
      id: 'apple',
      kind: 'apple',
      label: value('OIDC_APPLE_LABEL') ?? 'Apple',
      issuer: value('OIDC_APPLE_ISSUER') ?? APPLE_ISSUER,
      clientId: value('OIDC_APPLE_CLIENT_ID')!,
      clientAuth: {
        method: 'apple_client_secret_jwt',
        teamId: value('OIDC_APPLE_TEAM_ID')!,
        keyId: value('OIDC_APPLE_KEY_ID')!,
        privateKey: pem(value('OIDC_APPLE_PRIVATE_KEY')!),
      },
      responseMode: 'form_post',
      // Apple's scopes: the name and email come only with response_mode=form_post.
      scope: 'openid email name',
      development: false,
    });
  }
  const generic = Object.keys(env)
    .map((name) => GENERIC_ISSUER.exec(name)?.[1])
    .filter((name): name is string => Boolean(name) && !RESERVED.has(name!))
    .sort();
  for (const name of generic) {
    const prefix = `OIDC_${name}`;
    if (!requireAll(prefix, ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'LABEL'])) continue;
    const issuer = value(`${prefix}_ISSUER`)!;
    if (!URL.canParse(issuer)) {
      problems.push({ variable: `${prefix}_ISSUER`, message: 'must be a URL' });
      continue;
    }
    providers.push({
      id: name.toLowerCase(),
      kind: 'oidc',
      label: value(`${prefix}_LABEL`)!,
      issuer,
      clientId: value(`${prefix}_CLIENT_ID`)!,
      clientAuth: { method: 'client_secret_basic', secret: value(`${prefix}_CLIENT_SECRET`)! },
      responseMode: 'query',
      scope: 'openid email profile',
      development: false,
    });
  }
  return { providers, problems };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for a URL on this machine (the development provider's only home, and http's). */
export function isLoopbackUrl(url: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(url).hostname);
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
/** How an IPv4 client of a dual-stack socket is written (`::ffff:127.0.0.1`). */
const IPV4_MAPPED = '::ffff:';

/** True for an IP address of this machine's loopback (127.0.0.0/8, ::1, or either mapped). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith(IPV4_MAPPED) ? address.slice(IPV4_MAPPED.length) : address;
  const family = net.isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** True for a listen address only this machine can reach (HOST), e.g. 127.0.0.1 but not 0.0.0.0. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return bare === 'localhost' || isLoopbackAddress(bare);
}
