import { describe, expect, it } from 'vitest';
import {
  USERS_ACTIONS,
  canEditAccountProfile,
  canManageUsers,
  canRemoveUser,
  canSetOrgAdmin,
  usersModeAllows,
  usersModeOf,
  type UsersAction,
} from './org-users-policies.ts';
import { ROLES, type Role } from './roles.ts';

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

const cells = Object.entries(TABLE).flatMap(([action, row]) =>
  TABLE_ROLES.map((role, index) => ({
    role,
    action: action as UsersAction,
    allowed: row[index] === 'Y',
  })),
);

describe('canManageUsers: role x action table', () => {
  it('covers exactly the roles and the users actions', () => {
    expect([...TABLE_ROLES].sort()).toEqual([...ROLES].sort());
    expect(Object.keys(TABLE).sort()).toEqual([...USERS_ACTIONS].sort());
  });

  it.each(cells)('$role / $action -> $allowed', ({ role, action, allowed }) => {
    expect(canManageUsers(role, action)).toBe(allowed);
  });
});

describe('usersModeAllows: what the web shows in each mode', () => {
  const modeCells = cells.filter((cell) => cell.role === 'org' || cell.role === 'group');
  it.each(modeCells)('$role mode / $action -> $allowed', ({ role, action, allowed }) => {
    expect(usersModeAllows(role as 'org' | 'group', action)).toBe(allowed);
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

// Who may edit an account-wide profile (issue 27), written out by hand: Y = allowed, - = refused.
// Columns: the caller is the account's person / this organisation created it / someone signed in.
// prettier-ignore
const PROFILE_TABLE: [boolean, boolean, boolean, 'Y' | '-'][] = [
  [true,  true,  true,  'Y'],
  [true,  true,  false, 'Y'],
  [true,  false, true,  'Y'],
  [true,  false, false, 'Y'],
  [false, true,  false, 'Y'],
  [false, true,  true,  '-'],
  [false, false, false, '-'],
  [false, false, true,  '-'],
];

describe('canEditAccountProfile: owner, creating organisation until claimed', () => {
  it.each(PROFILE_TABLE)(
    'owner %s, created by this org %s, claimed %s: %s',
    (isOwner, createdByThisOrg, claimed, allowed) => {
      expect(canEditAccountProfile({ isOwner, createdByThisOrg, claimed })).toBe(allowed === 'Y');
    },
  );
});
