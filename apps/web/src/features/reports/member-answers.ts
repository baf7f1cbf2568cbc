import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A report's one-call-per-member answers, in the members' order (undefined until each arrives, and
 * for a failed one), each member's error (null unless it failed), and how the calls stand. For
 * `useQueries`' `combine`: a module-level function, so the result keeps its identity until a call
 * changes and the charts keep their option (and their hidden series) across unrelated renders.
 */
export function combineMemberAnswers<T>(results: UseQueryResult<T>[]) {
  return {
    answers: results.map((result) => result.data),
    errors: results.map((result) => result.error),
    pending: results.some((result) => result.isPending),
    failed: results.some((result) => result.isError),
    retrying: results.some((result) => result.isError && result.isFetching),
    retry: () => {
      for (const result of results) if (result.isError) void result.refetch();
    },
  };
}
