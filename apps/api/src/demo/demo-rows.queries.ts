import { randomUUID } from 'node:crypto';
import type { Gender } from '@resonant/contracts/profile';
import type { Database } from '../db/client.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';
import {
  groupMemberships,
  groups,
  orgMemberships,
  organisations,
} from '../db/schema/organisations.ts';
import { hashPassword } from '../lib/crypto.ts';

/*
 * Plain row builders: an account with its profile, an organisation with its Default group, a
 * group, a membership. The demo seed builds its organisation with them, and the tests' factories
 * (apps/api/test/factories.ts) hand them out to the tests.
 */

// Hashing is deliberately slow; the rows reuse one hash per distinct password.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string) {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export type AccountInput = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  gender?: Gender;
  birthDate?: string;
  createdAt?: Date;
  /** False for an account that never proved its email; the demo's and tests' people have. */
  emailVerified?: boolean;
  /** Marks the platform's app admin (accounts.is_app_admin), as the server's start does. */
  isAppAdmin?: boolean;
};

/**
 * An account with a profile; the password defaults to 'Secret#123'. Its email counts as proven
 * (the demo's people, and tests' people, unless a test is about unproven accounts).
 */
export async function createAccount(db: Database, input: AccountInput = {}) {
  const email = (input.email ?? `user-${randomUUID()}@example.test`).toLowerCase();
  const password = input.password ?? 'Secret#123';
  const [account] = await db
    .insert(accounts)
    .values({
      email,
      passwordHash: await cachedHash(password),
      createdAt: input.createdAt,
      emailVerifiedAt: input.emailVerified === false ? null : (input.createdAt ?? new Date()),
      isAppAdmin: input.isAppAdmin ?? false,
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account not created');
  await db.insert(profiles).values({
    accountId: account.id,
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? 'User',
    gender: input.gender ?? 'Female',
    birthDate: input.birthDate ?? '1990-01-01',
  });
  return { id: account.id, email, password };
}

/** An organisation with its `Default` group. */
export async function createOrg(
  db: Database,
  input: { name?: string; isDemo?: boolean; timeZone?: string } = {},
) {
  const name = input.name ?? `Org ${randomUUID().slice(0, 8)}`;
  const [org] = await db
    .insert(organisations)
    .values({
      name,
      uniqueName: name.trim().replace(/\s+/g, '-'),
      isDemo: input.isDemo ?? false,
      timeZone: input.timeZone ?? 'UTC',
    })
    .returning({ id: organisations.id });
  if (!org) throw new Error('org not created');
  const defaultGroup = await createGroup(db, org.id, 'Default', true);
  return { id: org.id, name, defaultGroupId: defaultGroup.id };
}

export async function createGroup(db: Database, orgId: string, name: string, isDefault = false) {
  const [group] = await db
    .insert(groups)
    .values({ orgId, name, isDefault })
    .returning({ id: groups.id });
  if (!group) throw new Error('group not created');
  return { id: group.id, name };
}

export type MembershipInput = {
  orgAdmin?: boolean;
  payer?: 'org' | 'user';
  isExternal?: boolean;
  groups?: { groupId: string; isAdmin?: boolean }[];
};

/** Makes an account a member of an org (and of the given groups). */
export async function addMember(
  db: Database,
  orgId: string,
  accountId: string,
  input: MembershipInput = {},
) {
  await db.insert(orgMemberships).values({
    orgId,
    accountId,
    role: input.orgAdmin ? 'admin' : 'member',
    payer: input.payer ?? 'org',
    isExternal: input.isExternal ?? false,
  });
  for (const group of input.groups ?? []) {
    await db
      .insert(groupMemberships)
      .values({ orgId, groupId: group.groupId, accountId, isAdmin: group.isAdmin ?? false });
  }
}
