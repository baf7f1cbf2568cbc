import type { Database } from '../src/db/client.ts';
import { seedDemoInvitations } from '../src/demo/demo-invitations.ts';
import { seedDemoOrg } from '../src/demo/demo-org.ts';
import { seedDemoRecordings } from '../src/demo/demo-recordings.ts';

/**
 * What an earlier version left when its first start was killed during the seed: Demo Org, its
 * accounts and invitations, and the recordings stored until then, each committed on its own and
 * without the seeded mark. Returns the partial organisation's id.
 */
export async function seedPartialDemoAsEarlierVersions(
  db: Database,
  password: string,
  now: Date,
): Promise<string> {
  const orgId = await seedDemoOrg(db, password);
  await seedDemoInvitations(db, orgId, now);
  const killed = new AbortController();
  await seedDemoRecordings(db, orgId, now, {
    progress: (message) => {
      if (message.startsWith('Seeding')) setTimeout(() => killed.abort(), 300);
    },
    signal: killed.signal,
  }).catch((error: unknown) => {
    if (!killed.signal.aborted) throw error;
  });
  return orgId;
}
