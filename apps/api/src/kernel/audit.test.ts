import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit.ts';

// Stored names are read back by tests and by anyone querying the log: adding or renaming one
// should be a change made on purpose, here too.
describe('audit actions', () => {
  it('lists every action with the type of record it targets', () => {
    expect(AUDIT_ACTIONS).toEqual({
      'account.sign-up': 'account',
      'account.identity-link': 'account',
      'account.identity-unlink': 'account',
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
      'org-users.import': 'organization',
      'organization.create': 'organization',
      'organization.rename': 'organization',
      'organization.delete': 'organization',
    });
  });

  it('lists every target type, each one targeted by some action', () => {
    expect(AUDIT_TARGET_TYPES).toEqual([
      'account',
      'group',
      'invitation',
      'invoice',
      'lifetime-claim',
      'organization',
      'payment-method',
    ]);
    expect(new Set(Object.values(AUDIT_ACTIONS))).toEqual(new Set(AUDIT_TARGET_TYPES));
  });

  it('names actions as kebab-case <subject>.<verb>', () => {
    for (const action of Object.keys(AUDIT_ACTIONS)) {
      expect(action).toMatch(/^[a-z-]+(\.[a-z-]+)+$/);
    }
  });
});
