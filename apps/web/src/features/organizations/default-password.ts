const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!#$%&*+-=?@^_';
const ALL = UPPER + LOWER + DIGITS + SPECIAL;

/** How long the prefilled password of a new organization's admin is. */
export const DEFAULT_PASSWORD_LENGTH = 16;

type RandomFill = (values: Uint32Array) => Uint32Array;

const webCrypto: RandomFill = (values) => crypto.getRandomValues(values);

/** An unbiased index below `size` (rejection sampling over 32-bit values). */
function randomIndex(size: number, fill: RandomFill): number {
  const limit = Math.floor(0x1_0000_0000 / size) * size;
  const value = new Uint32Array(1);
  do fill(value);
  while (value[0]! >= limit);
  return value[0]! % size;
}

/**
 * The prefilled password of Add Organization (SPEC §5, §9: prefilled, value not shown): from
 * Web Crypto, `length` characters with at least one upper-case letter, lower-case letter, digit
 * and special character, in random positions. Look-alikes (I, l, O, 0, 1) are left out, so it can
 * be read out or copied by hand.
 */
export function generateDefaultPassword(
  length = DEFAULT_PASSWORD_LENGTH,
  fill: RandomFill = webCrypto,
): string {
  const pick = (set: string) => set[randomIndex(set.length, fill)]!;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < Math.max(length, 4)) chars.push(pick(ALL));
  // Fisher–Yates, so the required kinds are not always at the front.
  for (let index = chars.length - 1; index > 0; index--) {
    const other = randomIndex(index + 1, fill);
    [chars[index], chars[other]] = [chars[other]!, chars[index]!];
  }
  return chars.join('');
}
