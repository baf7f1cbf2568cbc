import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { orgMemberships } from '../src/db/schema/organisations.ts';
import { memberActiveDays, orgDailyActivity } from '../src/db/schema/rollups.ts';
import { APP_ADMIN_EMAIL, type TestApp } from './build-test-app.ts';
import { buildOrg, signedInAccount } from './org-builder.ts';

/** An organisation with one signed-in member, and the app admin signed in: ingestion's callers. */
export async function memberAndAppAdmin(t: TestApp) {
  const org = await buildOrg(t, {
    people: { member: { groups: ['Default'] } },
    signIn: ['member'],
  });
  const appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
  return { memberId: org.ids.member, token: { member: org.tokens.member, appAdmin } };
}

/**
 * The activity rows ingestion writes for a member, whatever the kind of recording: the member's
 * active days, their organisation's days, and their last activity.
 */
export async function memberActivityRows(db: Database, orgId: string, accountId: string) {
  return {
    activeDays: await db
      .select({ day: memberActiveDays.day })
      .from(memberActiveDays)
      .where(and(eq(memberActiveDays.orgId, orgId), eq(memberActiveDays.accountId, accountId)))
      .orderBy(asc(memberActiveDays.day)),
    orgDays: await db
      .select()
      .from(orgDailyActivity)
      .where(eq(orgDailyActivity.orgId, orgId))
      .orderBy(asc(orgDailyActivity.day)),
    lastActivity: await db
      .select({ at: orgMemberships.lastActivityAt, type: orgMemberships.lastActivityType })
      .from(orgMemberships)
      .where(and(eq(orgMemberships.orgId, orgId), eq(orgMemberships.accountId, accountId))),
  };
}
