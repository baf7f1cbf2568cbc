/**
 * Query keys of the auth feature. None belongs to an organisation or group (no tenantKey): the
 * providers are the server's, the pending sign-up and the sign-in methods the person's own.
 */
export const authKeys = {
  providers: ['auth', 'social-providers'] as const,
  pendingSignUp: ['auth', 'social-sign-up'] as const,
  signInMethods: ['auth', 'sign-in-methods'] as const,
};
