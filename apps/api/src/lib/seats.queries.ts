import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { payerChanges } from '../db/schema/billing.ts';
import { orgMemberships, organisations } from '../db/schema/organisations.ts';
import { memberActiveDays } from '../db/schema/rollups.ts';
import { periodContaining, type BillingPeriod } from './billing-period.ts';

/**
 * The one seat count (decision 0025), used by invoicing and by the users page's figures: the
 * members the organisation paid for on at least one day of the period on which they recorded a
 * reading or a session (member_active_days, days of the organisation's calendar). A lifetime
 * membership is never a seat: it counts as paying for itself.
 *
 * The payer of a day is the payer before the first change after that day, else the membership's
 * payer now (user when it is a lifetime one). Every change of payer and every removal leaves a
 * change behind (recordPayerChange), so a member removed during the period still counts for the
 * days the organisation paid before the removal, and a member removed and added again is paid for
 * by each membership on its own days.
 */
export async function countSeats(
  db: Database,
  orgId: string,
  period: Pick<BillingPeriod, 'start' | 'end'>,
): Promise<number> {
  const payerThatDay = sql`coalesce(
    (select ${payerChanges.payerBefore} from ${payerChanges}
      where ${payerChanges.orgId} = ${memberActiveDays.orgId}
        and ${payerChanges.accountId} = ${memberActiveDays.accountId}
        and ${payerChanges.changedOn} > ${memberActiveDays.day}
      order by ${payerChanges.changedOn}, ${payerChanges.createdAt}, ${payerChanges.id} limit 1),
    case when ${orgMemberships.lifetime} then 'user' else ${orgMemberships.payer} end)`;
  const [row] = await db
    .select({ seats: sql<number>`count(distinct ${memberActiveDays.accountId})::int` })
    .from(memberActiveDays)
    .leftJoin(
      orgMemberships,
      and(
        eq(orgMemberships.orgId, memberActiveDays.orgId),
        eq(orgMemberships.accountId, memberActiveDays.accountId),
      ),
    )
    .where(
      and(
        eq(memberActiveDays.orgId, orgId),
        gte(memberActiveDays.day, period.start),
        lt(memberActiveDays.day, period.end),
        sql`${payerThatDay} = 'org'`,
      ),
    );
  return Number(row?.seats ?? 0);
}

/** The organisation's calendar day at `now`, in its time zone (the database's rules). */
export const orgDay = (now: Date) =>
  sql<string>`(${now.toISOString()}::timestamptz at time zone ${organisations.timeZone})::date`;

/** The billing period the organisation is in at `now` and its seats so far. */
export async function currentSeats(
  db: Database,
  orgId: string,
  now: Date,
): Promise<{ period: BillingPeriod; seats: number }> {
  const [org] = await db
    .select({
      billingStart: organisations.billingStartDate,
      today: sql<string>`to_char(${orgDay(now)}, 'YYYY-MM-DD')`,
    })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!org) throw new Error(`organisation ${orgId} not found`);
  const period = periodContaining(org.billingStart, org.today);
  return { period, seats: await countSeats(db, orgId, period) };
}

/** Who pays a membership's seat as billing sees it: a lifetime membership pays for itself. */
export const seatPayer = (membership: { payer: 'org' | 'user'; lifetime: boolean }) =>
  membership.lifetime ? 'user' : membership.payer;

/**
 * Records that the member's seat is paid by `after` from the organisation's today (`now` in its
 * time zone) on: that day belongs to the new payer. Call it in the transaction that changes the
 * payer, and in the one that removes a member (`before` the payer it had, `seatPayer`; `after`
 * 'user'), so the days before the removal keep their payer whatever a later membership has.
 */
export async function recordPayerChange(
  db: Database,
  change: { orgId: string; accountId: string; before: 'org' | 'user'; after: 'org' | 'user' },
  now: Date,
): Promise<void> {
  await db.insert(payerChanges).values({
    orgId: change.orgId,
    accountId: change.accountId,
    changedOn: sql`(select ${orgDay(now)} from ${organisations} where ${organisations.id} = ${change.orgId})`,
    payerBefore: change.before,
    payerAfter: change.after,
    // created_at stays the database's time: it orders two changes of one day even when `now` is
    // a fixed clock.
  });
}
