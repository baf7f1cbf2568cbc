import { describe, expect, it } from 'vitest';
import { INVITE_ROLE_LABELS, INVITE_ROLES, type InviteRole } from './invitations.ts';
import {
  canInviteRole,
  invitationsModeOf,
  inviteRolesFor,
  requiredInviteIds,
  type InvitationsMode,
} from './invitations-policies.ts';
import { ROLES, type Role } from './roles.ts';

describe('invitationsModeOf', () => {
  const MODES: Record<Role, InvitationsMode | null> = {
    super: 'admin',
    org: 'org',
    group: 'group',
    user: null,
  };

  it('covers exactly the roles', () => {
    expect(Object.keys(MODES).sort()).toEqual([...ROLES].sort());
  });

  it.each(Object.entries(MODES))('%s -> %s', (role, mode) => {
    expect(invitationsModeOf(role as Role)).toBe(mode);
  });
});

// The mode x invited-role table (SPEC §5, §6): Y = may invite, - = refused.
// Columns:                                 org  group user
// prettier-ignore
const TABLE: Record<InvitationsMode, [string, string, string]> = {
  admin: ['Y', 'Y', 'Y'],
  org:   ['Y', 'Y', 'Y'],
  group: ['-', 'Y', 'Y'],
};
const TABLE_ROLES: InviteRole[] = ['org', 'group', 'user'];

describe('canInviteRole: mode x role table', () => {
  it('covers exactly the invite roles', () => {
    expect([...TABLE_ROLES].sort()).toEqual([...INVITE_ROLES].sort());
  });

  const cells = Object.entries(TABLE).flatMap(([mode, row]) =>
    TABLE_ROLES.map((role, index) => ({
      mode: mode as InvitationsMode,
      role,
      allowed: row[index] === 'Y',
    })),
  );
  it.each(cells)('$mode / $role -> $allowed', ({ mode, role, allowed }) => {
    expect(canInviteRole(mode, role)).toBe(allowed);
  });
});

describe('inviteRolesFor', () => {
  it('offers group admins no Organization Admin role, the others every role', () => {
    expect(inviteRolesFor('org')).toEqual(['org', 'group', 'user']);
    expect(inviteRolesFor('admin')).toEqual(['org', 'group', 'user']);
    expect(inviteRolesFor('group')).toEqual(['group', 'user']);
    expect(inviteRolesFor('group').map((role) => INVITE_ROLE_LABELS[role])).toEqual([
      'Group Admin',
      'Standard User',
    ]);
  });
});

describe('requiredInviteIds (SPEC §5 "Invite")', () => {
  it.each([
    ['admin', ['orgId', 'groupId']],
    ['org', ['groupId']],
    ['group', []],
  ] as const)('%s -> %o', (mode, ids) => {
    expect(requiredInviteIds(mode)).toEqual(ids);
  });
});
