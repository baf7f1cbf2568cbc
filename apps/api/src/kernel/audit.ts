import type { Database } from '../db/client.ts';
import { insertAuditRow, insertAuditRows } from './audit.queries.ts';

/**
 * Every action the audit log records, with the type of record it targets. One list, so a stored
 * name cannot drift from its siblings and a new action is a deliberate addition (audit.test.ts).
 */
export const AUDIT_ACTIONS = {
  'account.sign-up': 'account',
  'account.identity-link': 'account',
  'account.identity-unlink': 'account',
  'account.sign-in': 'account',
  'account.sign-in-failed': 'account',
  'account.sign-out': 'account',
  'account.email-verified': 'account',
  'account.email-released': 'account',
  'account.password-change': 'account',
  'account.password-reset-request': 'account',
  'account.password-reset': 'account',
  'account.mfa-enrol': 'account',
  'account.mfa-disable': 'account',
  'account.mfa-use': 'account',
  'account.mfa-recovery-use': 'account',
  'account.mfa-failed': 'account',
  'account.session-revoke': 'account',
  'account.sessions-revoke-all': 'account',
  'account.session-replay': 'account',
  'account.app-admin-adopt': 'account',
  'account.email-change-request': 'account',
  'account.email-change': 'account',
  'account.export': 'account',
  'account.delete': 'account',
  'account.api-token-create': 'account',
  'account.api-token-revoke': 'account',
  'health-data.read': 'account',
  'health-data.export': 'account',
  'billing.update-email': 'organization',
  'billing.attach-method': 'payment-method',
  'billing.set-default-method': 'payment-method',
  'billing.clear-default-method': 'payment-method',
  'billing.remove-method': 'payment-method',
  'billing.invoice-paid': 'invoice',
  'demo-org.refresh': 'organization',
  'group.create': 'group',
  'group.rename': 'group',
  'group.delete': 'group',
  'group.admin.add': 'group',
  'group.admin.remove': 'group',
  'group.participants.add': 'group',
  'group.participants.remove': 'group',
  'invitation.create': 'invitation',
  'invitation.resend': 'invitation',
  'invitation.accept': 'invitation',
  'invitation.reject': 'invitation',
  'lifetime-claim.issue': 'lifetime-claim',
  'lifetime-claim.claim': 'lifetime-claim',
  'org-admin.add': 'account',
  'org-admin.remove': 'account',
  'org-user.create': 'account',
  'org-user.add-existing': 'account',
  'org-user.update': 'account',
  'org-user.remove': 'account',
  'org-user.change-payer': 'account',
  'org-user.leave': 'account',
  'reading.update': 'reading',
  'reading.delete': 'reading',
  'hrv-session.update': 'hrv-session',
  'hrv-session.delete': 'hrv-session',
  'org-users.import': 'organization',
  'organization.create': 'organization',
  'organization.rename': 'organization',
  'organization.delete': 'organization',
  'organization.require-admin-mfa': 'organization',
} as const satisfies Record<string, AuditTargetType>;

export const AUDIT_TARGET_TYPES = [
  'account',
  'group',
  'invitation',
  'invoice',
  'lifetime-claim',
  'organization',
  'payment-method',
  'reading',
  'hrv-session',
] as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * Who acted, in which organisation and from where: a request's scope as it is, or a small explicit
 * form where there is no caller in an organisation (a sign-up, a payment without a session).
 * `orgId` null files the action as platform-level.
 */
export type AuditActor = { orgId: string | null; accountId: string | null; ip?: string | null };

/**
 * Appends to the audit log the action on the record `targetId` (of the action's target type); pass
 * the transaction when the change itself runs in one. `targetId` is null only when there is no
 * such record (a sign-in attempt for an email no account holds).
 */
export async function audit(
  tx: Database,
  actor: AuditActor,
  action: AuditAction,
  targetId: string | null,
  details?: Record<string, unknown>,
): Promise<void> {
  await insertAuditRow(tx, {
    orgId: actor.orgId,
    actorAccountId: actor.accountId,
    action,
    targetType: AUDIT_ACTIONS[action],
    targetId,
    details,
    ip: actor.ip ?? null,
  });
}

/**
 * Appends the same action on each of `targetIds` (one row each) in one statement: an action on
 * many records at once, such as a download of many members' health data.
 */
export async function auditEach(
  tx: Database,
  actor: AuditActor,
  action: AuditAction,
  targetIds: readonly string[],
  details?: Record<string, unknown>,
): Promise<void> {
  if (targetIds.length === 0) return;
  const row = {
    orgId: actor.orgId,
    actorAccountId: actor.accountId,
    action,
    targetType: AUDIT_ACTIONS[action],
    details,
    ip: actor.ip ?? null,
  };
  await insertAuditRows(tx, row, targetIds);
}
