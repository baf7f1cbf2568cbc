import { Suspense, type ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

/** The height of the table with its header and loading row, so it takes the placeholder's place. */
const ROWS_PLACEHOLDER_HEIGHT = 145;

interface TrendTableSectionProps {
  title: string;
  description: string;
  /** Names the list in the load error, e.g. 'The user trends'. */
  what: string;
  titleAside?: ReactNode;
  trends: UseQueryResult;
  /**
   * The rows (a lazily loaded component): the table's code, with the floating UI of its page-size
   * choice and tooltips, comes right after the first render, alongside the rows themselves.
   */
  children: ReactNode;
}

/** One server-side page of a trend table, as its rows show it. */
export type TrendPage<Row> = { rows: Row[] | undefined; total: number; loading: boolean };

/**
 * The page out of the query, read by the table's own component: the rows come lazily, and a query
 * result re-renders only for the fields read while rendering, so a page that arrives before the
 * rows' code would otherwise never reach them.
 */
export function trendPage<Row>(trends: UseQueryResult<{ list: Row[]; noOfRows: number }>) {
  return {
    rows: trends.data?.list,
    total: trends.data?.noOfRows ?? 0,
    loading: trends.isPending,
  } satisfies TrendPage<Row>;
}

/** A dashboard's trend table: titled, with its load error, and its rows once they are there. */
export function TrendTableSection({
  title,
  description,
  what,
  titleAside,
  trends,
  children,
}: TrendTableSectionProps) {
  return (
    <SectionCard title={title} description={description} titleAside={titleAside}>
      {trends.isError ? (
        <LoadError what={what} onRetry={() => void trends.refetch()} retrying={trends.isFetching} />
      ) : (
        <Suspense fallback={<Skeleton height={ROWS_PLACEHOLDER_HEIGHT} radius="sm" />}>
          {children}
        </Suspense>
      )}
    </SectionCard>
  );
}
