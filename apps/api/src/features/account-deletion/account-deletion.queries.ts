import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, accountTokens, sessions } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { invitations, lifetimeClaims } from '../../db/schema/invitations.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { groupMemberships, orgMemberships, organisations } from '../../db/schema/organisations.ts';
import { pendingSocialSignUps } from '../../db/schema/social-sign-in.ts';

/** The account as re-authentication needs it: its address, password hash and this session's start. */
export async function findAccountToDelete(db: Database, accountId: string, sessionId: string) {
  const [row] = await db
    .select({
      email: accounts.email,
      passwordHash: accounts.passwordHash,
      signedInAt: sessions.createdAt,
    })
    .from(accounts)
    .innerJoin(sessions, and(eq(sessions.accountId, accounts.id), eq(sessions.id, sessionId)))
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

/**
 * The organisations the account is the only org admin of, by name. Their rows are locked first
 * (FOR UPDATE) so two last admins deleting at once cannot both see the other still there.
 */
export async function organisationsLeftWithoutAdmin(tx: Database, accountId: string) {
  const adminOf = tx
    .select({ orgId: orgMemberships.orgId })
    .from(orgMemberships)
    .where(and(eq(orgMemberships.accountId, accountId), eq(orgMemberships.role, 'admin')));
  const locked = await tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.id, adminOf))
    .orderBy(organisations.id)
    .for('update');
  if (locked.length === 0) return [];
  const others = await tx
    .select({ orgId: orgMemberships.orgId })
    .from(orgMemberships)
    .where(
      and(
        inArray(
          orgMemberships.orgId,
          locked.map((org) => org.id),
        ),
        eq(orgMemberships.role, 'admin'),
        ne(orgMemberships.accountId, accountId),
      ),
    );
  const staffed = new Set(others.map((row) => row.orgId));
  return locked.filter((org) => !staffed.has(org.id));
}

/** Ends the account's memberships of organisations and their groups; returns what each was. */
export async function deleteMemberships(tx: Database, accountId: string) {
  const ended = await tx
    .delete(orgMemberships)
    .where(eq(orgMemberships.accountId, accountId))
    .returning({
      orgId: orgMemberships.orgId,
      role: orgMemberships.role,
      payer: orgMemberships.payer,
      isExternal: orgMemberships.isExternal,
    });
  await tx.delete(groupMemberships).where(eq(groupMemberships.accountId, accountId));
  return ended;
}

/**
 * Replaces the account in the audit log by `pseudonym`: as actor (the pseudonym, no id and no
 * address of the device), as target, and wherever its id or address appears in the details.
 */
export async function pseudonymiseAuditRows(
  tx: Database,
  account: { id: string; email: string },
  pseudonym: string,
) {
  await tx
    .update(auditLog)
    .set({ actorAccountId: null, actorPseudonym: pseudonym, ip: null })
    .where(eq(auditLog.actorAccountId, account.id));
  await tx.update(auditLog).set({ targetId: pseudonym }).where(eq(auditLog.targetId, account.id));
  // strpos, not LIKE: an address may hold LIKE's wildcards (_ and %).
  const detailsText = sql`${auditLog.details}::text`;
  await tx
    .update(auditLog)
    .set({
      details: sql`replace(replace(${detailsText}, ${account.id}, ${pseudonym}), ${account.email}, ${pseudonym})::jsonb`,
    })
    .where(
      or(
        sql`strpos(${detailsText}, ${account.id}) > 0`,
        sql`strpos(${detailsText}, ${account.email}) > 0`,
      ),
    );
}

/**
 * Deletes the rows that name the account by its address or in a payload rather than by a foreign
 * key: invitations to it, lifetime claims for it, single-use tokens mailed to it, a pending social
 * sign-up, the mails sent to it and the jobs that would send or handle them.
 */
export async function deleteRowsNamingAccount(
  tx: Database,
  account: { id: string; email: string },
) {
  const email = account.email;
  await tx
    .delete(invitations)
    .where(
      or(
        sql`lower(${invitations.email}) = ${email}`,
        eq(invitations.acceptedByAccountId, account.id),
      ),
    );
  await tx
    .delete(lifetimeClaims)
    .where(
      or(
        sql`lower(${lifetimeClaims.email}) = ${email}`,
        eq(lifetimeClaims.claimedByAccountId, account.id),
      ),
    );
  await tx
    .delete(accountTokens)
    .where(
      or(eq(accountTokens.accountId, account.id), sql`lower(${accountTokens.email}) = ${email}`),
    );
  await tx.delete(pendingSocialSignUps).where(sql`lower(${pendingSocialSignUps.email}) = ${email}`);
  await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = ${email}`);
  const payload = sql`lower(${jobs.payload}::text)`;
  await tx
    .delete(jobs)
    .where(or(sql`strpos(${payload}, ${account.id}) > 0`, sql`strpos(${payload}, ${email}) > 0`));
}

/**
 * Deletes the account; its foreign keys take the rest with it in the same statement: profile,
 * identities, sessions and spent refresh tokens, recovery codes, personal API tokens, readings and
 * sessions with their tags and minutes, rollups, active days and payer changes.
 */
export async function deleteAccountRow(tx: Database, accountId: string) {
  await tx.delete(accounts).where(eq(accounts.id, accountId));
}
