import type { Database } from '../../db/client.ts';
import { audit } from '../../kernel/audit.ts';
import { findAccountByEmail, insertAccount } from '../../kernel/accounts.queries.ts';
import {
  isEarlierServersAppAdmin,
  markAppAdmin,
  markedAppAdminCount,
  setPasswordHash,
} from './auth.queries.ts';
import { generatePassword, hashPassword } from '../../lib/crypto.ts';

/** Why a start stops when the address is someone else's account. */
function heldByAnother(email: string): Error {
  return new Error(
    `APP_ADMIN_EMAIL ${email} is held by an account the server did not create as the app ` +
      'admin (someone signed up or was added with it). The server does not hand that account ' +
      'the platform: set APP_ADMIN_EMAIL to an address no account holds, or remove that account.',
  );
}

/**
 * Makes sure the app admin account exists: the account the server created for APP_ADMIN_EMAIL,
 * marked `is_app_admin` with its email proven, and the only one marked (a changed APP_ADMIN_EMAIL
 * moves the platform to the new address). An account someone else made with that address is never
 * adopted: the start refuses. Once only, an install from before the mark adopts the account an
 * earlier server made (App Admin, no gender or birth date, in no organisation) while none is
 * marked, and records it. A configured password is (re)applied on every start; with none, a
 * generated one is set on first start and returned so the caller can print it once.
 */
export async function ensureAppAdmin(
  db: Database,
  email: string,
  configuredPassword: string | undefined,
): Promise<{ generatedPassword: string | null }> {
  const existing = await findAccountByEmail(db, email);
  if (existing) {
    if (!existing.isAppAdmin) await adoptEarlierAppAdmin(db, existing.id, email);
    if (configuredPassword)
      await setPasswordHash(db, existing.id, await hashPassword(configuredPassword));
    return { generatedPassword: null };
  }
  const password = configuredPassword ?? generatePassword();
  const accountId = await insertAccount(db, {
    email,
    passwordHash: await hashPassword(password),
    firstName: 'App',
    lastName: 'Admin',
    gender: null,
    birthDate: null,
    // The operator chose this address in the configuration: it is the app admin's by definition.
    emailVerifiedAt: new Date(),
  });
  if (!accountId) throw heldByAnother(email);
  await markAppAdmin(db, accountId, new Date());
  return { generatedPassword: configuredPassword ? null : password };
}

/** The one-time upgrade rule of ensureAppAdmin, or the refusal. */
async function adoptEarlierAppAdmin(db: Database, accountId: string, email: string) {
  const adoptable =
    (await markedAppAdminCount(db)) === 0 && (await isEarlierServersAppAdmin(db, accountId));
  if (!adoptable) throw heldByAnother(email);
  await markAppAdmin(db, accountId, new Date());
  await audit(db, { orgId: null, accountId: null }, 'account.app-admin-adopt', accountId, {
    email,
  });
}
