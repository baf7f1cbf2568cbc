import type { Database } from '../db/client.ts';
import { recordPayerChange, seatPayer } from '../lib/seats.queries.ts';
import { deleteOrgMembership, type MembershipRef } from './org-membership.queries.ts';

/**
 * Ends an account's membership of an organisation, as an admin's removal and the member's own
 * leaving both do: the org membership and its group memberships go (the dashboards, which count
 * the members of org_memberships, stop counting them at once); the account and its recordings
 * stay. Run it inside the caller's transaction. Returns the ended membership, or null when there
 * was none.
 */
export async function endOrgMembership(tx: Database, ref: MembershipRef, now: Date) {
  const ended = await deleteOrgMembership(tx, ref);
  // The days before today keep the payer they had, whoever pays a later membership
  // (lib/seats.queries.ts).
  if (ended) {
    await recordPayerChange(tx, { ...ref, before: seatPayer(ended), after: 'user' }, now);
  }
  return ended;
}
