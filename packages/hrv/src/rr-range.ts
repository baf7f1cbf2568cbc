/** Physiological range of an RR interval (ms); values outside it are artifacts (HRV issue). */
export const RR_RANGE_MS = [300, 2000] as const;
export const [MIN_RR_MS, MAX_RR_MS] = RR_RANGE_MS;

export function isInRange(value: number): boolean {
  return value >= MIN_RR_MS && value <= MAX_RR_MS;
}
