import type { SocialProvider, SocialProviderKind } from '@resonant/contracts/social-sign-in';

const KIND_ORDER: Record<SocialProviderKind, number> = { google: 0, apple: 1, oidc: 2 };

/**
 * The order of the provider buttons: real providers before the development ones, then Google,
 * Apple and the generic ones; otherwise as the server listed them.
 */
export function providersInButtonOrder(providers: readonly SocialProvider[]): SocialProvider[] {
  return providers
    .map((provider, index) => ({ provider, index }))
    .sort(
      (a, b) =>
        Number(a.provider.development) - Number(b.provider.development) ||
        KIND_ORDER[a.provider.kind] - KIND_ORDER[b.provider.kind] ||
        a.index - b.index,
    )
    .map(({ provider }) => provider);
}
