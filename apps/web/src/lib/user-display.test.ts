import { describe, expect, it } from 'vitest';
import {
  lastActivity,
  lastActivityType,
  payerLabel,
  signupDate,
  userDisplayType,
} from './user-display.ts';

describe('userDisplayType (SPEC §3)', () => {
  it.each([
    ['org', false, 'Admin'],
    ['org', true, 'Admin'],
    ['group', true, 'External'],
    ['user', true, 'External'],
    ['group', false, 'Internal'],
    ['user', false, 'Internal'],
  ] as const)('highest role %s, solo %s -> %s', (role, solo, type) => {
    expect(userDisplayType({ user_highest_role: role, is_solo: solo })).toBe(type);
  });
});

describe('signupDate', () => {
  it('shows the signup day, and 2025-04-15 when it is missing', () => {
    expect(signupDate({ created_at: '2024-11-03T12:00:00.000Z' })).toBe('2024-11-03');
    expect(signupDate({ created_at: null })).toBe('2025-04-15');
    expect(signupDate({ created_at: 'not a date' })).toBe('2025-04-15');
  });
});

describe('last activity', () => {
  it('shows a dash when there is none, and readable activity names', () => {
    expect(lastActivity({ last_activity_date: null })).toBe('—');
    expect(lastActivity({ last_activity_date: '2025-06-01T07:05:00Z' })).toMatch(
      /^2025-06-0[12] \d\d:05$/,
    );
    expect(lastActivityType({ last_activity_type: 'morning' })).toBe('Morning reading');
    expect(lastActivityType({ last_activity_type: 'self_compassion' })).toBe('Self-compassion');
    expect(lastActivityType({ last_activity_type: 'walk' })).toBe('walk');
    expect(lastActivityType({ last_activity_type: null })).toBe('—');
  });
});

describe('payerLabel', () => {
  it('names who pays', () => {
    expect(payerLabel({ subscription_payer: 'Org' })).toBe('Org');
    expect(payerLabel({ subscription_payer: 'External' })).toBe('User');
  });
});
