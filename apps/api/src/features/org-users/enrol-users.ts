import type { Gender } from '@resonant/contracts/profile';
import type { AppDeps } from '../../app-deps.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { inviteToOrganisation } from '../../kernel/org-invitations.ts';
import { memberEmails } from '../../kernel/org-invitations.queries.ts';
import { accountIdsByEmail, createAccountsByEmail } from '../../lib/accounts-by-email.queries.ts';
import { hashPassword } from '../../lib/crypto.ts';

/** What enrolling needs: the database, and the job worker that sends the invitations' mail. */
export type EnrolDeps = AppDeps & { jobs: JobWorker };

/** A person to put in the organisation, already checked by the Add User rules. */
export type EnrolRow = {
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  birthDate: string;
  /** Only used when a new account is created; an existing account keeps its own. */
  password: string | null;
  /** Groups of the org to join: the chosen one first, the Default group among them. */
  groupIds: string[];
};

/**
 * `invited`: the person was invited (whether or not the email has an account: the answer never
 * tells); `skipped`: a member already, or invited already (a re-upload or a double click sends
 * nothing twice).
 */
export type EnrolOutcome =
  { status: 'invited'; email: string; invitationId: string } | { status: 'skipped'; email: string };

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
 * Invites a batch of people (distinct emails, lower-cased) into the organisation in one
 * transaction. An email without an account gets one, with the profile and password typed and
 * `created_by_org_id`, which its person takes by signing in (kernel/org-invitations.ts); an
 * account that exists is never attached nor read. Members and emails already pending are skipped.
 */
export async function enrolUsers(
  deps: EnrolDeps,
  enrol: { orgId: string; invitedBy: string | null },
  rows: readonly EnrolRow[],
): Promise<EnrolOutcome[]> {
  const { orgId } = enrol;
  const emails = rows.map((row) => row.email);
  const existing = await accountIdsByEmail(deps.db, emails);
  const members = await memberEmails(deps.db, orgId, emails);
  const fresh = rows.filter((row) => !existing.has(row.email));
  // Hashed before the transaction, so a slow batch of passwords holds no locks; every row's,
  // so an address with an account takes as long to answer as one without.
  const hashes = new Map(
    (await hashAll(rows.map((row) => row.password))).map((hash, index) => [
      rows[index]!.email,
      hash,
    ]),
  );

  const outcomes = await deps.db.transaction(async (tx) => {
    // An account created by someone else since the lookup is left as it is, like any existing one.
    await createAccountsByEmail(
      tx,
      fresh.map((row) => ({
        email: row.email,
        passwordHash: hashes.get(row.email) ?? null,
        firstName: row.firstName,
        lastName: row.lastName,
        gender: row.gender,
        birthDate: row.birthDate,
        createdByOrgId: orgId,
      })),
    );
    const invitees = rows.filter((row) => !members.has(row.email));
    const invited = await inviteToOrganisation(tx, deps, {
      orgId,
      invitedBy: enrol.invitedBy,
      invitees: invitees.map((row) => ({ ...row, role: 'user' as const })),
    });
    return rows.map((row): EnrolOutcome => {
      const invitationId = invited.get(row.email);
      return invitationId
        ? { status: 'invited', email: row.email, invitationId }
        : { status: 'skipped', email: row.email };
    });
  });
  deps.jobs.kick();
  return outcomes;
}
