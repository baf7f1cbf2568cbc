import type { z } from 'zod';
import { USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  DASHBOARD_METRICS,
  type DashboardAggregatedQuery,
  type DashboardMetric,
  type GroupTrendRow,
  type GroupUsersTrendsQuery,
  type OrgGroupsTrendsQuery,
  type UserTrendRow,
} from '@resonant/contracts/analytics';
import type { Database } from '../../db/client.ts';
import { can } from '../../auth/policies.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import {
  requireGroup,
  requireOrg,
  requireReach,
  type OrgScope,
  type TenantScope,
} from '../../auth/scope.ts';
import {
  eachMember,
  figureMeans,
  isMember,
  listGroupMembersPage,
  listTrendGroups,
  membersByGroup,
  normBandCounts,
  orgAsOneGroup,
  type FigureMeans,
  type MemberGroups,
  type NormBandCount,
} from './analytics.queries.ts';
import type { PlatformNormsCache } from './platform-norms.ts';
import { meanNorm } from './population-norm.ts';

/** What the analytics service needs: the database, the clock and the platform norms cache. */
export type AnalyticsDeps = { db: Database; clock: Clock; norms: PlatformNormsCache };

/** The figures of a member, group or organisation; for the latter two, means of members' figures. */
type Figures = Omit<FigureMeans, 'grp'> & { norm: number | null };

const NO_FIGURES: Figures = {
  latest: null,
  previous: null,
  yesterday: null,
  lastWeek: null,
  lastMonth: null,
  allTime: null,
  norm: null,
};

/**
 * DESIGN §5 figures of each group of `members` (the organisation, groups, or single members): the
 * database averages the members' figures per group; the population norm is the mean of the
 * members' norms, from their head-counts per gender and age band.
 */
async function figuresBy(
  deps: AnalyticsDeps,
  org: OrgScope,
  members: MemberGroups,
): Promise<Map<string, Figures>> {
  const [means, { bands, platform }] = await Promise.all([
    figureMeans(deps.db, org, members, deps.clock()),
    deps.norms.get().then(async (platform) => ({
      platform,
      bands: await normBandCounts(deps.db, members, platform.day),
    })),
  ]);
  const bandsOf = new Map<string, NormBandCount[]>();
  for (const band of bands) bandsOf.set(band.grp, [...(bandsOf.get(band.grp) ?? []), band]);
  return new Map(
    means.map(({ grp, ...figures }) => [
      grp,
      { ...figures, norm: meanNorm(bandsOf.get(grp) ?? [], platform.norms) },
    ]),
  );
}

/** The six dashboard cards (SPEC §3 "Dashboard metric"), in the order of DASHBOARD_METRICS. */
function dashboardCards(figures: Figures): DashboardMetric[] {
  const values = [
    figures.latest,
    figures.previous,
    figures.lastWeek,
    figures.lastMonth,
    figures.allTime,
    figures.norm,
  ];
  return DASHBOARD_METRICS.map((metric, index) => ({
    label: metric.label,
    rmssd: values[index] ?? null,
    unit: 'ms' as const,
    footer: metric.footer,
  }));
}

/** Trending (SPEC §3): latest above the last-week average; unknown when either is missing. */
function trending(figures: Figures): boolean | null {
  if (figures.latest === null || figures.lastWeek === null) return null;
  return figures.latest > figures.lastWeek;
}

/** The figure columns shared by both trend tables. */
function trendFigures(figures: Figures) {
  return {
    latest_avg_rmssd: figures.latest,
    previous_avg_rmssd: figures.previous,
    yesterday_avg_rmssd: figures.yesterday,
    last_week_avg_rmssd: figures.lastWeek,
    last_month_avg_rmssd: figures.lastMonth,
    all_time_avg_rmssd: figures.allTime,
    trending: trending(figures),
  };
}

/**
 * The dashboard cards of the caller's organisation (org admins), current group, or one member of
 * either (`type=user&id`; 404 outside the caller's organisation or, for a group admin, group).
 */
export async function dashboardAggregated(
  deps: AnalyticsDeps,
  scope: TenantScope,
  query: DashboardAggregatedQuery,
): Promise<DashboardMetric[]> {
  const org = requireOrg(scope);
  let members: MemberGroups;
  switch (query.type) {
    case 'org':
      if (!can(scope.role, 'org.dashboard.read')) throw forbidden();
      members = orgAsOneGroup(org);
      break;
    case 'group':
      members = membersByGroup(org, [requireGroup(scope).groupId]);
      break;
    case 'user': {
      const accountId = query.id ?? '';
      // An org admin sees every member of the organisation; a group admin the current group's.
      const { groupId } = requireReach(scope);
      if (!(await isMember(deps.db, org, accountId, groupId))) {
        throw notFound(USER_NOT_FOUND_MESSAGE);
      }
      members = eachMember(org, [accountId]);
      break;
    }
  }
  const [figures] = (await figuresBy(deps, org, members)).values();
  return dashboardCards(figures ?? NO_FIGURES);
}

/** One page of the organisation's groups (Default left out) with their members' mean figures. */
export async function orgGroupsTrends(
  deps: AnalyticsDeps,
  scope: TenantScope,
  page: z.output<typeof OrgGroupsTrendsQuery>,
): Promise<{ list: GroupTrendRow[]; noOfRows: number }> {
  const org = requireOrg(scope);
  const { groups, total } = await listTrendGroups(deps.db, org, page);
  if (groups.length === 0) return { list: [], noOfRows: total };
  const figures = await figuresBy(
    deps,
    org,
    membersByGroup(
      org,
      groups.map((group) => group.id),
    ),
  );
  const list = groups.map((group) => ({
    group_id: group.id,
    name: group.name,
    ...trendFigures(figures.get(group.id) ?? NO_FIGURES),
  }));
  return { list, noOfRows: total };
}

/** One page of the current group's members (by default by last then first name), with figures. */
export async function groupUsersTrends(
  deps: AnalyticsDeps,
  scope: TenantScope,
  page: z.output<typeof GroupUsersTrendsQuery>,
): Promise<{ list: UserTrendRow[]; noOfRows: number }> {
  const group = requireGroup(scope);
  const { members, total } = await listGroupMembersPage(deps.db, group, page);
  if (members.length === 0) return { list: [], noOfRows: total };
  const figures = await figuresBy(
    deps,
    group,
    eachMember(
      group,
      members.map((member) => member.accountId),
    ),
  );
  const list = members.map((member) => {
    const own = figures.get(member.accountId) ?? NO_FIGURES;
    return {
      user_id: member.accountId,
      first_name: member.firstName,
      last_name: member.lastName,
      last_reading_at: member.lastReadingAt?.toISOString() ?? null,
      population_avg_hrv: own.norm,
      ...trendFigures(own),
    };
  });
  return { list, noOfRows: total };
}
