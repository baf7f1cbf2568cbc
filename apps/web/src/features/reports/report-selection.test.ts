import { describe, expect, it } from 'vitest';
import type { OrgMember } from '@resonant/contracts/org-users';
import { REPORTS_MAX_USERS } from '@resonant/contracts/reports';
import { REPORT_PALETTE, pickUsers, selectionOf } from './report-selection.ts';

const member = (id: string, first: string): OrgMember => ({
  user_id: id,
  first_name: first,
  last_name: 'Doe',
  email: `${first}@example.com`,
  org_id: 'org',
  is_admin: false,
  is_external: false,
});

describe('pickUsers', () => {
  it('takes up to 5 users', () => {
    const five = ['1', '2', '3', '4', '5'];
    expect(REPORTS_MAX_USERS).toBe(5);
    expect(pickUsers(['1', '2', '3', '4'], five)).toEqual({ userIds: five, refused: false });
  });

  it('refuses a sixth, keeping the five', () => {
    const five = ['1', '2', '3', '4', '5'];
    expect(pickUsers(five, [...five, '6'])).toEqual({ userIds: five, refused: true });
  });
});

describe('selectionOf', () => {
  it('names the applied users and colours them from the 12-colour palette in order', () => {
    expect(new Set(REPORT_PALETTE).size).toBe(12);
    const members = [member('a', 'Ann'), member('b', 'Bob'), member('c', 'Cy')];
    expect(selectionOf(['c', 'a'], ['t'], members)).toEqual({
      users: [
        { id: 'c', name: 'Cy Doe', colour: REPORT_PALETTE[0] },
        { id: 'a', name: 'Ann Doe', colour: REPORT_PALETTE[1] },
      ],
      tagIds: ['t'],
    });
  });

  it('leaves out an id the caller does not reach', () => {
    expect(selectionOf(['x', 'b'], [], [member('b', 'Bob')]).users).toEqual([
      { id: 'b', name: 'Bob Doe', colour: REPORT_PALETTE[0] },
    ]);
  });
});
