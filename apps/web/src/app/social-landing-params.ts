/** The parameters a provider's round trip lands with (see social-landing-notice.ts). */
export const LANDING_PARAMS = {
  error: 'social_error',
  provider: 'provider',
  linked: 'social_linked',
} as const;

/**
 * Whether the URL may carry a notice to toast: only then is the notice's code (and the contracts
 * it reads) fetched, so every other page load goes without it.
 */
export function carriesLandingNotice(params: URLSearchParams): boolean {
  return params.has(LANDING_PARAMS.error) || params.has(LANDING_PARAMS.linked);
}
