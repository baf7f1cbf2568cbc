import type { Gender } from '@resonant/contracts/profile';
import type { Database } from '../../db/client.ts';
import {
  accountIdsByEmail,
  createAccountsByEmail,
  refuseUnproven,
} from '../../lib/accounts-by-email.queries.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { insertGroupMembershipsIfAbsent, insertNewMemberships } from './org-users.queries.ts';

/** A person to put in the organisation, already checked by the Add User rules. */
export type EnrolRow = {
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  birthDate: string;
  /** Only used when a new account is created; an existing account keeps its own. */
  password: string | null;
  /** Groups of the org to join, the Default group among them. */
  groupIds: string[];
};

/**
 * `created`: a new account joined; `added`: an existing account joined; `already-member`: it was
 * in the organisation already and nothing changed (a re-upload or a double click adds nothing).
 */
export type EnrolOutcome = { status: 'created' | 'added' | 'already-member'; accountId: string };

// argon2id takes tens of milliseconds and runs on libuv's pool (4 threads by default).
const HASH_CONCURRENCY = 4;

async function hashAll(passwords: (string | null)[]): Promise<(string | null)[]> {
  const hashes: (string | null)[] = new Array(passwords.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const index = next++;
      const password = passwords[index];
      if (password) hashes[index] = await hashPassword(password);
    }
  };
  await Promise.all(Array.from({ length: HASH_CONCURRENCY }, worker));
  return hashes;
}

/**
 * Puts a batch of people (distinct emails, lower-cased) into the organisation in one transaction:
 * creates the accounts that do not exist (argon2id hash, profile), then the org memberships and
 * their group memberships. The unique indexes decide every race, so running the same batch twice,
 * even at the same time, creates nothing twice.
 */
export async function enrolUsers(
  db: Database,
  orgId: string,
  rows: readonly EnrolRow[],
): Promise<EnrolOutcome[]> {
  const emails = rows.map((row) => row.email);
  const existing = await accountIdsByEmail(db, emails);
  const fresh = rows.filter((row) => !existing.has(row.email));
  // Hashed before the transaction, so a slow batch of passwords holds no locks.
  const hashes = await hashAll(fresh.map((row) => row.password));

  return db.transaction(async (tx) => {
    // An account created by someone else since the lookup joins like any existing one.
    const { ids, created, unproven } = await createAccountsByEmail(
      tx,
      fresh.map((row, index) => ({
        email: row.email,
        passwordHash: hashes[index] ?? null,
        firstName: row.firstName,
        lastName: row.lastName,
        gender: row.gender,
        birthDate: row.birthDate,
      })),
    );
    const accountIds = new Map([...existing, ...ids]);

    const newMembers = await insertNewMemberships(
      tx,
      { orgId },
      rows.map((row) => accountIds.get(row.email)!),
    );
    // Only the organisation's own members may be held unproven (a re-upload): the transaction ends.
    refuseUnproven(
      rows.filter((row) => newMembers.has(accountIds.get(row.email)!)).map((row) => row.email),
      unproven,
    );

    const groupRows = rows.flatMap((row) => {
      const accountId = accountIds.get(row.email)!;
      if (!newMembers.has(accountId)) return [];
      return [...new Set(row.groupIds)].map((groupId) => ({ orgId, groupId, accountId }));
    });
    await insertGroupMembershipsIfAbsent(tx, groupRows);

    return rows.map((row): EnrolOutcome => {
      const accountId = accountIds.get(row.email)!;
      if (!newMembers.has(accountId)) return { status: 'already-member', accountId };
      return { status: created.has(row.email) ? 'created' : 'added', accountId };
    });
  });
}
