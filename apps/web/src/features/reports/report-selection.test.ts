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

/** WCAG 2 contrast ratio of a `#RRGGBB` colour against white. */
function contrastOnWhite(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(colour.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

describe('REPORT_PALETTE', () => {
  it('holds 12 distinct colours, each at least 3:1 on white (WCAG 1.4.11)', () => {
    expect(new Set(REPORT_PALETTE.map((colour) => colour.toLowerCase())).size).toBe(12);
    for (const colour of REPORT_PALETTE)
      expect(contrastOnWhite(colour), colour).toBeGreaterThanOrEqual(3);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastOnWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastOnWhite('#767676')).toBeCloseTo(4.54, 2);
    expect(contrastOnWhite('#E69F00')).toBeLessThan(3);
  });
});

describe('selectionOf', () => {
  it('names the applied users and colours them from the 12-colour palette in order', () => {
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
