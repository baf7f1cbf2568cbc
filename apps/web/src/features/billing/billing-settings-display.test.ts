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
    expect(seatsText(0)).toBe('0 seats');
    expect(seatsText(1)).toBe('1 seat');
    expect(seatsText(1200)).toBe('1,200 seats');
  });
});

describe('invoiceDayText', () => {
  it('names the day the period ends as MMM D, YYYY', () => {
    expect(invoiceDayText('2026-07-01')).toBe(
      'Its invoice is made on Jul 1, 2026 and charged to the default card.',
    );
  });
});
