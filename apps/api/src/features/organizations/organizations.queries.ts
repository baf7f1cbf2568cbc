import { DEFAULT_GROUP_NAME } from '@resonant/contracts/groups';
import type { Database } from '../../db/client.ts';
import { groups, organisations } from '../../db/schema/organisations.ts';
import { createAccountsByEmail, type NewAccount } from '../../lib/accounts-by-email.ts';
import { joinOrganisation } from '../../lib/join-organisation.ts';

export type NewOrganization = {
  name: string;
  uniqueName: string;
  /** The first admin: an existing account, or one to create (the account by then with its email). */
  admin: { accountId: string } | NewAccount;
};

/**
 * Creates the organisation, its Default group and its first admin; run it in the caller's
 * transaction. The admin is a new account with its profile, or the existing account with that
 * email (an admin of several organisations switches between them). The unique indexes decide a
 * race between two creations: of the same name (the caller's 409), of the same admin email.
 */
export async function insertOrganization(tx: Database, input: NewOrganization) {
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

  const adminId =
    'accountId' in input.admin
      ? input.admin.accountId
      : (await createAccountsByEmail(tx, [input.admin])).ids.get(input.admin.email);
  if (!adminId) throw new Error('admin account not created');
  await joinOrganisation(tx, { orgId: org.id, accountId: adminId, groupIds: [], orgAdmin: true });
  return { orgId: org.id, defaultGroupId: defaultGroup.id, adminId };
}
