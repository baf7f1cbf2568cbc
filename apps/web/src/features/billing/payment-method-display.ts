import {
  CARD_BRANDS,
  type CardBrand,
  type PaymentMethod,
  type PaymentMethodsResponse,
} from '@resonant/contracts/billing';
import { isBeforeMonthOf } from './payment-method-input.ts';

const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** One of the brands SPEC §9 recognises (those get a logo). */
export function isKnownBrand(brand: string): brand is CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(brand);
}

/** A brand as people write it; one we do not know is shown by its own name ("Card" if none). */
export function cardBrandName(brand: string): string {
  if (isKnownBrand(brand)) return BRAND_NAMES[brand];
  const words = brand.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Card';
}

type Card = PaymentMethod['card'];

/** How a card is named in a sentence or to a screen reader: "Visa ending in 4242". */
export function cardName(card: Card): string {
  return `${cardBrandName(card.brand)} ending in ${card.last4}`;
}

/** A card past its expiry month: it stays listed, but charges to it will fail. */
export function isCardExpired(card: Card, today: Date): boolean {
  return isBeforeMonthOf({ month: card.exp_month, year: card.exp_year }, today);
}

/** What removing a card changes, said under the question that names it. */
export function removalConsequence(isDefault: boolean, onlyCard: boolean): string {
  if (onlyCard) return 'No card will be saved, so invoices wait until someone pays them.';
  if (isDefault)
    return 'It is the default card, so no card will be the default until you pick one.';
  return 'The other saved cards stay as they are.';
}

/** SPEC §8: an answer without a methods field is an empty list. */
export function paymentMethodsOf(
  answer: Partial<PaymentMethodsResponse> | null | undefined,
): PaymentMethodsResponse {
  return {
    methods: Array.isArray(answer?.methods) ? answer.methods : [],
    current_method_id: answer?.current_method_id ?? null,
  };
}
