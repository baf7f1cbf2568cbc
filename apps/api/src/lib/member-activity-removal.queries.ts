import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { hrvSessions } from '../db/schema/hrv-sessions.ts';
import { orgMemberships, organisations } from '../db/schema/organisations.ts';
import { readings } from '../db/schema/readings.ts';
import { memberActiveDays, orgDailyActivity } from '../db/schema/rollups.ts';
import type { ActivityType } from './member-activity.queries.ts';

/** The count of org_daily_activity each kind of recording adds to (recordMemberActivity's). */
const COUNT_OF: Record<ActivityType, string[]> = {
  morning: ['readings_count', 'morning_count'],
  anytime: ['readings_count', 'anytime_count'],
  biofeedback: ['biofeedback_count'],
  mindfulness: ['mindfulness_count'],
  self_compassion: ['self_compassion_count'],
};

/**
 * Takes back what recordMemberActivity added for a recording that was just deleted, in the
 * deleting transaction, so the organisation's figures read as if it had never been stored:
 * - 1 off its kind's count on its day (in the organisation's time zone);
 * - when the member recorded nothing else in the organisation that day, their member_active_days
 *   row and 1 off that day's active_members;
 * - when it was the member's last activity there, the last activity becomes their latest
 *   remaining recording in the organisation (none: null).
 */
export async function forgetMemberActivity(
  db: Database,
  recording: { orgId: string; accountId: string; at: Date; type: ActivityType },
): Promise<void> {
  const { orgId, accountId } = recording;
  const at = recording.at.toISOString();
  const day = sql`(select (${at}::timestamptz at time zone ${organisations.timeZone})::date from ${organisations} where ${organisations.id} = ${orgId})`;
  const decrements = sql.raw(
    COUNT_OF[recording.type].map((column) => `${column} = greatest(${column} - 1, 0)`).join(', '),
  );
  await db.execute(sql`
    update ${orgDailyActivity} set ${decrements}
    where ${orgDailyActivity.orgId} = ${orgId} and ${orgDailyActivity.day} = ${day}`);

  // The day's bounds as instants, so the recordings' (org, account, time) indexes answer.
  const dayStart = sql`((${day})::timestamp at time zone (select ${organisations.timeZone} from ${organisations} where ${organisations.id} = ${orgId}))`;
  const dayEnd = sql`(((${day}) + 1)::timestamp at time zone (select ${organisations.timeZone} from ${organisations} where ${organisations.id} = ${orgId}))`;
  await db.execute(sql`
    with gone as (
      delete from ${memberActiveDays}
      where org_id = ${orgId} and account_id = ${accountId} and day = ${day}
        and not exists (
          select 1 from ${readings} where ${readings.orgId} = ${orgId}
            and ${readings.accountId} = ${accountId}
            and ${readings.takenAt} >= ${dayStart} and ${readings.takenAt} < ${dayEnd})
        and not exists (
          select 1 from ${hrvSessions} where ${hrvSessions.orgId} = ${orgId}
            and ${hrvSessions.accountId} = ${accountId}
            and ${hrvSessions.startedAt} >= ${dayStart} and ${hrvSessions.startedAt} < ${dayEnd})
      returning day
    )
    update ${orgDailyActivity} set active_members = greatest(active_members - 1, 0)
    where ${orgDailyActivity.orgId} = ${orgId} and ${orgDailyActivity.day} in (select day from gone)`);

  await db.execute(sql`
    with latest as (
      select at, type from (
        select ${readings.takenAt} as at, ${readings.kind}::text as type from ${readings}
        where ${readings.orgId} = ${orgId} and ${readings.accountId} = ${accountId}
        union all
        select ${hrvSessions.startedAt}, ${hrvSessions.kind}::text from ${hrvSessions}
        where ${hrvSessions.orgId} = ${orgId} and ${hrvSessions.accountId} = ${accountId}
      ) as recording
      order by at desc limit 1
    )
    update ${orgMemberships}
    set last_activity_at = (select at from latest), last_activity_type = (select type from latest)
    where ${orgMemberships.orgId} = ${orgId} and ${orgMemberships.accountId} = ${accountId}
      and ${orgMemberships.lastActivityAt} = ${at}::timestamptz`);
}
