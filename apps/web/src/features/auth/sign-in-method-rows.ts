import {
  LAST_SIGN_IN_METHOD_MESSAGE,
  type LinkedIdentity,
  type SignInMethodsResponse,
  type SocialProviderKind,
} from '@resonant/contracts/social-sign-in';
import { providersInButtonOrder } from './provider-order.ts';

/** One provider of the Sign-in methods dialog. */
export interface ProviderRow {
  provider: string;
  label: string;
  kind: SocialProviderKind;
  development: boolean;
  /** The identity linked to this account, or null: Link is offered. */
  identity: LinkedIdentity | null;
  /**
   * Configured on this server: its identity can sign in. An identity of a provider no longer
   * configured is shown as no longer available; it can only be unlinked.
   */
  available: boolean;
}

/**
 * The providers in button order, each with the identity linked to it; then identities of a
 * provider no longer configured, so they can still be unlinked.
 */
export function providerRows({ identities, providers }: SignInMethodsResponse): ProviderRow[] {
  const configured = providersInButtonOrder(providers).map((provider) => ({
    provider: provider.id,
    label: provider.label,
    kind: provider.kind,
    development: provider.development,
    identity: identities.find((identity) => identity.provider === provider.id) ?? null,
    available: true,
  }));
  const unconfigured = identities
    .filter((identity) => !providers.some((provider) => provider.id === identity.provider))
    .map((identity) => ({
      provider: identity.provider,
      label: identity.label,
      kind: 'oidc' as const,
      development: false,
      identity,
      available: false,
    }));
  return [...configured, ...unconfigured];
}

/**
 * Why this identity cannot be unlinked, or null. Something that can still sign in must remain:
 * the password, or another identity of a provider still configured (the server refuses the
 * same with 409). An identity of a provider no longer configured cannot sign in, so it never
 * counts, and removing it is refused only when nothing usable is left anyway.
 */
export function unlinkRefusal(
  { has_password, identities, providers }: SignInMethodsResponse,
  identity: LinkedIdentity,
): string | null {
  if (has_password) return null;
  const usableLeft = identities.some(
    (other) =>
      other.id !== identity.id && providers.some((provider) => provider.id === other.provider),
  );
  return usableLeft ? null : LAST_SIGN_IN_METHOD_MESSAGE;
}
