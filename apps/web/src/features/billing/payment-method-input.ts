import type { FormErrors } from '@mantine/form';
import { CARD_EXPIRED_MESSAGE, LocalCardBody } from '@resonant/contracts/billing';
import { zodResolver } from '../../lib/zod-resolver.ts';

/** What the test-mode card form holds: the card as typed, and the billing address. */
export type LocalCardValues = {
  number: string;
  /** MM/YY as typed. */
  expiry: string;
  cvc: string;
  name: string;
  line1: string;
  city: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2 code, or null until one is picked. */
  country: string | null;
};

export const EMPTY_LOCAL_CARD: LocalCardValues = {
  number: '',
  expiry: '',
  cvc: '',
  name: '',
  line1: '',
  city: '',
  postal_code: '',
  country: null,
};

export const EXPIRY_FORMAT_MESSAGE = 'Expiry must be MM/YY';
const CARD_NUMBER_MAX_DIGITS = 19;

/** A card number as it is read aloud and printed: digits in groups of four. */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The expiry as it is typed: the slash comes by itself after the month ("1228" reads "12/28", "4"
 * and "1/" a one-digit month "04/" and "01/"), deleting back over the slash removes it, and a
 * pasted "12/2028" becomes "12/28".
 */
export function formatExpiry(typed: string, previous: string): string {
  const full = parseExpiry(typed);
  if (full && /\d{4}\s*$/.test(typed)) return `${pad2(full.month)}/${pad2(full.year % 100)}`;
  let digits = typed.replace(/\D/g, '');
  if (/^\d\s*\//.test(typed) || /^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  const deleting = typed.length < previous.length;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** MM/YY (or MM/YYYY) as month and four-digit year; null when it is not that shape. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/** The body of the test-mode card calls, as LocalCardBody reads it. */
export function toLocalCardBody(values: LocalCardValues): LocalCardBody {
  const expiry = parseExpiry(values.expiry);
  return {
    number: values.number,
    exp_month: expiry?.month ?? Number.NaN,
    exp_year: expiry?.year ?? Number.NaN,
    cvc: values.cvc.trim(),
    address: {
      name: values.name,
      line1: values.line1,
      city: values.city,
      postal_code: values.postal_code,
      country: values.country ?? '',
    },
  };
}

const validateBody = zodResolver(LocalCardBody);

/** The body's error paths, moved onto the form's fields. */
const FIELD_OF_PATH: Record<string, keyof LocalCardValues> = {
  number: 'number',
  exp_month: 'expiry',
  exp_year: 'expiry',
  cvc: 'cvc',
  'address.name': 'name',
  'address.line1': 'line1',
  'address.city': 'city',
  'address.postal_code': 'postal_code',
  'address.country': 'country',
};

/**
 * The test-mode card form's errors: LocalCardBody's own messages (the API answers with the same),
 * an expiry that is not MM/YY, and a card that expired before this month (`today` in the
 * browser's calendar), which the API would refuse.
 */
export function localCardErrors(values: LocalCardValues, today: Date): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(validateBody(toLocalCardBody(values)))) {
    const field = FIELD_OF_PATH[path];
    if (field && !(field in errors)) errors[field] = message;
  }
  if (values.number.trim() === '') errors.number = 'Card number is required';
  if (values.cvc.trim() === '') errors.cvc = 'CVC is required';
  const expiry = parseExpiry(values.expiry);
  if (!expiry) {
    errors.expiry = values.expiry.trim() === '' ? 'Expiry is required' : EXPIRY_FORMAT_MESSAGE;
  } else if (!errors.expiry && isBeforeMonthOf(expiry, today)) {
    errors.expiry = CARD_EXPIRED_MESSAGE;
  }
  return errors;
}

/** Whether a card's expiry month ended before `today`'s month began (cards run to month's end). */
export function isBeforeMonthOf(expiry: { month: number; year: number }, today: Date): boolean {
  const thisMonth = today.getFullYear() * 12 + today.getMonth();
  return expiry.year * 12 + (expiry.month - 1) < thisMonth;
}
