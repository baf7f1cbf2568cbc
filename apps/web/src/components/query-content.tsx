import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './load-error.tsx';

interface QueryContentProps<Data> {
  query: UseQueryResult<Data>;
  /** What failed to load, as the error's title names it ("The payment methods"). */
  what: string;
  /** In place of the content while it loads, e.g. skeletons of its shape. */
  loading: ReactNode;
  children: (data: Data) => ReactNode;
}

/** What one query shows: a placeholder while it loads, the error with Try again, or its data. */
export function QueryContent<Data>({ query, what, loading, children }: QueryContentProps<Data>) {
  if (query.isPending) return loading;
  if (query.isError) {
    return (
      <LoadError what={what} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  return children(query.data);
}
