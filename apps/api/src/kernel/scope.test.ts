import { describe, expect, it } from 'vitest';
import { NO_CURRENT_GROUP_MESSAGE, NO_CURRENT_ORG_MESSAGE } from '@resonant/contracts/errors';
import type { UsersAction } from '@resonant/contracts/org-users-policies';
import { PERMISSIONS, type Role } from '@resonant/contracts/roles';
import {
  needsDeclaredContext,
  requireContext,
  requireGroup,
  ORG_ID_REQUIRED_MESSAGE,
  requireInvitationsScope,
  requireMembersScope,
  requireOrg,
  requireReach,
  requireUsersScope,
} from './scope.ts';

type Context = { accountId: string; role: Role; orgId: string | null; groupId: string | null };

const inGroup = { accountId: 'me', orgId: 'org-1', groupId: 'group-1' };
const asOrg: Context = { ...inGroup, role: 'org', groupId: null };
const groupAdmin: Context = { ...inGroup, role: 'group' };
const appAdmin: Context = { accountId: 'me', role: 'super', orgId: null, groupId: null };
const memberOfNone: Context = { accountId: 'me', role: 'user', orgId: null, groupId: null };

const refusal = (message: string) => expect.objectContaining({ statusCode: 403, message });
const NO_ORG = refusal(NO_CURRENT_ORG_MESSAGE);
const NO_GROUP = refusal(NO_CURRENT_GROUP_MESSAGE);

describe('requireOrg', () => {
  it('gives the current organisation and the caller', () => {
    expect(requireOrg(groupAdmin)).toEqual({ orgId: 'org-1', accountId: 'me' });
  });

  it.each([
    ['the app admin', appAdmin],
    ['a member of no organisation', memberOfNone],
  ])('refuses %s with 403 and the one message', (_name, scope) => {
    expect(() => requireOrg(scope)).toThrow(NO_ORG);
  });
});

describe('requireGroup', () => {
  it('gives the current group of the current organisation', () => {
    expect(requireGroup(groupAdmin)).toEqual({
      orgId: 'org-1',
      groupId: 'group-1',
      accountId: 'me',
    });
  });

  it('refuses an org admin acting as org with 403 and the one message', () => {
    expect(() => requireGroup(asOrg)).toThrow(NO_GROUP);
  });

  it('says "no current organization" first when there is neither', () => {
    expect(() => requireGroup(appAdmin)).toThrow(NO_ORG);
  });
});

describe('requireReach', () => {
  it.each([
    ['an org admin acting as org: the organisation', asOrg, { orgId: 'org-1', groupId: null }],
    [
      'an org admin with a remembered group: still the organisation',
      { ...asOrg, groupId: 'group-1' },
      { orgId: 'org-1', groupId: null },
    ],
    ['a group admin: the current group', groupAdmin, { orgId: 'org-1', groupId: 'group-1' }],
  ])('gives %s', (_name, scope, reach) => {
    expect(requireReach(scope)).toEqual({ ...reach, accountId: 'me' });
  });

  it.each([
    ['a group admin without a group', { ...groupAdmin, groupId: null }, NO_GROUP],
    ['the app admin', appAdmin, NO_ORG],
  ])('refuses %s', (_name, scope, error) => {
    expect(() => requireReach(scope)).toThrow(error);
  });
});

describe('requireContext', () => {
  it.each([
    ['org', groupAdmin, null],
    ['org', asOrg, null],
    ['org', memberOfNone, NO_ORG],
    ['group', groupAdmin, null],
    ['group', asOrg, NO_GROUP],
    ['group', appAdmin, NO_ORG],
  ] as const)('checks a route needing %s', (context, scope, error) => {
    if (error) expect(() => requireContext(scope, context)).toThrow(error);
    else expect(() => requireContext(scope, context)).not.toThrow();
  });
});

describe('needsDeclaredContext', () => {
  it('holds for exactly the permissions only roles inside an organisation have', () => {
    expect(PERMISSIONS.filter(needsDeclaredContext)).toEqual([
      'org.dashboard.read',
      'org.groups.manage',
      'org.users.manage',
      'org.invitations.manage',
      'org.billing.manage',
      'group.dashboard.read',
      'group.participants.manage',
      'group.invitations.manage',
      'reports.read',
      'readings.write',
    ]);
  });
});

describe('requireUsersScope', () => {
  it('gives an org admin the whole organisation, even when a group is remembered', () => {
    expect(requireUsersScope({ ...asOrg, groupId: 'group-1' }, 'import')).toEqual({
      mode: 'org',
      orgId: 'org-1',
      groupId: null,
      accountId: 'me',
    });
  });

  it('confines a group admin to the current group', () => {
    expect(requireUsersScope(groupAdmin, 'add')).toEqual({
      mode: 'group',
      orgId: 'org-1',
      groupId: 'group-1',
      accountId: 'me',
    });
  });

  it.each<[string, Context, UsersAction, unknown]>([
    [
      'a group admin importing',
      groupAdmin,
      'import',
      refusal('You do not have permission to do this'),
    ],
    [
      'a group admin removing',
      groupAdmin,
      'remove',
      refusal('You do not have permission to do this'),
    ],
    [
      'a member listing',
      { ...inGroup, role: 'user' },
      'list',
      refusal('You do not have permission to do this'),
    ],
    ['the app admin listing', appAdmin, 'list', refusal('You do not have permission to do this')],
    ['an org admin without an org', { ...asOrg, orgId: null }, 'list', NO_ORG],
    ['a group admin without a group', { ...groupAdmin, groupId: null }, 'list', NO_GROUP],
  ])('refuses %s with 403', (_name, scope, action, error) => {
    expect(() => requireUsersScope(scope, action)).toThrow(error);
  });
});

describe('requireMembersScope', () => {
  it('gives the app admin the organisation it names', () => {
    expect(requireMembersScope(appAdmin, 'org-9', true)).toEqual({
      mode: 'admin',
      orgId: 'org-9',
      groupId: null,
      accountId: 'me',
    });
  });

  it('gives everyone else the users scope of listing, whatever organisation is named', () => {
    expect(requireMembersScope(asOrg, 'org-9', false)).toEqual(requireUsersScope(asOrg, 'list'));
    expect(requireMembersScope(groupAdmin, undefined, true)).toEqual(
      requireUsersScope(groupAdmin, 'list'),
    );
  });

  it.each<[string, Context, string | undefined, boolean, unknown]>([
    [
      'the app admin a list not open to it with 403',
      appAdmin,
      'org-9',
      false,
      refusal('You do not have permission to do this'),
    ],
    [
      'the app admin without an organisation with 400',
      appAdmin,
      undefined,
      true,
      expect.objectContaining({ statusCode: 400, message: ORG_ID_REQUIRED_MESSAGE }),
    ],
    [
      'a member with 403',
      { ...inGroup, role: 'user' },
      'org-1',
      true,
      refusal('You do not have permission to do this'),
    ],
  ])('refuses %s', (_name, scope, orgId, openToAppAdmin, error) => {
    expect(() => requireMembersScope(scope, orgId, openToAppAdmin)).toThrow(error);
  });
});

describe('requireInvitationsScope', () => {
  it.each([
    ['the app admin: anywhere', appAdmin, { mode: 'admin', orgId: null, groupId: null }],
    ['an org admin: the organisation', asOrg, { mode: 'org', orgId: 'org-1', groupId: null }],
    [
      'a group admin: the current group',
      groupAdmin,
      { mode: 'group', orgId: 'org-1', groupId: 'group-1' },
    ],
  ])('gives %s', (_name, scope, expected) => {
    expect(requireInvitationsScope(scope)).toEqual({ ...expected, accountId: 'me' });
  });

  it('refuses a member with 403', () => {
    expect(() => requireInvitationsScope({ ...inGroup, role: 'user' })).toThrow(
      refusal('You do not have permission to do this'),
    );
  });

  it('refuses a group admin without a group with the one message', () => {
    expect(() => requireInvitationsScope({ ...groupAdmin, groupId: null })).toThrow(NO_GROUP);
  });
});
