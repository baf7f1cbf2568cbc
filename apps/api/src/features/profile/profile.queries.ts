import { eq } from 'drizzle-orm';
import type { UpdateProfileBody } from '@resonant/contracts/profile';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/accounts.ts';
import type { TenantScope } from '../../kernel/scope.ts';

/** Updates the caller's own profile; the scope's account is the only row it can touch. */
export async function updateOwnProfile(
  db: Database,
  scope: TenantScope,
  input: UpdateProfileBody,
  at: Date,
) {
  await db
    .update(profiles)
    .set({ ...input, updatedAt: at })
    .where(eq(profiles.accountId, scope.accountId));
}
