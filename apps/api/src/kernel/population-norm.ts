/**
 * The population norm of DESIGN §5: for a member, the mean 30-day RMSSD of all platform members of
 * the same sex and 10-year age band when at least {@link PLATFORM_BAND_MIN_MEMBERS} such members
 * have readings in their last 30 days; otherwise the published norm of that sex and age band.
 *
 * Age bands are the decades of the published table: 25–34, 35–44, 45–54, 55–64, 65–74, continued
 * the same way on both sides (…, 15–24, 75–84, …) for the platform means; a band is named by its
 * first year. Age is in whole years on the current UTC date, counted by the database (age()). A
 * member without a birth date has no norm (left out of group means).
 */
import type { Gender } from '@resonant/contracts/profile';

/** Fewer platform members than this in a sex and age band and the published table is used. */
export const PLATFORM_BAND_MIN_MEMBERS = 20;

/** The sexes with their own norms; every other answer uses the mean of both. */
export type NormSex = 'Male' | 'Female';

/**
 * Published short-term (5-minute, supine, resting) RMSSD in ms by sex and age decade: Voss A,
 * Schroeder R, Heitmann A, Peters A, Perz S. Short-term heart rate variability — influence of gender
 * and age in healthy subjects. PLoS One 2015;10(3):e0118308, doi:10.1371/journal.pone.0118308 —
 * the table of linear HRV indices per sex and age decade (1,906 healthy adults of the KORA S4
 * cohort: 782 women, 1,124 men), the mean of each group. Keys are the first year of each decade.
 */
export const VOSS_2015_RMSSD_MS: Record<NormSex, Record<number, number>> = {
  Female: { 25: 36.1, 35: 30.7, 45: 24.5, 55: 20.3, 65: 19.4 },
  Male: { 25: 36.2, 35: 30.6, 45: 26.8, 55: 23.4, 65: 21.1 },
};
const TABLE_FIRST_BAND = 25;
const TABLE_LAST_BAND = 65;

/**
 * The published norm of a sex and band. Outside the table's 25–74 the nearest decade is used: the
 * paper found no age dependence left in its last decade, and under-25s are closest to 25–34 (their
 * norm is, if anything, higher).
 */
export function publishedNorm(sex: NormSex, band: number): number {
  const clamped = Math.min(TABLE_LAST_BAND, Math.max(TABLE_FIRST_BAND, band));
  return VOSS_2015_RMSSD_MS[sex][clamped]!;
}

/** Mean 30-day RMSSD of the platform's members of one sex and band, and how many they are. */
export type PlatformBandMean = { sex: NormSex; band: number; members: number; meanRmssd: number };

/** Platform band means keyed by `${sex} ${band}` for lookup. */
export type PlatformNorms = Map<string, PlatformBandMean>;

export function platformNorms(rows: readonly PlatformBandMean[]): PlatformNorms {
  return new Map(rows.map((row) => [`${row.sex} ${row.band}`, row]));
}

/** The norm of one sex and band: the platform mean when enough members share it, else the table. */
function sexBandNorm(sex: NormSex, band: number, platform: PlatformNorms): number {
  const mean = platform.get(`${sex} ${band}`);
  return mean && mean.members >= PLATFORM_BAND_MIN_MEMBERS
    ? mean.meanRmssd
    : publishedNorm(sex, band);
}

/**
 * The norm of a member of this gender and band. Genders other than Male and Female (and an
 * unanswered one) take the mean of the male and female norms of their band.
 */
export function normOf(gender: Gender | null, band: number, platform: PlatformNorms): number {
  if (gender === 'Male' || gender === 'Female') return sexBandNorm(gender, band, platform);
  return (sexBandNorm('Male', band, platform) + sexBandNorm('Female', band, platform)) / 2;
}

/**
 * The mean of the norms of a set of members, given as head-counts per gender and band (members
 * without a birth date have no norm and are not counted); null when nobody has one.
 */
export function meanNorm(
  counts: readonly { gender: Gender | null; band: number; members: number }[],
  platform: PlatformNorms,
): number | null {
  let sum = 0;
  let members = 0;
  for (const count of counts) {
    sum += count.members * normOf(count.gender, count.band, platform);
    members += count.members;
  }
  return members === 0 ? null : sum / members;
}
