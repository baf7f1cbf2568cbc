import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@resonant/contracts/two-factor';
import { hashToken } from '../../lib/crypto.ts';

/** Lower-case letters and digits without the ones people misread (0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

function randomHalf(): string {
  return Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/**
 * Ten new recovery codes as shown to the person ("abcde-fghjk": 10 characters of a 31-letter
 * alphabet, about 50 bits each, enough against guessing under the sign-in limits).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomHalf()}-${randomHalf()}`);
}

/** What is stored of a code: the SHA-256 of its normal form (case, spaces and dash ignored). */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replaceAll(/[\s-]/gu, ''));
}
