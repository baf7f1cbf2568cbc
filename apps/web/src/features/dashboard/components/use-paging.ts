import { useState } from 'react';
import { TREND_PAGE_SIZES } from '@resonant/contracts/analytics';

/** SPEC §9: the trend tables offer TREND_PAGE_SIZES, the first (5) by default. */
export const TREND_DEFAULT_PAGE_SIZE = TREND_PAGE_SIZES[0];

/** Page and page size of a server-side paged table; a new page size starts again at page 1. */
export function usePaging(defaultPageSize: number) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  return {
    page,
    pageSize,
    request: { limit: pageSize, offset: (page - 1) * pageSize },
    onPageChange: setPage,
    onPageSizeChange: (size: number) => {
      setPageSize(size);
      setPage(1);
    },
  };
}
