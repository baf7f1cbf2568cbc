import { unlinkRefusal as refusalOf } from '@resonant/contracts/sign-in-methods-policies';
import {
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

/** Why this identity cannot be unlinked, or null: the contracts' rule, which the server applies too. */
export function unlinkRefusal(
  { has_password, identities, providers }: SignInMethodsResponse,
  identity: LinkedIdentity,
): string | null {
  return refusalOf(
    {
      hasPassword: has_password,
      identities,
      isConfigured: (providerId) => providers.some((provider) => provider.id === providerId),
    },
    identity.id,
  );
}
