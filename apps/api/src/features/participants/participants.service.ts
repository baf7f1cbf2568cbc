import type {
  MemberReading,
  MemberReadingsParams,
  MemberReadingsResponse,
  Participant,
} from '@resonant/contracts/participants';
import type { Database } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { TenantScope } from '../../plugins/tenant-scope.ts';
import {
  isMemberWithin,
  listGroupMembers,
  listMemberReadings,
  type MemberReach,
  type RangeBound,
} from './participants.queries.ts';

export const NO_GROUP_MESSAGE = 'Switch into a group to see its users';
export const MEMBER_NOT_FOUND_MESSAGE = 'User not found';

type Scope = Pick<TenantScope, 'role' | 'orgId' | 'groupId'>;

/**
 * Whose readings the caller may read: an org admin acting as org, any member of the organisation
 * (the org area's reports); anyone else — a group admin, or an org admin switched into a group —
 * only the members of the current group. Null without a current organisation.
 */
export function memberReach(scope: Scope): MemberReach | null {
  if (!scope.orgId) return null;
  if (scope.role === 'org') return { orgId: scope.orgId, groupId: null };
  return scope.groupId ? { orgId: scope.orgId, groupId: scope.groupId } : null;
}

/** The current group of the caller, or 403 when it acts in none. */
function requireGroup(scope: Scope): { orgId: string; groupId: string } {
  if (!scope.orgId || !scope.groupId) throw forbidden(NO_GROUP_MESSAGE);
  return { orgId: scope.orgId, groupId: scope.groupId };
}

/** The members of the caller's current group (SPEC §2 /group/participants), by name. */
export async function listParticipants(
  db: Database,
  scope: Scope,
  withRmssd: boolean,
): Promise<Participant[]> {
  const rows = await listGroupMembers(db, requireGroup(scope));
  return rows.map((row) => ({
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    is_group_admin: row.isAdmin,
    last_reading_at: row.lastTakenAt?.toISOString() ?? null,
    avg_rmssd: withRmssd ? row.avgRmssd : null,
  }));
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// An instant goes to the database in UTC: its own offset may be one PostgreSQL refuses (+16:00).
const toBound = (value: string | undefined): RangeBound | undefined =>
  value === undefined
    ? undefined
    : DAY_ONLY.test(value)
      ? { day: value }
      : { instant: new Date(value).toISOString() };

/**
 * One member's readings, newest first (SPEC §7 GET /user/rmssd). A member outside the caller's
 * reach — another group, another organisation, or no one — answers 404, never an empty list, so
 * ids cannot be probed.
 */
export async function listReadingsOfMember(
  db: Database,
  scope: Scope,
  query: MemberReadingsParams,
): Promise<MemberReadingsResponse> {
  const reach = memberReach(scope);
  if (!reach || !(await isMemberWithin(db, reach, query.user_id))) {
    throw notFound(MEMBER_NOT_FOUND_MESSAGE);
  }
  const { rows, total } = await listMemberReadings(db, reach, query.user_id, {
    from: toBound(query.from),
    to: toBound(query.to),
    limit: query.limit,
    offset: query.offset,
  });
  return { list: rows.map(presentReading), noOfRows: total };
}

type ReadingRow = Awaited<ReturnType<typeof listMemberReadings>>['rows'][number];

/** SPEC §3 Reading: time-domain and frequency-domain measures grouped as the dashboard reads them. */
function presentReading(row: ReadingRow): MemberReading {
  return {
    id: row.id,
    dateTime: row.takenAt.toISOString(),
    userId: row.accountId,
    kind: row.kind,
    quality: row.quality,
    rmssd: row.rmssd,
    created_at: row.createdAt.toISOString(),
    tags: row.tags,
    time_domain: {
      minMax: row.minMax,
      sdnn: row.sdnn,
      sdsd: row.sdsd,
      mean_hr: row.meanHr,
      max_hr: row.maxHr,
      min_hr: row.minHr,
      mean_nni: row.meanNni,
      median_nni: row.medianNni,
      range_nni: row.rangeNni,
    },
    frequency_domain: { lf: row.lf, hf: row.hf, vlf: row.vlf, total_power: row.totalPower },
  };
}
