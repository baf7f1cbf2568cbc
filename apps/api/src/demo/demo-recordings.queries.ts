import { and, eq, inArray, isNull, like, max } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';
import { hrvSessions } from '../db/schema/hrv-sessions.ts';
import { orgMemberships, organisations } from '../db/schema/organisations.ts';
import { readings, tags } from '../db/schema/readings.ts';
import type { DemoMember } from './demo-recordings.ts';

/** The columns of a DemoMember (select from org memberships joined with accounts and profiles). */
export const demoMemberColumns = {
  accountId: accounts.id,
  email: accounts.email,
  gender: profiles.gender,
  birthDate: profiles.birthDate,
};

/** The organisation's members (only those of these emails, when given), by email. */
export async function findDemoMembers(
  db: Database,
  orgId: string,
  emails?: readonly string[],
): Promise<DemoMember[]> {
  const ofOrg = eq(orgMemberships.orgId, orgId);
  return db
    .select(demoMemberColumns)
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(emails ? and(ofOrg, inArray(accounts.email, [...emails])) : ofOrg)
    .orderBy(accounts.email);
}

/** The platform-wide tags, which demo readings are sometimes tagged with. */
export async function platformTagIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: tags.id }).from(tags).where(isNull(tags.orgId));
  return rows.map((tag) => tag.id);
}

/** When the demo organisation's seeding committed; null when it is not a seeded demo. */
export async function findDemoSeededAt(db: Database, orgId: string): Promise<Date | null> {
  const [org] = await db
    .select({ seededAt: organisations.demoSeededAt })
    .from(organisations)
    .where(and(eq(organisations.id, orgId), eq(organisations.isDemo, true)));
  return org?.seededAt ?? null;
}

/** When the member's latest recording with a client id starting `prefix` was taken. */
export async function latestRecordingAtWithPrefix(
  db: Database,
  scope: { orgId: string; accountId: string },
  prefix: string,
): Promise<Date | null> {
  const generated = (clientId: typeof readings.clientId | typeof hrvSessions.clientId) =>
    like(clientId, `${prefix}%`);
  const [reading] = await db
    .select({ at: max(readings.takenAt) })
    .from(readings)
    .where(
      and(
        eq(readings.orgId, scope.orgId),
        eq(readings.accountId, scope.accountId),
        generated(readings.clientId),
      ),
    );
  const [session] = await db
    .select({ at: max(hrvSessions.startedAt) })
    .from(hrvSessions)
    .where(
      and(
        eq(hrvSessions.orgId, scope.orgId),
        eq(hrvSessions.accountId, scope.accountId),
        generated(hrvSessions.clientId),
      ),
    );
  const times = [reading?.at, session?.at].filter((at): at is Date => at instanceof Date);
  return times.length ? new Date(Math.max(...times.map((at) => at.getTime()))) : null;
}

/** Which of these client ids the account has stored already, as a reading or a session. */
export async function storedClientIds(
  db: Database,
  accountId: string,
  clientIds: string[],
): Promise<Set<string>> {
  if (clientIds.length === 0) return new Set();
  const storedReadings = await db
    .select({ clientId: readings.clientId })
    .from(readings)
    .where(and(eq(readings.accountId, accountId), inArray(readings.clientId, clientIds)));
  const storedSessions = await db
    .select({ clientId: hrvSessions.clientId })
    .from(hrvSessions)
    .where(and(eq(hrvSessions.accountId, accountId), inArray(hrvSessions.clientId, clientIds)));
  return new Set([...storedReadings, ...storedSessions].map((row) => row.clientId));
}
