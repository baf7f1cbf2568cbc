/**
 * Where the development identity provider is served, under the app's public URL. On its own so the
 * start log can name it without loading oidc-provider.
 */
export const DEV_IDENTITY_PROVIDER_PATH = '/dev-oidc';
