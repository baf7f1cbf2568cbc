import { describe, expect, it } from 'vitest';
import { CARD_EXPIRED_MESSAGE, LocalCardBody } from '@resonant/contracts/billing';
import {
  EMPTY_LOCAL_CARD,
  EXPIRY_FORMAT_MESSAGE,
  formatCardNumber,
  formatExpiry,
  isBeforeMonthOf,
  localCardErrors,
  parseExpiry,
  toLocalCardBody,
  type LocalCardValues,
} from './payment-method-input.ts';

const JUNE_2026 = new Date(2026, 5, 15);

const filled: LocalCardValues = {
  number: '4242 4242 4242 4242',
  expiry: '12/28',
  cvc: '123',
  name: 'Olivia Owner',
  line1: '1 Harbour Street',
  city: 'Bristol',
  postal_code: 'BS1 4DJ',
  country: 'GB',
};

/** Types `text` one character at a time, as the field's onChange sees it. */
function typeExpiry(text: string): string {
  let value = '';
  for (const char of text) value = formatExpiry(value + char, value);
  return value;
}

describe('formatCardNumber', () => {
  it('groups the digits in fours and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 00x')).toBe('4000 0000 00');
    expect(formatCardNumber('37828224631000')).toBe('3782 8224 6310 00');
  });

  it('keeps at most 19 digits', () => {
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });
});

describe('formatExpiry', () => {
  it('adds the slash after the month as it is typed', () => {
    expect(typeExpiry('1228')).toBe('12/28');
    expect(typeExpiry('12')).toBe('12/');
    expect(typeExpiry('1')).toBe('1');
  });

  it('pads a one-digit month', () => {
    expect(typeExpiry('4')).toBe('04/');
    expect(typeExpiry('428')).toBe('04/28');
    expect(typeExpiry('1/')).toBe('01/');
  });

  it('lets the slash be deleted with the next backspace', () => {
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('1', '12')).toBe('1');
  });

  it('shortens a pasted four-digit year', () => {
    expect(formatExpiry('12/2028', '')).toBe('12/28');
    expect(formatExpiry('3/2031', '')).toBe('03/31');
  });
});

describe('parseExpiry', () => {
  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('07/28')).toEqual({ month: 7, year: 2028 });
    expect(parseExpiry(' 7 / 2028 ')).toEqual({ month: 7, year: 2028 });
  });

  it('refuses other shapes', () => {
    expect(parseExpiry('0728')).toBeNull();
    expect(parseExpiry('07/2')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });
});

describe('toLocalCardBody', () => {
  it('gives the body LocalCardBody parses, card number without spaces', () => {
    expect(LocalCardBody.parse(toLocalCardBody(filled))).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2028,
      cvc: '123',
      address: {
        name: 'Olivia Owner',
        line1: '1 Harbour Street',
        city: 'Bristol',
        postal_code: 'BS1 4DJ',
        country: 'GB',
      },
    });
  });
});

describe('localCardErrors', () => {
  it('accepts a complete card', () => {
    expect(localCardErrors(filled, JUNE_2026)).toEqual({});
  });

  it('requires every field, card and address', () => {
    expect(localCardErrors(EMPTY_LOCAL_CARD, JUNE_2026)).toEqual({
      number: 'Card number is required',
      expiry: 'Expiry is required',
      cvc: 'CVC is required',
      name: 'Name is required',
      line1: 'Address is required',
      city: 'City is required',
      postal_code: 'Postal code is required',
      country: 'Country is required',
    });
  });

  it("gives LocalCardBody's messages for incomplete values", () => {
    const errors = localCardErrors(
      { ...filled, number: '4242 4242', cvc: '12', expiry: '13/28' },
      JUNE_2026,
    );
    expect(errors).toEqual({
      number: 'Card number is incomplete',
      cvc: 'CVC is incomplete',
      expiry: 'Invalid month',
    });
  });

  it('refuses an expiry that is not MM/YY', () => {
    expect(localCardErrors({ ...filled, expiry: '1228' }, JUNE_2026)).toEqual({
      expiry: EXPIRY_FORMAT_MESSAGE,
    });
  });

  it('refuses a card that expired before this month, and takes one that ends this month', () => {
    expect(localCardErrors({ ...filled, expiry: '05/26' }, JUNE_2026)).toEqual({
      expiry: CARD_EXPIRED_MESSAGE,
    });
    expect(localCardErrors({ ...filled, expiry: '06/26' }, JUNE_2026)).toEqual({});
  });
});

describe('isBeforeMonthOf', () => {
  it('compares whole months', () => {
    expect(isBeforeMonthOf({ month: 12, year: 2025 }, new Date(2026, 0, 1))).toBe(true);
    expect(isBeforeMonthOf({ month: 1, year: 2026 }, new Date(2026, 0, 31))).toBe(false);
  });
});
