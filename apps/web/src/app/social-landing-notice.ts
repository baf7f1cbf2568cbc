import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import {
  SOCIAL_ERROR_CODES,
  providerLinkedMessage,
  socialErrorMessage,
  type SocialErrorCode,
  type SocialProvider,
} from '@resonant/contracts/social-sign-in';
import { socialProvidersQueryOptions } from '../features/auth/api/get-social-providers.ts';
import { showError, showSuccess } from '../lib/notify.tsx';
import { useSession } from '../lib/session.ts';
import { LANDING_PARAMS } from './social-landing-params.ts';

const { error: ERROR_PARAM, provider: PROVIDER_PARAM, linked: LINKED_PARAM } = LANDING_PARAMS;

/** What a provider's round trip came back with, read from the landing URL. */
type LandingNotice =
  | { kind: 'error'; code: SocialErrorCode; provider: string | null }
  | { kind: 'linked'; provider: string };

function isErrorCode(code: string): code is SocialErrorCode {
  return (SOCIAL_ERROR_CODES as readonly string[]).includes(code);
}

/**
 * `?social_error=<code>&provider=<id>` or `?social_linked=<id>`, or null when the URL carries
 * neither. A code this app does not know still says the sign-in did not complete ('failed').
 */
export function landingNoticeOf(params: URLSearchParams): LandingNotice | null {
  const error = params.get(ERROR_PARAM);
  if (error !== null) {
    return {
      kind: 'error',
      code: isErrorCode(error) ? error : 'failed',
      provider: params.get(PROVIDER_PARAM) || null,
    };
  }
  const linked = params.get(LINKED_PARAM);
  return linked ? { kind: 'linked', provider: linked } : null;
}

/**
 * The toast of a notice, or null for none. The provider is named only by the label of a provider
 * this server offers: the URL is anyone's to write, so its text never reaches a toast. An error
 * of an unknown provider says 'your provider'; a link of an unknown provider, or one landing on a
 * signed-out page (a link always ends signed in), is not announced at all.
 */
export function landingToast(
  notice: LandingNotice,
  providers: readonly SocialProvider[] | undefined,
  signedIn: boolean,
): { tone: 'error' | 'success'; message: string } | null {
  const label = providers?.find((provider) => provider.id === notice.provider)?.label;
  if (notice.kind === 'error') {
    return { tone: 'error', message: socialErrorMessage(notice.code, label ?? 'your provider') };
  }
  return label && signedIn ? { tone: 'success', message: providerLinkedMessage(label) } : null;
}

/** The landing URL's parameters without the notice's, the rest (redirectTo) kept. */
export function withoutLandingParams(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  for (const name of [ERROR_PARAM, PROVIDER_PARAM, LINKED_PARAM]) rest.delete(name);
  return rest;
}

/**
 * Mounted above every route while the URL carries a notice: where a provider's round trip lands
 * (the auth screen, or the page a link started on), toasts how it went, then takes the notice out
 * of the URL, so a reload or a shared link does not repeat it.
 */
export function SocialLandingNotice(): null {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const notice = landingNoticeOf(searchParams);
  const session = useSession();
  const providers = useQuery({ ...socialProvidersQueryOptions, enabled: notice !== null });
  // Decided once the providers are read (or cannot be) and the session restore has answered.
  const ready = notice !== null && !providers.isPending && session.status !== 'restoring';
  const toast = ready
    ? landingToast(notice, providers.data?.providers, session.status === 'signed-in')
    : null;
  const tone = toast?.tone;
  const message = toast?.message;
  // One toast per landing, though StrictMode runs the effect twice.
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    if (!ready || shownFor.current === location.key) return;
    shownFor.current = location.key;
    if (tone === 'error' && message) showError(message);
    else if (tone === 'success' && message) showSuccess(message);
    setSearchParams(withoutLandingParams, { replace: true });
  }, [ready, tone, message, location.key, setSearchParams]);
  return null;
}
