import type { Database } from '../../db/client.ts';
import { audit } from '../../kernel/audit.ts';
import { findIdentity, insertIdentity, type NewIdentity } from './social-sign-in.queries.ts';

/** Why an identity was not added: another account holds it, or this one has that provider. */
export type LinkRefusal = 'linked-elsewhere' | 'already-linked';

/**
 * Adds an identity to an account and audits it, in the caller's transaction. Already on this
 * account counts as linked; otherwise a unique index decides who was first, so two links racing
 * for the same identity or provider cannot both pass.
 */
export async function linkIdentity(
  tx: Database,
  identity: NewIdentity,
  ip: string,
): Promise<'linked' | LinkRefusal> {
  if (await insertIdentity(tx, identity)) {
    await audit(
      tx,
      { orgId: null, accountId: identity.accountId, ip },
      'account.identity-link',
      identity.accountId,
      { provider: identity.provider },
    );
    return 'linked';
  }
  const held = await findIdentity(tx, identity.issuer, identity.subject);
  if (held?.accountId === identity.accountId) return 'linked';
  return held ? 'linked-elsewhere' : 'already-linked';
}
