import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@resonant/contracts/organizations';
import type { OrgMember } from '@resonant/contracts/org-users';
import {
  adminSearchTerm,
  candidatesFromMembers,
  candidatesFromSearch,
} from './admin-candidates.ts';

const ORG = 'org-1';

const member = (id: string, overrides: Partial<OrgMember> = {}): OrgMember => ({
  user_id: id,
  first_name: 'Ada',
  last_name: id,
  email: `${id}@example.test`,
  org_id: ORG,
  is_admin: false,
  is_external: false,
  ...overrides,
});

const user = (id: string, orgIds: string[], orgName: string | null): AdminUser => ({
  user_id: id,
  first_name: 'Bo',
  last_name: id,
  email: `${id}@example.test`,
  org_id: orgIds[0] ?? null,
  org_name: orgName,
  org_ids: orgIds,
});

describe('adminSearchTerm', () => {
  it('searches from 3 characters after trimming', () => {
    expect(adminSearchTerm('')).toBeNull();
    expect(adminSearchTerm('  ab  ')).toBeNull();
    expect(adminSearchTerm(' abc ')).toBe('abc');
  });
});

describe('candidatesFromMembers', () => {
  it('offers the members who are not admins yet, in this organization', () => {
    const candidates = candidatesFromMembers(
      [member('a'), member('b', { is_admin: true }), member('c')],
      'Acme',
      new Set(['c']),
    );
    expect(candidates).toEqual([
      {
        userId: 'a',
        name: 'Ada a',
        email: 'a@example.test',
        organization: 'Acme',
        external: false,
      },
    ]);
  });
});

describe('candidatesFromSearch', () => {
  it('marks whoever is not a member as external and names their organization', () => {
    const candidates = candidatesFromSearch(
      [
        user('member', ['other', ORG], 'Other'),
        user('outsider', ['other'], 'Other'),
        user('busy', ['x', 'y', 'z'], 'Xeno'),
        user('solo', [], null),
        user('admin', [ORG], 'Acme'),
      ],
      ORG,
      'Acme',
      new Set(['admin']),
    );
    expect(candidates.map((c) => [c.userId, c.organization, c.external])).toEqual([
      ['member', 'Acme', false],
      ['outsider', 'Other', true],
      ['busy', 'Xeno +2 more', true],
      ['solo', 'No organization', true],
    ]);
  });
});
