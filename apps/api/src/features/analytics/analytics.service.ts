import type { z } from 'zod';
import { USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  type DashboardAggregatedQuery,
  type DashboardMetric,
  type GroupTrendRow,
  type GroupUsersTrendsQuery,
  type OrgGroupsTrendsQuery,
  type UserTrendRow,
} from '@resonant/contracts/analytics';
import type { Database } from '../../db/client.ts';
import { dashboardCards } from '../../kernel/dashboard-cards.ts';
import { can } from '../../kernel/policies.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { requireGroup, requireOrg, requireReach, type TenantScope } from '../../kernel/scope.ts';
import {
  figuresOf,
  groupMembersTrendPage,
  groupsTrendPage,
  membersOfGroup,
  oneMember,
  orgAsOneGroup,
  type GroupFigures,
  type MemberGroups,
} from './analytics.queries.ts';
import type { AnswerCache } from './answer-cache.ts';
import type { PlatformNormsCache } from '../../kernel/platform-norms.ts';
import { meanNorm } from '../../kernel/population-norm.ts';

/** What the analytics service needs: the database, the clock, the platform norms and answers. */
export type AnalyticsDeps = {
  db: Database;
  clock: Clock;
  norms: PlatformNormsCache;
  answers: AnswerCache;
};

/** The figures of a member, group or organisation; for the latter two, means of members' figures. */
type Figures = Omit<GroupFigures, 'bands'> & { norm: number | null };

const NO_FIGURES: Figures = {
  latest: null,
  previous: null,
  yesterday: null,
  lastWeek: null,
  lastMonth: null,
  allTime: null,
  norm: null,
};

/** The platform norms (cached, platform-norms.ts) and a way to turn a group's figures into ours. */
async function normsFor(deps: AnalyticsDeps) {
  const platform = await deps.norms.get();
  return {
    day: platform.day,
    version: platform.version,
    /** The population norm is the mean of the members' norms, from their head-counts. */
    figures: ({ bands, ...figures }: GroupFigures): Figures => ({
      ...figures,
      norm: meanNorm(bands, platform.norms),
    }),
  };
}

type Norms = Awaited<ReturnType<typeof normsFor>>;

/**
 * The answer `key` names for the caller's database state: reused from an earlier request of the
 * same state and platform norms, else computed (answer-cache.ts). `key` names the organisation and
 * every other input of the answer.
 */
async function answer<T>(
  deps: AnalyticsDeps,
  scope: TenantScope,
  key: string,
  compute: (norms: Norms) => Promise<T>,
): Promise<T> {
  const norms = await normsFor(deps);
  return deps.answers.get(scope.snapshot, `${norms.version} ${key}`, () => compute(norms));
}

/** DESIGN §5 figures of the one group of `members` (the organisation, a group or a member). */
function figuresBy(
  deps: AnalyticsDeps,
  scope: TenantScope,
  key: string,
  members: MemberGroups,
): Promise<Figures | null> {
  const org = requireOrg(scope);
  return answer(deps, scope, key, async (norms) => {
    const [figures] = (await figuresOf(deps.db, org, members, deps.clock(), norms.day)).values();
    return figures ? norms.figures(figures) : null;
  });
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
  switch (query.type) {
    case 'org': {
      if (!can(scope.role, 'org.dashboard.read')) throw forbidden();
      const figures = await figuresBy(deps, scope, `org ${org.orgId}`, orgAsOneGroup(org));
      return dashboardCards(figures ?? NO_FIGURES);
    }
    case 'group': {
      const { groupId } = requireGroup(scope);
      const members = membersOfGroup(org, groupId);
      const figures = await figuresBy(deps, scope, `group ${org.orgId} ${groupId}`, members);
      return dashboardCards(figures ?? NO_FIGURES);
    }
    case 'user': {
      // An org admin sees every member of the organisation; a group admin the current group's.
      const { groupId } = requireReach(scope);
      const accountId = query.id ?? '';
      const key = `member ${org.orgId} ${groupId ?? 'org'} ${accountId}`;
      const figures = await figuresBy(deps, scope, key, oneMember(org, accountId, groupId));
      if (!figures) throw notFound(USER_NOT_FOUND_MESSAGE);
      return dashboardCards(figures);
    }
  }
}

/** A trend table page's part of an answer's key. */
const pageKey = (page: { limit: number; offset: number; sort?: string; order: string }) =>
  `${page.limit} ${page.offset} ${page.sort ?? ''} ${page.order}`;

/** One page of the organisation's groups (Default left out) with their members' mean figures. */
export async function orgGroupsTrends(
  deps: AnalyticsDeps,
  scope: TenantScope,
  page: z.output<typeof OrgGroupsTrendsQuery>,
): Promise<{ list: GroupTrendRow[]; noOfRows: number }> {
  const org = requireOrg(scope);
  return answer(deps, scope, `groups ${org.orgId} ${pageKey(page)}`, async (norms) => {
    const { rows, total } = await groupsTrendPage(deps.db, org, page, deps.clock(), norms.day);
    const list = rows.map((group) => ({
      group_id: group.id,
      name: group.name,
      ...trendFigures(norms.figures(group.figures)),
    }));
    return { list, noOfRows: total };
  });
}

/** One page of the current group's members (by default by last then first name), with figures. */
export async function groupUsersTrends(
  deps: AnalyticsDeps,
  scope: TenantScope,
  page: z.output<typeof GroupUsersTrendsQuery>,
): Promise<{ list: UserTrendRow[]; noOfRows: number }> {
  const group = requireGroup(scope);
  const norms = await normsFor(deps);
  const { rows, total } = await groupMembersTrendPage(
    deps.db,
    group,
    page,
    deps.clock(),
    norms.day,
  );
  const list = rows.map((member) => {
    const own = norms.figures(member.figures);
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
