import { describe, expect, it } from 'vitest';
import { TOP_ORGS_RANGES } from '@resonant/contracts/top-organizations';
import type { TableSort } from '../../components/data-table.tsx';
import {
  chosenSort,
  DEFAULT_TOP_ORGS_SORT,
  rangeFromSearch,
  shownSort,
  topOrgsBody,
} from './top-orgs-query.ts';

/** DataTable's header click (components/data-table.tsx): asc, desc, then the own order. */
function headerClick(shown: TableSort, by: string): TableSort {
  if (shown?.by !== by) return { by, order: 'asc' };
  return shown.order === 'asc' ? { by, order: 'desc' } : null;
}

/** Clicks a header as the page does: from the shown sort to the stored one. */
const click = (chosen: TableSort, by: string) =>
  chosenSort(chosen, headerClick(shownSort(chosen), by));

describe('rangeFromSearch', () => {
  it('reads every range chip from the URL', () => {
    for (const range of TOP_ORGS_RANGES) expect(rangeFromSearch(range.value)).toBe(range.value);
  });

  it.each([null, '', '45_days', 'All Time'])('falls back to 30 days for %j', (value) => {
    expect(rangeFromSearch(value)).toBe('30_days');
  });
});

describe('the table sort', () => {
  it('shows active users descending until a header is clicked', () => {
    expect(shownSort(null)).toEqual({ by: 'total_users_active', order: 'desc' });
    expect(shownSort({ by: 'org_name', order: 'asc' })).toEqual({ by: 'org_name', order: 'asc' });
  });

  it('cycles another column ascending, descending, then back to the default', () => {
    let sort = click(null, 'total_readings');
    expect(sort).toEqual({ by: 'total_readings', order: 'asc' });
    sort = click(sort, 'total_readings');
    expect(sort).toEqual({ by: 'total_readings', order: 'desc' });
    sort = click(sort, 'total_readings');
    expect(sort).toBeNull();
    expect(shownSort(sort)).toEqual(DEFAULT_TOP_ORGS_SORT);
  });

  it('turns active users ascending and back, never stuck on the default', () => {
    let sort = click(null, 'total_users_active');
    expect(shownSort(sort)).toEqual({ by: 'total_users_active', order: 'asc' });
    sort = click(sort, 'total_users_active');
    expect(sort).toBeNull();
    expect(shownSort(sort)).toEqual({ by: 'total_users_active', order: 'desc' });
    sort = click(sort, 'total_users_active');
    expect(shownSort(sort)).toEqual({ by: 'total_users_active', order: 'asc' });
  });
});

describe('topOrgsBody', () => {
  it('asks for the page with the default sort', () => {
    expect(topOrgsBody('30_days', 1, 10, null)).toEqual({
      range: '30_days',
      page: 1,
      limit: 10,
      sort_field: 'total_users_active',
      sort_order: 'desc',
    });
  });

  it('carries a chosen sort, page and size', () => {
    expect(topOrgsBody('today', 3, 25, { by: 'org_name', order: 'asc' })).toEqual({
      range: 'today',
      page: 3,
      limit: 25,
      sort_field: 'org_name',
      sort_order: 'asc',
    });
  });
});
