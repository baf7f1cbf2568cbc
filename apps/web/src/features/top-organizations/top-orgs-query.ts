import {
  DEFAULT_TOP_ORGS_RANGE,
  TOP_ORGS_RANGES,
  type TopOrgsBody,
  type TopOrgsRange,
  type TopOrgsSortField,
} from '@resonant/contracts/top-organizations';
import type { TableSort } from '../../components/data-table.tsx';

/** The query-string parameter holding the chosen range (`/admin?range=7_days`). */
export const RANGE_PARAM = 'range';

/** The range a URL names; a missing or unknown value is the default, 30 days. */
export function rangeFromSearch(value: string | null): TopOrgsRange {
  return TOP_ORGS_RANGES.find((range) => range.value === value)?.value ?? DEFAULT_TOP_ORGS_RANGE;
}

/** SPEC §9: the table is sorted by active users, most first, until a header says otherwise. */
export const DEFAULT_TOP_ORGS_SORT = {
  by: 'total_users_active',
  order: 'desc',
} as const satisfies NonNullable<TableSort>;

/** The sort the table shows: the one chosen, else the default (so its header shows it too). */
export function shownSort(chosen: TableSort): NonNullable<TableSort> {
  return chosen ?? DEFAULT_TOP_ORGS_SORT;
}

const isDefault = (sort: TableSort) =>
  sort?.by === DEFAULT_TOP_ORGS_SORT.by && sort.order === DEFAULT_TOP_ORGS_SORT.order;

/**
 * What a header click stores. The DataTable cycles ascending, descending, then the list's own
 * order (null), computed from the sort it shows; here the own order is active users descending,
 * which is stored as null. A click on Active users while the default is shown therefore asks for
 * null again and would change nothing, so it turns ascending instead.
 */
export function chosenSort(chosen: TableSort, next: TableSort): TableSort {
  if (next === null) return chosen === null ? { by: DEFAULT_TOP_ORGS_SORT.by, order: 'asc' } : null;
  return isDefault(next) ? null : next;
}

/** The body of POST /api/analytics/top_orgs_by_users for the table's page, size and sort. */
export function topOrgsBody(
  range: TopOrgsRange,
  page: number,
  pageSize: number,
  chosen: TableSort,
): TopOrgsBody {
  const sort = shownSort(chosen);
  return {
    range,
    page,
    limit: pageSize,
    // The table offers a sort only on its columns, whose keys are the contract's sort fields.
    sort_field: sort.by as TopOrgsSortField,
    sort_order: sort.order,
  };
}
