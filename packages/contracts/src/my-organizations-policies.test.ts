import { describe, expect, it } from 'vitest';
import { LAST_ORG_ADMIN_LEAVE_MESSAGE } from './my-organizations.ts';
import { adminsCanSee, leaveRefusal } from './my-organizations-policies.ts';

describe('leaveRefusal', () => {
  it.each([
    ['a member', false, 1, null],
    ['a member of an org with no admin left', false, 0, null],
    ['one of two org admins', true, 2, null],
    ['the only org admin', true, 1, LAST_ORG_ADMIN_LEAVE_MESSAGE],
  ])('%s', (_case, isOrgAdmin, orgAdmins, refusal) => {
    expect(leaveRefusal({ isOrgAdmin, orgAdmins })).toBe(refusal);
  });
});

describe('adminsCanSee', () => {
  it('names the reports, the CSV downloads, the raw data, the profile and the dashboards', () => {
    expect(adminsCanSee()).toEqual([
      'readings',
      'sessions',
      'raw-optimal-zone',
      'csv',
      'profile',
      'dashboards',
    ]);
  });
});
