import { describe, expect, it } from 'vitest';
import type { OrgGroupMapping } from '@resonant/contracts/switch';
import { switchTargetsFor } from './switch-targets.ts';

const ORG_A = 'a0000000-0000-4000-8000-000000000001';
const ORG_B = 'b0000000-0000-4000-8000-000000000002';

const orgAdminOfA: OrgGroupMapping = {
  org_id: ORG_A,
  org_name: 'Alpha',
  can_switch_to_org: true,
  groups: [
    { group_id: 'ga-1', group_name: 'Engineering', user_type: 'group' },
    { group_id: 'ga-2', group_name: 'Leadership', user_type: 'group' },
  ],
};
const memberOfB: OrgGroupMapping = {
  org_id: ORG_B,
  org_name: 'Beta',
  can_switch_to_org: false,
  groups: [
    { group_id: 'gb-1', group_name: 'Runners', user_type: 'group' },
    { group_id: 'gb-2', group_name: 'Walkers', user_type: 'user' },
  ],
};

const names = (targets: ReturnType<typeof switchTargetsFor>) =>
  targets.map((target) => [target.orgName, target.groupName]);

describe('switchTargetsFor', () => {
  it('offers the groups of the organisation the user works in', () => {
    expect(names(switchTargetsFor('group', ORG_A, [orgAdminOfA, memberOfB]))).toEqual([
      ['Alpha', 'Engineering'],
      ['Alpha', 'Leadership'],
    ]);
  });

  it('offers only the groups the user administers', () => {
    expect(names(switchTargetsFor('group', ORG_B, [orgAdminOfA, memberOfB]))).toEqual([
      ['Beta', 'Runners'],
    ]);
  });

  it('leads back to the organisation of the current group when the user administers it', () => {
    const targets = switchTargetsFor('org', ORG_A, [orgAdminOfA, memberOfB]);
    expect(targets.map((target) => target.body)).toEqual([
      { currentOrgId: ORG_A, currentGroupId: null, currentUserType: 'org' },
    ]);
  });

  it('looks in the other organisations when the current one offers nothing', () => {
    expect(names(switchTargetsFor('org', ORG_B, [orgAdminOfA, memberOfB]))).toEqual([
      ['Alpha', null],
    ]);
  });

  it('offers nothing to a member without any admin role', () => {
    const member: OrgGroupMapping = { ...memberOfB, groups: [memberOfB.groups[1]!] };
    expect(switchTargetsFor('group', ORG_B, [member])).toEqual([]);
    expect(switchTargetsFor('org', ORG_B, [member])).toEqual([]);
  });
});
