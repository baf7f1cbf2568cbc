import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ACCOUNT_DELETED_MESSAGE,
  FRESH_SIGN_IN_MINUTES,
  PASSWORD_REQUIRED_MESSAGE,
  SIGN_IN_AGAIN_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  lastAdminMessage,
  type DeleteAccountBody,
} from '@resonant/contracts/account-deletion';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../kernel/audit.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/http-error.ts';
import {
  deleteAccountRow,
  deleteMemberships,
  deleteRowsNamingAccount,
  findAccountToDelete,
  organisationsLeftWithoutAdmin,
  pseudonymiseAuditRows,
} from './account-deletion.queries.ts';

type Account = NonNullable<Awaited<ReturnType<typeof findAccountToDelete>>>;

/**
 * Proves the person is at the keyboard: the current password of an account with one; for an
 * account without one (social sign-in only), a sign-in of this session within the last
 * FRESH_SIGN_IN_MINUTES, as a social provider's own re-prompt is the only proof it has.
 */
async function reauthenticate(account: Account, password: string | undefined, now: Date) {
  if (account.passwordHash) {
    if (!password) throw badRequest(PASSWORD_REQUIRED_MESSAGE);
    if (!(await verifyPassword(account.passwordHash, password)))
      throw badRequest(WRONG_PASSWORD_MESSAGE);
    return;
  }
  const age = now.getTime() - account.signedInAt.getTime();
  if (age > FRESH_SIGN_IN_MINUTES * 60_000) throw forbidden(SIGN_IN_AGAIN_MESSAGE);
}

/** An opaque name standing for the deleted account in the audit log, the same on all its rows. */
const newPseudonym = () => `deleted-${randomBytes(8).toString('hex')}`;

/**
 * Deletes the caller's account and everything of it in one transaction, after re-authentication
 * (POST /api/v1/account/delete). The last org admin of an organisation is refused; each
 * organisation records the member as removed; the audit log keeps a pseudonym in their place.
 */
export async function deleteAccount(
  deps: AppDeps,
  scope: TenantScope,
  body: z.output<typeof DeleteAccountBody>,
): Promise<MessageResponse> {
  const found = await findAccountToDelete(deps.db, scope.accountId, scope.sessionId);
  if (!found) throw unauthorized();
  await reauthenticate(found, body.password, deps.clock());
  const account = { id: scope.accountId, email: found.email };
  const pseudonym = newPseudonym();
  await deps.db.transaction(async (tx) => {
    const orphaned = await organisationsLeftWithoutAdmin(tx, account.id);
    if (orphaned[0]) throw conflict(lastAdminMessage(orphaned[0].name));
    const actor = { accountId: account.id, ip: null };
    for (const ended of await deleteMemberships(tx, account.id)) {
      // What an admin's removal records, so the organisation's trail reads the same.
      await audit(tx, { ...actor, orgId: ended.orgId }, 'org-user.remove', account.id, {
        role: ended.role,
        payer: ended.payer,
        isExternal: ended.isExternal,
        reason: 'account-deleted',
      });
    }
    await audit(tx, { ...actor, orgId: null }, 'account.delete', account.id);
    // Last: the rows written above name the account too.
    await pseudonymiseAuditRows(tx, account, pseudonym);
    await deleteRowsNamingAccount(tx, account);
    await deleteAccountRow(tx, account.id);
  });
  return { message: ACCOUNT_DELETED_MESSAGE };
}
