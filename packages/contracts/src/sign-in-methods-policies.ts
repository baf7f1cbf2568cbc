import { LAST_SIGN_IN_METHOD_MESSAGE } from './social-sign-in.ts';

/** An account's ways to sign in, and which providers the server still offers. */
export type SignInMethods = {
  hasPassword: boolean;
  identities: readonly { id: string; provider: string }[];
  isConfigured: (providerId: string) => boolean;
};

/**
 * Why this identity cannot be unlinked, or null when it can. Something that can still sign in
 * must remain: the password, or another identity of a provider still configured. An identity of a
 * provider no longer configured cannot sign in, so it never counts, and removing it is refused
 * only when nothing usable is left anyway. The API answers the reason with 409 (counted under a
 * lock of the account); the web disables Unlink with it.
 */
export function unlinkRefusal(methods: SignInMethods, identityId: string): string | null {
  if (methods.hasPassword) return null;
  const usableLeft = methods.identities.some(
    (other) => other.id !== identityId && methods.isConfigured(other.provider),
  );
  return usableLeft ? null : LAST_SIGN_IN_METHOD_MESSAGE;
}
