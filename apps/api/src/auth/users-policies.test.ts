import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@resonant/contracts/roles';
import { usersScope } from '../features/org-users/users-scope.ts';
import {
  USERS_ACTIONS,
  canManageUsers,
  canRemoveUser,
  canSetOrgAdmin,
  usersModeOf,
  type UsersAction,
} from './policies.ts';

// The role x users-action table, written out by hand (SPEC §6): Y = allowed, - = refused.
// Columns:                   super org  group user
// prettier-ignore
const TABLE: Record<UsersAction, [string, string, string, string]> = {
  list:            ['-', 'Y', 'Y', '-'],
  add:             ['-', 'Y', 'Y', '-'],
  edit:            ['-', 'Y', 'Y', '-'],
  stats:           ['-', 'Y', '-', '-'],
  import:          ['-', 'Y', '-', '-'],
  remove:          ['-', 'Y', '-', '-'],
  'change-payer':  ['-', 'Y', '-', '-'],
  'read-groups':   ['-', 'Y', '-', '-'],
  'choose-groups': ['-', 'Y', '-', '-'],
  'set-admin':     ['-', 'Y', '-', '-'],
};
const TABLE_ROLES: Role[] = ['super', 'org', 'group', 'user'];

describe('canManageUsers: role x action table', () => {
  it('covers exactly the roles and the users actions', () => {
    expect([...TABLE_ROLES].sort()).toEqual([...ROLES].sort());
    expect(Object.keys(TABLE).sort()).toEqual([...USERS_ACTIONS].sort());
  });

  const cells = Object.entries(TABLE).flatMap(([action, row]) =>
    TABLE_ROLES.map((role, index) => ({
      role,
      action: action as UsersAction,
      allowed: row[index] === 'Y',
    })),
  );
  it.each(cells)('$role / $action -> $allowed', ({ role, action, allowed }) => {
    expect(canManageUsers(role, action)).toBe(allowed);
  });
});

describe('usersModeOf', () => {
  it.each([
    ['org', 'org'],
    ['group', 'group'],
    ['user', null],
    ['super', null],
  ] as const)('%s -> %s', (role, mode) => {
    expect(usersModeOf(role)).toBe(mode);
  });
});

describe('usersScope', () => {
  const caller = { accountId: 'me', orgId: 'org-1', groupId: 'group-1' };

  it('gives an org admin the whole organisation, even when a group is remembered', () => {
    expect(usersScope({ ...caller, role: 'org' }, 'import')).toEqual({
      mode: 'org',
      orgId: 'org-1',
      groupId: null,
      accountId: 'me',
    });
  });

  it('confines a group admin to the current group', () => {
    expect(usersScope({ ...caller, role: 'group' }, 'add')).toEqual({
      mode: 'group',
      orgId: 'org-1',
      groupId: 'group-1',
      accountId: 'me',
    });
  });

  it.each<[string, Parameters<typeof usersScope>[0], UsersAction]>([
    ['a group admin importing', { ...caller, role: 'group' }, 'import'],
    ['a group admin removing', { ...caller, role: 'group' }, 'remove'],
    ['a member listing', { ...caller, role: 'user' }, 'list'],
    ['the app admin listing', { ...caller, role: 'super', orgId: null }, 'list'],
    ['an org admin without an org', { ...caller, role: 'org', orgId: null }, 'list'],
    ['a group admin without a group', { ...caller, role: 'group', groupId: null }, 'list'],
  ])('refuses %s with 403', (_name, scope, action) => {
    expect(() => usersScope(scope, action)).toThrow(expect.objectContaining({ statusCode: 403 }));
  });
});

describe('row rules', () => {
  it('nobody removes themselves; anyone else may be removed', () => {
    expect(canRemoveUser('me', 'me')).toBe(false);
    expect(canRemoveUser('me', 'you')).toBe(true);
  });

  it.each([
    ['me', 'me', false, false],
    ['me', 'me', true, true],
    ['me', 'you', false, true],
    ['me', 'you', true, true],
  ])('caller %s setting %s admin=%s -> %s', (caller, target, isAdmin, allowed) => {
    expect(canSetOrgAdmin(caller, target, isAdmin)).toBe(allowed);
  });
});
