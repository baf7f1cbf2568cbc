import type { z } from 'zod';
import {
  TOP_ORGS_FIGURES,
  type TopOrgRow,
  type TopOrgsBody,
  type TopOrgsFigure,
  type TopOrgsRange,
  type TopOrgsResponse,
} from '@resonant/contracts/top-organizations';
import type { AppDeps } from '../../app-deps.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import {
  topOrganizationsPage,
  type DayRange,
  type OrgFigures,
} from './top-organizations.queries.ts';

/** The days of each range chip (SPEC §9): "N days" is today and the N-1 days before it. */
const RANGE_DAYS: Record<TopOrgsRange, DayRange> = {
  all_time: { kind: 'all_time' },
  '90_days': { kind: 'ending_today', daysBefore: 89 },
  '60_days': { kind: 'ending_today', daysBefore: 59 },
  '30_days': { kind: 'ending_today', daysBefore: 29 },
  '14_days': { kind: 'ending_today', daysBefore: 13 },
  '7_days': { kind: 'ending_today', daysBefore: 6 },
  yesterday: { kind: 'yesterday' },
  today: { kind: 'ending_today', daysBefore: 0 },
};

/**
 * The app admin's top organisations (SPEC §3 "Top-org analytics row", §7): every organisation with
 * its members, active members, readings and sessions over the range, from the rollups; one page,
 * `page` counted from 1. The route's permission (admin.analytics.read) admits only the app admin.
 */
export async function topOrganizations(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _scope: TenantScope,
  body: z.output<typeof TopOrgsBody>,
): Promise<TopOrgsResponse> {
  const page = await topOrganizationsPage(
    deps.db,
    {
      range: RANGE_DAYS[body.range],
      sort: body.sort_field,
      order: body.sort_order,
      limit: body.limit,
      offset: (body.page - 1) * body.limit,
    },
    deps.clock(),
  );
  return { list: page.list.map(presentTopOrg), totalRows: page.totalRows };
}

/** SPEC §3 "Top-org analytics row": every figure a number (0 without activity). */
function presentTopOrg(row: OrgFigures): TopOrgRow {
  return {
    org_id: row.org_id,
    org_name: row.org_name ?? '',
    ...(Object.fromEntries(
      TOP_ORGS_FIGURES.map((figure) => [figure, Number(row[figure] ?? 0)]),
    ) as Record<TopOrgsFigure, number>),
  };
}
