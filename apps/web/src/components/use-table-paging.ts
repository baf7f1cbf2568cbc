import { useState } from 'react';
import type { DataTablePaging } from './data-table.tsx';

/**
 * Page and page size of a DataTable whose rows are fetched (or sliced) a page at a time: the
 * first of `pageSizes` unless `defaultPageSize` says otherwise; a new page size or `resetPage()`
 * starts again at page 1.
 */
export function useTablePaging(
  pageSizes: readonly number[],
  defaultPageSize: number = pageSizes[0] ?? 10,
) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  return {
    page,
    pageSize,
    /** The rows of the current page, as the API's `limit` / `offset`. */
    request: { limit: pageSize, offset: (page - 1) * pageSize },
    resetPage: () => setPage(1),
    /** The DataTable's `paging` prop for a list of `total` rows. */
    tableProps: (total: number): DataTablePaging => ({
      page,
      pageSize,
      total,
      pageSizes,
      onPageChange: setPage,
      onPageSizeChange: (size) => {
        setPageSize(size);
        setPage(1);
      },
    }),
  };
}
