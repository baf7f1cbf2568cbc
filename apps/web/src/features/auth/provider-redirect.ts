import { useEffect } from 'react';
import type { SocialStartResponse } from '@resonant/contracts/social-sign-in';

/** Sends the browser to the provider's authorization URL; the server finishes the round trip. */
export function goToProvider({ url }: SocialStartResponse): void {
  window.location.assign(url);
}

/**
 * A button that sent the browser to a provider stays busy until the page unloads; a page the
 * browser restores from its back-forward cache (Back from the provider) starts over with `reset`.
 */
export function useResetOnPageRestore(reset: () => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
}
