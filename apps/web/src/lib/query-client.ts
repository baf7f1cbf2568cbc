import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { showRequestError } from './notify.tsx';

/** Client errors (4xx) will not change on a retry; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Set in a mutation's `meta` (`{ [ERRORS_SHOWN_IN_FORM]: true }`) when its form shows a refusal
 * itself, inline (SPEC §8 "Add organization errors: inline in the form"), instead of a toast.
 */
export const ERRORS_SHOWN_IN_FORM = 'errorsShownInForm';

export const queryClient = new QueryClient({
  // SPEC §8: every failed call surfaces as a toast carrying the server's message.
  queryCache: new QueryCache({ onError: showRequestError }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.[ERRORS_SHOWN_IN_FORM] !== true) showRequestError(error);
    },
  }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
