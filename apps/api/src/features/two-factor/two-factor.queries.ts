import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, accountTokens, recoveryCodes } from '../../db/schema/accounts.ts';
import { organisations } from '../../db/schema/organisations.ts';

/** What the second factor's rules read of an account. */
export async function findFactorAccount(db: Database, accountId: string) {
  const [row] = await db
    .select({
      email: accounts.email,
      passwordHash: accounts.passwordHash,
      totpSecret: accounts.totpSecret,
      totpEnabledAt: accounts.totpEnabledAt,
      totpLastStep: accounts.totpLastStep,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new Error(`Account ${accountId} not found`);
  return row;
}

export type FactorAccount = Awaited<ReturnType<typeof findFactorAccount>>;

/** Keeps a new secret pending (not in force); false when TOTP is already on. */
export async function storePendingSecret(db: Database, accountId: string, secret: string) {
  const rows = await db
    .update(accounts)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(accounts.id, accountId), isNull(accounts.totpEnabledAt)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/**
 * Records `step` as the last accepted one, only when it is later than the last: of two requests
 * with the same code, one wins. False when the step was already taken.
 */
export async function acceptStep(db: Database, accountId: string, step: number) {
  const rows = await db
    .update(accounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(accounts.id, accountId),
        isNotNull(accounts.totpSecret),
        or(isNull(accounts.totpLastStep), lt(accounts.totpLastStep, step)),
      ),
    )
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** Puts the pending secret in force; false when it was not pending any more. */
export async function enableTotp(db: Database, accountId: string, at: Date) {
  const rows = await db
    .update(accounts)
    .set({ totpEnabledAt: at })
    .where(
      and(
        eq(accounts.id, accountId),
        isNull(accounts.totpEnabledAt),
        isNotNull(accounts.totpSecret),
      ),
    )
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** Turns TOTP off: the secret and every recovery code go. */
export async function removeTotp(db: Database, accountId: string) {
  await db
    .update(accounts)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(accounts.id, accountId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
}

/** Replaces the account's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Database, accountId: string, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ accountId, codeHash })));
}

/** Spends an unused recovery code of the account, once; false when it has none of that hash. */
export async function spendRecoveryCode(
  db: Database,
  accountId: string,
  codeHash: string,
  at: Date,
) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(recoveryCodes.accountId, accountId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Database, accountId: string) {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** The live sign-in challenge of a token hash, unspent: a wrong code leaves it to try again. */
export async function findLiveChallenge(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, 'mfa-challenge'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Counts a wrong code against a challenge; at the last allowed one it is used up. */
export async function recordChallengeFailure(
  db: Database,
  id: string,
  payload: Record<string, unknown>,
  spent: Date | null,
) {
  await db.update(accountTokens).set({ payload, usedAt: spent }).where(eq(accountTokens.id, id));
}

/** Whether the organisation requires a second factor of its admins. */
export async function findAdminMfaPolicy(db: Database, orgId: string) {
  const [row] = await db
    .select({ requireAdminMfa: organisations.requireAdminMfa })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return row ?? null;
}

export async function storeAdminMfaPolicy(db: Database, orgId: string, required: boolean) {
  await db
    .update(organisations)
    .set({ requireAdminMfa: required })
    .where(eq(organisations.id, orgId));
}
