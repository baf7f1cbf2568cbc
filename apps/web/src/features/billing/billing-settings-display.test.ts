import { describe, expect, it } from 'vitest';
import { invoiceDayText, sameBillingEmail, seatsText } from './billing-settings-display.ts';

describe('sameBillingEmail', () => {
  it('compares addresses as the server stores them', () => {
    expect(sameBillingEmail(' Billing@Example.com ', 'billing@example.com')).toBe(true);
    expect(sameBillingEmail('billing@example.org', 'billing@example.com')).toBe(false);
    expect(sameBillingEmail('', '')).toBe(true);
  });
});

describe('seatsText', () => {
  it('counts seats', () => {
    expect(seatsText(0, 'en-US')).toBe('0 seats');
    expect(seatsText(1, 'en-US')).toBe('1 seat');
    expect(seatsText(1200, 'en-US')).toBe('1,200 seats');
    expect(seatsText(250_000, 'en-US')).toBe('250K seats');
  });
});

describe('invoiceDayText', () => {
  it('names the day the period ends as MMM D, YYYY', () => {
    expect(invoiceDayText('2026-07-01')).toBe(
      'Its invoice is made on Jul 1, 2026 and charged to the default card.',
    );
  });
});
