import { eq, sql } from 'drizzle-orm';
import { DEFAULT_GROUP_NAME } from '@resonant/contracts/groups';
import type { Gender } from '@resonant/contracts/profile';
import type { Database } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import { groups, organisations } from '../../db/schema/organisations.ts';
import { joinOrganisation } from '../../lib/join-organisation.ts';

export type NewOrganization = {
  name: string;
  uniqueName: string;
  admin: {
    email: string;
    /** Used only when no account has this email yet. */
    passwordHash: string;
    firstName: string;
    lastName: string;
    gender: Gender;
    birthDate: string;
  };
};

async function findAccountIdByEmail(db: Database, email: string): Promise<string | null> {
  const [found] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email.toLowerCase()));
  return found?.id ?? null;
}

/**
 * Creates the organisation, its Default group and its first admin in one transaction: a new
 * account with its profile, or the existing account with that email (an admin of several
 * organisations switches between them). The unique name index decides a race between two
 * creations.
 */
export async function insertOrganization(db: Database, input: NewOrganization) {
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organisations)
      .values({ name: input.name, uniqueName: input.uniqueName })
      .returning({ id: organisations.id });
    if (!org) throw new Error('organisation not created');
    const [defaultGroup] = await tx
      .insert(groups)
      .values({ orgId: org.id, name: DEFAULT_GROUP_NAME, isDefault: true })
      .returning({ id: groups.id });
    if (!defaultGroup) throw new Error('default group not created');

    let adminId = await findAccountIdByEmail(tx, input.admin.email);
    if (!adminId) {
      const [created] = await tx
        .insert(accounts)
        .values({ email: input.admin.email, passwordHash: input.admin.passwordHash })
        .returning({ id: accounts.id });
      if (!created) throw new Error('account not created');
      adminId = created.id;
      await tx.insert(profiles).values({
        accountId: adminId,
        firstName: input.admin.firstName,
        lastName: input.admin.lastName,
        gender: input.admin.gender,
        birthDate: input.admin.birthDate,
      });
    }
    await joinOrganisation(tx, { orgId: org.id, accountId: adminId, groupIds: [], orgAdmin: true });
    return { orgId: org.id, defaultGroupId: defaultGroup.id, adminId };
  });
}
