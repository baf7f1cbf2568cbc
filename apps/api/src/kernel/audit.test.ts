import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit.ts';

// Stored names are read back by tests and by anyone querying the log: adding or renaming one
// should be a change made on purpose, here too. Keys in AUDIT_TARGET_TYPES order.
const ACTIONS_BY_TARGET: Record<string, string[]> = {
  account: [
    'account.sign-up',
    'account.identity-link',
    'account.identity-unlink',
    'account.sign-in',
    'account.sign-in-failed',
    'account.sign-out',
    'account.email-verified',
    'account.email-released',
    'account.password-change',
    'account.password-reset-request',
    'account.password-reset',
    'account.mfa-enrol',
    'account.mfa-disable',
    'account.mfa-use',
    'account.mfa-recovery-use',
    'account.mfa-failed',
    'account.session-revoke',
    'account.sessions-revoke-all',
    'account.session-replay',
    'account.app-admin-adopt',
    'account.email-change-request',
    'account.email-change',
    'account.export',
    'account.delete',
    'account.api-token-create',
    'account.api-token-revoke',
    'health-data.read',
    'health-data.export',
    'org-admin.add',
    'org-admin.remove',
    'org-user.create',
    'org-user.add-existing',
    'org-user.update',
    'org-user.remove',
    'org-user.change-payer',
    'org-user.leave',
  ],
  group: [
    'group.create',
    'group.rename',
    'group.delete',
    'group.admin.add',
    'group.admin.remove',
    'group.participants.add',
    'group.participants.remove',
  ],
  invitation: ['invitation.create', 'invitation.resend', 'invitation.accept', 'invitation.reject'],
  invoice: ['billing.invoice-paid'],
  'lifetime-claim': ['lifetime-claim.issue', 'lifetime-claim.claim'],
  organization: [
    'billing.update-email',
    'demo-org.refresh',
    'org-users.import',
    'organization.create',
    'organization.rename',
    'organization.delete',
    'organization.require-admin-mfa',
  ],
  'payment-method': [
    'billing.attach-method',
    'billing.set-default-method',
    'billing.clear-default-method',
    'billing.remove-method',
  ],
  reading: ['reading.update', 'reading.delete'],
  'hrv-session': ['hrv-session.update', 'hrv-session.delete'],
};

describe('audit actions', () => {
  it('lists every action, by the type of record it targets', () => {
    const byTarget: Record<string, string[]> = {};
    for (const [action, target] of Object.entries(AUDIT_ACTIONS)) {
      (byTarget[target] ??= []).push(action);
    }
    expect(byTarget).toEqual(ACTIONS_BY_TARGET);
  });

  it('lists every target type, each one targeted by some action', () => {
    expect(AUDIT_TARGET_TYPES).toEqual(Object.keys(ACTIONS_BY_TARGET));
    expect(new Set(Object.values(AUDIT_ACTIONS))).toEqual(new Set(AUDIT_TARGET_TYPES));
  });

  it('names actions as kebab-case <subject>.<verb>', () => {
    for (const action of Object.keys(AUDIT_ACTIONS)) {
      expect(action).toMatch(/^[a-z-]+(\.[a-z-]+)+$/);
    }
  });
});
