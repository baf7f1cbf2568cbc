import type { Database } from '../db/client.ts';
import { lockForTransaction } from '../lib/advisory-lock.queries.ts';
import { seedDemoBilling, type DemoBillingOptions } from './demo-billing.ts';
import { seedDemoInvitations } from './demo-invitations.ts';
import { removeDemoOrg, seedDemoOrg } from './demo-org.ts';
import { findDemoOrg, markDemoSeeded } from './demo.queries.ts';
import {
  seedDemoRecordings,
  type DemoRecordingsOptions,
  type DemoRecordingsSummary,
} from './demo-recordings.ts';

export type EnsureDemoOptions = DemoRecordingsOptions & {
  password: string;
  now: Date;
  /**
   * The links and seat price of the demo's invoices (the server's PUBLIC_URL and
   * SEAT_PRICE_CENTS); without it the demo has no billing history (with Stripe configured, and
   * tests of the rest of it).
   */
  billing?: DemoBillingOptions;
};

/**
 * Makes sure the demo is whole: Demo Org with its accounts, memberships, invitation history,
 * eight months of recordings and their invoices, seeded in one transaction that ends by marking it
 * seeded, so a start killed or stopped half-way leaves nothing and the next start seeds it again. A demo organisation
 * without that mark (left partial by an earlier version) is removed with its accounts and seeded
 * anew. Returns what was seeded, or null when the demo was whole already.
 */
export async function ensureDemo(
  db: Database,
  { password, now, billing, progress, signal }: EnsureDemoOptions,
): Promise<DemoRecordingsSummary | null> {
  return db.transaction(async (tx) => {
    // Servers starting together on one PostgreSQL database seed it once: the others wait here.
    await lockForTransaction(tx, 'resonant.demo-seed');
    const existing = await findDemoOrg(tx);
    if (existing?.seededAt) return null;
    if (existing) {
      progress?.('Removing the partial demo left by an interrupted start…');
      await removeDemoOrg(tx, existing.id);
    }
    const orgId = await seedDemoOrg(tx, password);
    await seedDemoInvitations(tx, orgId, now);
    const summary = await seedDemoRecordings(tx, orgId, now, { progress, signal });
    // After the recordings: the invoices count the members active in each month.
    if (billing) await seedDemoBilling(tx, orgId, now, billing);
    await markDemoSeeded(tx, orgId, now);
    return summary;
  });
}
