import { describe, expect, it } from 'vitest';
import {
  cardBrandName,
  cardName,
  isCardExpired,
  isKnownBrand,
  paymentMethodsOf,
  removalConsequence,
} from './payment-method-display.ts';

const visa = { brand: 'visa', last4: '4242', exp_month: 7, exp_year: 2028 };

describe('card names', () => {
  it('names the recognised brands as people write them', () => {
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('diners')).toBe('Diners Club');
    expect(cardBrandName('unionpay')).toBe('UnionPay');
  });

  it('shows any other brand by its own name', () => {
    expect(isKnownBrand('cartes_bancaires')).toBe(false);
    expect(cardBrandName('cartes_bancaires')).toBe('Cartes bancaires');
    expect(cardBrandName('')).toBe('Card');
  });

  it('names a card in a sentence by its brand and last 4', () => {
    expect(cardName(visa)).toBe('Visa ending in 4242');
  });
});

describe('isCardExpired', () => {
  it('is expired only after its expiry month', () => {
    expect(isCardExpired(visa, new Date(2028, 6, 31))).toBe(false);
    expect(isCardExpired(visa, new Date(2028, 7, 1))).toBe(true);
  });
});

describe('paymentMethodsOf', () => {
  it('keeps a full answer as it is', () => {
    const answer = { methods: [{ id: 'pm_1', card: visa }], current_method_id: 'pm_1' };
    expect(paymentMethodsOf(answer)).toEqual(answer);
  });

  it('reads an answer without methods as an empty list (SPEC §8)', () => {
    expect(paymentMethodsOf({})).toEqual({ methods: [], current_method_id: null });
    expect(paymentMethodsOf(null)).toEqual({ methods: [], current_method_id: null });
  });
});

describe('removalConsequence', () => {
  it('says what removing the only, the default or another card changes', () => {
    expect(removalConsequence(true, true)).toMatch(/No card will be saved/);
    expect(removalConsequence(true, false)).toMatch(/no card will be the default/);
    expect(removalConsequence(false, false)).toBe('The other saved cards stay as they are.');
  });
});
