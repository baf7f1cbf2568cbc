import type { CardBrand } from '@resonant/contracts/billing';

/**
 * What a test card does, as the card provider documents it: `succeeds`; a decline code
 * (`card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc`) when saving the card is
 * already declined; or `charge_declined` for the card that saves but whose every charge is declined.
 */
export type TestCardOutcome =
  | 'succeeds'
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'charge_declined';

export type TestCard = { brand: CardBrand; outcome: TestCardOutcome };

/**
 * Stripe's published test numbers (docs.stripe.com/testing), so test mode behaves as Stripe's
 * test mode does and the same numbers work with either provider.
 */
const TEST_CARDS: ReadonlyMap<string, TestCard> = new Map([
  ['4242424242424242', { brand: 'visa', outcome: 'succeeds' }],
  ['4000056655665556', { brand: 'visa', outcome: 'succeeds' }],
  ['5555555555554444', { brand: 'mastercard', outcome: 'succeeds' }],
  ['2223003122003222', { brand: 'mastercard', outcome: 'succeeds' }],
  ['378282246310005', { brand: 'amex', outcome: 'succeeds' }],
  ['6011111111111117', { brand: 'discover', outcome: 'succeeds' }],
  ['3056930009020004', { brand: 'diners', outcome: 'succeeds' }],
  ['3566002020360505', { brand: 'jcb', outcome: 'succeeds' }],
  ['6200000000000005', { brand: 'unionpay', outcome: 'succeeds' }],
  ['4000000000000002', { brand: 'visa', outcome: 'card_declined' }],
  ['4000000000009995', { brand: 'visa', outcome: 'insufficient_funds' }],
  ['4000000000000069', { brand: 'visa', outcome: 'expired_card' }],
  ['4000000000000127', { brand: 'visa', outcome: 'incorrect_cvc' }],
  ['4000000000000341', { brand: 'visa', outcome: 'charge_declined' }],
] as const);

/** The test card of a number (digits only), or undefined when it is not a published test number. */
export function findTestCard(number: string): TestCard | undefined {
  return TEST_CARDS.get(number);
}

/** Whether saving (attaching) the card is declined: every decline but the charge-only one. */
export function declinedOnAttach(
  outcome: TestCardOutcome,
): outcome is Exclude<TestCardOutcome, 'succeeds' | 'charge_declined'> {
  return outcome !== 'succeeds' && outcome !== 'charge_declined';
}

// Stripe's own decline messages, so logs and mails read the same with either provider.
const DECLINE_MESSAGES: Record<Exclude<TestCardOutcome, 'succeeds'>, string> = {
  card_declined: 'Your card was declined.',
  charge_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
};

/** The provider's message for a declined outcome. */
export function declineMessage(outcome: Exclude<TestCardOutcome, 'succeeds'>): string {
  return DECLINE_MESSAGES[outcome];
}
