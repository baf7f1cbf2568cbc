import { useState } from 'react';
import type { DataTablePaging, ServerSort, TableSort } from './data-table.tsx';

/** A query for one page of a list the API pages: its rows and how many rows the whole list has. */
type ServerPagedQuery<Row> = {
  data?: { list: Row[]; noOfRows: number } | undefined;
  isPending: boolean;
};

/**
 * Page, page size and sort of a DataTable whose rows are fetched (or sliced) a page at a time:
 * the first of `pageSizes` unless `defaultPageSize` says otherwise; a new page size, a new sort or
 * `resetPage()` starts again at page 1. `Sort` is the list's sort values (its contract's).
 */
export function useTablePaging<Sort extends string = never>(
  pageSizes: readonly number[],
  defaultPageSize: number = pageSizes[0] ?? 10,
) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [sort, setSort] = useState<TableSort>(null);
  const tableProps = (total: number): DataTablePaging => ({
    page,
    pageSize,
    total,
    pageSizes,
    onPageChange: setPage,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPage(1);
    },
  });
  const serverSort = {
    sort,
    onSortChange: (next) => {
      setSort(next);
      setPage(1);
    },
  } satisfies ServerSort;
  return {
    page,
    pageSize,
    /** The rows of the current page, as the API's `limit` / `offset`, `sort` / `order`. */
    request: {
      limit: pageSize,
      offset: (page - 1) * pageSize,
      // Only columns marked `sortable` offer a sort, and their keys are the list's Sort values.
      ...(sort ? { sort: sort.by as Sort, order: sort.order } : {}),
    },
    resetPage: () => setPage(1),
    /** The DataTable's `serverSort` prop. */
    serverSort,
    /** The DataTable's `paging` prop for a list of `total` rows. */
    tableProps,
    /**
     * The DataTable props of a list the API pages and sorts (`{ list, noOfRows }`): the current
     * page's rows, whether they are loading, the paging over all `noOfRows` and the sort.
     */
    serverPaged: <Row>(query: ServerPagedQuery<Row>) => ({
      rows: query.data?.list,
      loading: query.isPending,
      paging: tableProps(query.data?.noOfRows ?? 0),
      serverSort,
    }),
  };
}
