import type { Database } from '../../db/client.ts';
import { findAccountByEmail, insertAccount } from '../../kernel/accounts.queries.ts';
import { setPasswordHash } from './auth.queries.ts';
import { generatePassword, hashPassword } from '../../lib/crypto.ts';

/**
 * Makes sure the app admin account exists. A configured password is (re)applied on every start; with
 * none, a generated one is set on first start and returned so the caller can print it once.
 */
export async function ensureAppAdmin(
  db: Database,
  email: string,
  configuredPassword: string | undefined,
): Promise<{ generatedPassword: string | null }> {
  const existing = await findAccountByEmail(db, email);
  if (existing) {
    if (configuredPassword)
      await setPasswordHash(db, existing.id, await hashPassword(configuredPassword));
    return { generatedPassword: null };
  }
  const password = configuredPassword ?? generatePassword();
  await insertAccount(db, {
    email,
    passwordHash: await hashPassword(password),
    firstName: 'App',
    lastName: 'Admin',
    gender: null,
    birthDate: null,
    // The operator chose this address in the configuration: it is the app admin's by definition.
    emailVerifiedAt: new Date(),
  });
  return { generatedPassword: configuredPassword ? null : password };
}
