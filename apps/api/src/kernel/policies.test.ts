import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES, type Permission, type Role } from '@resonant/contracts/roles';
import {
  allowedContext,
  can,
  canSwitchToOrg,
  defaultContext,
  resolveContext,
  type Context,
  type ContextRequest,
  type MembershipSnapshot,
} from './policies.ts';

// The role x permission matrix, written out by hand (DESIGN §4): Y = allowed, - = refused.
// Columns:                          super org  group user
// prettier-ignore
const MATRIX: Record<Permission, [string, string, string, string]> = {
  public: ['Y', 'Y', 'Y', 'Y'],
  authenticated: ['Y', 'Y', 'Y', 'Y'],
  'org.dashboard.read': ['-', 'Y', '-', '-'],
  'org.groups.manage': ['-', 'Y', '-', '-'],
  'org.users.manage': ['-', 'Y', '-', '-'],
  'org.invitations.manage': ['-', 'Y', '-', '-'],
  'org.billing.manage': ['-', 'Y', '-', '-'],
  'group.dashboard.read': ['-', 'Y', 'Y', '-'],
  'group.participants.manage': ['-', 'Y', 'Y', '-'],
  'group.invitations.manage': ['-', 'Y', 'Y', '-'],
  'reports.read': ['-', 'Y', 'Y', '-'],
  'readings.write': ['-', 'Y', 'Y', 'Y'],
  'own-data.manage': ['-', 'Y', 'Y', 'Y'],
  'admin.organizations.manage': ['Y', '-', '-', '-'],
  'admin.analytics.read': ['Y', '-', '-', '-'],
  'admin.invoices.read': ['Y', '-', '-', '-'],
  'admin.invitations.manage': ['Y', '-', '-', '-'],
  'admin.lifetime-claims.manage': ['Y', '-', '-', '-'],
};
const MATRIX_ROLES: Role[] = ['super', 'org', 'group', 'user'];

describe('can(): role x permission matrix', () => {
  it('covers exactly the roles and permissions of contracts', () => {
    expect([...MATRIX_ROLES].sort()).toEqual([...ROLES].sort());
    expect(Object.keys(MATRIX).sort()).toEqual([...PERMISSIONS].sort());
  });

  const cells = Object.entries(MATRIX).flatMap(([permission, row]) =>
    MATRIX_ROLES.map((role, index) => ({
      role,
      permission: permission as Permission,
      allowed: row[index] === 'Y',
    })),
  );

  it.each(cells)('$role / $permission -> $allowed', ({ role, permission, allowed }) => {
    expect(can(role, permission)).toBe(allowed);
  });
});

// Memberships as loaded from the database: non-admins only see the groups they belong to, org
// admins see every group of their org.
const O1 = 'org-1';
const O2 = 'org-2';
const G_DEFAULT = 'group-default';
const G_TEAM = 'group-team';
const G_OTHER = 'group-other';
const G_O2 = 'group-of-org-2';

const appAdmin: MembershipSnapshot = { isAppAdmin: true, orgs: [] };
const orgAdmin: MembershipSnapshot = {
  isAppAdmin: false,
  orgs: [
    {
      orgId: O1,
      isOrgAdmin: true,
      groups: [
        { groupId: G_DEFAULT, isMember: true, isAdmin: false },
        { groupId: G_TEAM, isMember: false, isAdmin: false },
        { groupId: G_OTHER, isMember: false, isAdmin: false },
      ],
    },
  ],
};
const groupAdmin: MembershipSnapshot = {
  isAppAdmin: false,
  orgs: [
    {
      orgId: O1,
      isOrgAdmin: false,
      groups: [
        { groupId: G_DEFAULT, isMember: true, isAdmin: false },
        { groupId: G_TEAM, isMember: true, isAdmin: true },
      ],
    },
  ],
};
const member: MembershipSnapshot = {
  isAppAdmin: false,
  orgs: [
    { orgId: O1, isOrgAdmin: false, groups: [{ groupId: G_TEAM, isMember: true, isAdmin: false }] },
  ],
};
/** A member of O1 who is org admin of O2 (joined O1 first). */
const memberAndOtherOrgAdmin: MembershipSnapshot = {
  isAppAdmin: false,
  orgs: [
    { orgId: O1, isOrgAdmin: false, groups: [{ groupId: G_TEAM, isMember: true, isAdmin: false }] },
    { orgId: O2, isOrgAdmin: true, groups: [{ groupId: G_O2, isMember: false, isAdmin: false }] },
  ],
};
const noOrg: MembershipSnapshot = { isAppAdmin: false, orgs: [] };

const snapshots = { appAdmin, orgAdmin, groupAdmin, member, memberAndOtherOrgAdmin, noOrg };
type SnapshotName = keyof typeof snapshots;

const req = (
  orgId: string | null,
  groupId: string | null,
  type: ContextRequest['type'],
): ContextRequest => ({
  orgId,
  groupId,
  type,
});
const ctx = (role: Role, orgId: string | null, groupId: string | null): Context => ({
  role,
  orgId,
  groupId,
});
const SUPER = ctx('super', null, null);

describe('allowedContext', () => {
  // prettier-ignore
  const cases: [string, SnapshotName, ContextRequest, Context | null][] = [
    // Org admin: as org, or as group admin of any group of its org.
    ['org admin as org', 'orgAdmin', req(O1, null, 'org'), ctx('org', O1, null)],
    ['org admin as org with a group on record', 'orgAdmin', req(O1, G_TEAM, 'org'), ctx('org', O1, null)],
    ['org admin in a group it belongs to', 'orgAdmin', req(O1, G_DEFAULT, 'group'), ctx('group', O1, G_DEFAULT)],
    ['org admin in a group it is not in', 'orgAdmin', req(O1, G_TEAM, 'group'), ctx('group', O1, G_TEAM)],
    ['org admin in another group', 'orgAdmin', req(O1, G_OTHER, 'group'), ctx('group', O1, G_OTHER)],
    ['org admin as group without a group', 'orgAdmin', req(O1, null, 'group'), null],
    ['org admin in an unknown org', 'orgAdmin', req(O2, null, 'org'), null],
    ['org admin in an unknown group', 'orgAdmin', req(O1, G_O2, 'group'), null],
    ['org admin without a type', 'orgAdmin', req(O1, null, null), null],
    // Group admin: only in the groups it administers.
    ['group admin in its group', 'groupAdmin', req(O1, G_TEAM, 'group'), ctx('group', O1, G_TEAM)],
    ['group admin in a group it only belongs to', 'groupAdmin', req(O1, G_DEFAULT, 'group'), null],
    ['group admin in a group of its org it is not in', 'groupAdmin', req(O1, G_OTHER, 'group'), null],
    ['group admin as org', 'groupAdmin', req(O1, null, 'org'), null],
    ['group admin as user of a group it belongs to', 'groupAdmin', req(O1, G_DEFAULT, 'user'), ctx('user', O1, G_DEFAULT)],
    ['group admin in an unknown org', 'groupAdmin', req(O2, G_O2, 'group'), null],
    // Member: as user, only in its groups.
    ['member as user in its group', 'member', req(O1, G_TEAM, 'user'), ctx('user', O1, G_TEAM)],
    ['member as user of its org', 'member', req(O1, null, 'user'), ctx('user', O1, null)],
    ['member as user in a group it is not in', 'member', req(O1, G_DEFAULT, 'user'), null],
    ['member as group admin of its group', 'member', req(O1, G_TEAM, 'group'), null],
    ['member as org', 'member', req(O1, null, 'org'), null],
    ['member in an unknown org', 'member', req(O2, null, 'user'), null],
    ['member with no org at all', 'member', req(null, null, 'user'), null],
    // Several orgs: each membership counts only in its own org.
    ['member of O1 as org admin of O2', 'memberAndOtherOrgAdmin', req(O2, null, 'org'), ctx('org', O2, null)],
    ['member of O1 as org of O1', 'memberAndOtherOrgAdmin', req(O1, null, 'org'), null],
    ['O2 group asked under O1', 'memberAndOtherOrgAdmin', req(O1, G_O2, 'group'), null],
    ['no memberships', 'noOrg', req(O1, null, 'user'), null],
    // App admin: always super, whatever is asked.
    ['app admin asking for an org', 'appAdmin', req(O1, null, 'org'), SUPER],
    ['app admin asking for nothing', 'appAdmin', req(null, null, null), SUPER],
  ];

  it.each(cases)('%s', (_name, snapshot, request, expected) => {
    expect(allowedContext(snapshots[snapshot], request)).toEqual(expected);
  });

  it('refuses a group that the snapshot lists without membership for a non-admin', () => {
    const listedNotMember: MembershipSnapshot = {
      isAppAdmin: false,
      orgs: [
        {
          orgId: O1,
          isOrgAdmin: false,
          groups: [{ groupId: G_TEAM, isMember: false, isAdmin: false }],
        },
      ],
    };
    expect(allowedContext(listedNotMember, req(O1, G_TEAM, 'user'))).toBeNull();
    expect(allowedContext(listedNotMember, req(O1, G_TEAM, 'group'))).toBeNull();
  });
});

describe('defaultContext', () => {
  // prettier-ignore
  const cases: [SnapshotName, Context][] = [
    ['appAdmin', SUPER],
    ['orgAdmin', ctx('org', O1, null)],
    ['groupAdmin', ctx('group', O1, G_TEAM)],
    ['member', ctx('user', O1, G_TEAM)],
    // The highest role wins over the first org joined.
    ['memberAndOtherOrgAdmin', ctx('org', O2, null)],
    ['noOrg', ctx('user', null, null)],
  ];

  it.each(cases)('%s -> %o', (snapshot, expected) => {
    expect(defaultContext(snapshots[snapshot])).toEqual(expected);
  });

  it('prefers a group administered in a later org over plain membership in the first', () => {
    const snapshot: MembershipSnapshot = {
      isAppAdmin: false,
      orgs: [
        {
          orgId: O1,
          isOrgAdmin: false,
          groups: [{ groupId: G_TEAM, isMember: true, isAdmin: false }],
        },
        {
          orgId: O2,
          isOrgAdmin: false,
          groups: [{ groupId: G_O2, isMember: true, isAdmin: true }],
        },
      ],
    };
    expect(defaultContext(snapshot)).toEqual(ctx('group', O2, G_O2));
  });

  it('lands a member of an org without groups on the org as user', () => {
    const snapshot: MembershipSnapshot = {
      isAppAdmin: false,
      orgs: [{ orgId: O1, isOrgAdmin: false, groups: [] }],
    };
    expect(defaultContext(snapshot)).toEqual(ctx('user', O1, null));
  });
});

describe('resolveContext', () => {
  // prettier-ignore
  const cases: [string, SnapshotName, ContextRequest, Context][] = [
    ['keeps an allowed stored group context', 'orgAdmin', req(O1, G_TEAM, 'group'), ctx('group', O1, G_TEAM)],
    ['keeps an allowed stored org context', 'memberAndOtherOrgAdmin', req(O2, null, 'org'), ctx('org', O2, null)],
    ['keeps a stored org context without the group stored with it', 'orgAdmin', req(O1, G_TEAM, 'org'), ctx('org', O1, null)],
    ['falls back to the org for an org admin whose stored group is gone', 'orgAdmin', req(O1, G_O2, 'group'), ctx('org', O1, null)],
    ['keeps a lower role the account chose', 'memberAndOtherOrgAdmin', req(O1, G_TEAM, 'user'), ctx('user', O1, G_TEAM)],
    ['falls back when nothing is stored', 'groupAdmin', req(null, null, null), ctx('group', O1, G_TEAM)],
    ['falls back when the stored role is no longer held', 'groupAdmin', req(O1, G_DEFAULT, 'group'), ctx('group', O1, G_TEAM)],
    ['falls back when the stored org is no longer the account’s', 'member', req(O2, null, 'user'), ctx('user', O1, G_TEAM)],
    ['falls back when the stored group is gone', 'member', req(O1, G_OTHER, 'user'), ctx('user', O1, G_TEAM)],
    ['falls back from org to default for a former org admin', 'member', req(O1, null, 'org'), ctx('user', O1, G_TEAM)],
    ['makes the app admin super whatever is stored', 'appAdmin', req(O1, G_TEAM, 'group'), SUPER],
  ];

  it.each(cases)('%s', (_name, snapshot, stored, expected) => {
    expect(resolveContext(snapshots[snapshot], stored)).toEqual(expected);
  });
});

describe('canSwitchToOrg', () => {
  // prettier-ignore
  const cases: [SnapshotName, string, boolean][] = [
    ['orgAdmin', O1, true],
    ['orgAdmin', O2, false],
    ['groupAdmin', O1, false],
    ['member', O1, false],
    ['memberAndOtherOrgAdmin', O1, false],
    ['memberAndOtherOrgAdmin', O2, true],
    ['appAdmin', O1, false],
    ['noOrg', O1, false],
  ];

  it.each(cases)('%s in %s -> %s', (snapshot, orgId, expected) => {
    expect(canSwitchToOrg(snapshots[snapshot], orgId)).toBe(expected);
  });
});
