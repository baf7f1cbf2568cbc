/**
 * One pass of the Lipponen & Tarvainen (2019) artifact detector, with the constants of NeuroKit2's
 * `signal_fixpeaks(method="Kubios")`, and the classes it gives each interval.
 */
import {
  movingQuantilePair,
  movingQuantiles,
  quantilePair,
  windowMedian,
} from './moving-quantile.ts';
import type { ArtifactCounts, Series } from './artifact-series.ts';
import { MAX_RR_MS, MIN_RR_MS } from './rr-range.ts';
import { workBuffer } from './work-buffer.ts';

// The detector's constants: paper and NeuroKit2's `_find_artifacts`.
const C1 = 0.13;
const C2 = 0.17;
const ALPHA = 5.2;
const THRESHOLD_WINDOW = 91;
const MEDIAN_WINDOW = 11;
const MEDIAN = [0.5] as const;
// Additions of this port (see `Detector`): the least displacement of an artifact as a share of
// the local median, and how balanced a pair must be to be ectopic, or to make its partner suspect.
const MIN_DISPLACEMENT = 0.1;
const ECTOPIC_BALANCE = 0.5;
const SUSPECT_BALANCE = 0.35;
// A floor for Th1 and Th2, which are 0 when three quarters of a window share one value (a constant
// or coarsely quantised series): dividing by 0 would flag every change, or give NaN. Th1 is about
// 2.2 · RMSSD, so the floor only binds for an RMSSD under about 5 ms.
const MIN_THRESHOLD_MS = 10;
// Histogram bins per ms of the rolling quartiles (`movingQuantilePair`, exact for multiples of a
// bin): RR in whole ms, as most devices report them and as corrections of such series are rounded,
// have |dRR| in whole ms and |mRR| in half ms (the median of an even edge window is a half).
const HISTOGRAM_RESOLUTION = 2;
// Below one median window of in-range intervals the thresholds have no statistics to rest on.
export const MIN_DETECTION_BEATS = MEDIAN_WINDOW;
// Beyond this many Th2 windows in a pass, rolling quartiles over the whole series cost less.
const MAX_SINGLE_WINDOWS = 6;

// Classification of each interval in a detection pass.
export const NORMAL = 0;
export const ECTOPIC_FIRST = 1; // first interval of an ectopic pair; the second is ECTOPIC_SECOND
const ECTOPIC_SECOND = 2;
export const EXTRA = 3; // merged with the next interval, which is EXTRA_PARTNER
const EXTRA_PARTNER = 4;
export const MISSED = 5;
const LONG_SHORT = 6;
export const SUSPECT = 7; // kept as it is, but not trusted as a knot of the spline

/** A pass's events, and the long/short intervals it flags that an earlier pass interpolated. */
type Counts = Omit<ArtifactCounts, 'outOfRange'> & { again: number };
/** One detector pass: each interval's class (NORMAL, …) and the new events found. */
export type Detection = { kind: Float64Array; counts: Counts; events: number; detector: Detector };

/** Th = α · quartile deviation, floored (see MIN_THRESHOLD_MS). */
function threshold(q1: number, q3: number): number {
  return Math.max((ALPHA * (q3 - q1)) / 2, MIN_THRESHOLD_MS);
}

/**
 * One pass of the Lipponen & Tarvainen (2019) detector over an in-range series of ≥ 11 intervals.
 *
 * Every artifact class starts from |dRR| > Th1 (Figure 1 as NeuroKit2's `_find_artifacts` runs it),
 * so Th1 is computed for every beat and the rest only when a test reaches it: medRR of a beat from
 * its own 11 beats, Th2 from its own 91 (with their medians). A clean recording, whose few beats
 * over Th1 stay within 10 % of medRR, costs the |dRR| quartiles and a handful of medians.
 *
 * Where this port adds to the paper, it says why: each addition keeps a correction from doing harm
 * that the paper's thresholds alone let through (see `isPair`, `classifyPair`, `longShortKind`).
 */
export class Detector {
  private readonly rr: Float64Array;
  /** 1 where an earlier stage or pass corrected the interval. */
  private readonly touched: Float64Array;
  private readonly n: number;
  /** dRR(j) / Th1 at [j + 1], for j = −1 … n + 1. */
  private readonly d: Float64Array;
  /** medRR and Th2, NaN until needed. */
  private readonly medians: Float64Array;
  private readonly threshold2s: Float64Array;
  /** Th2 windows computed one at a time in this pass. */
  private threshold2Windows = 0;

  constructor(series: Series) {
    this.rr = series.values;
    this.touched = series.touched;
    this.n = series.length;
    this.d = workBuffer('artifacts.drr', this.n + 3);
    this.medians = workBuffer('artifacts.median', this.n);
    this.threshold2s = workBuffer('artifacts.threshold2', this.n);
  }

  /** Classifies every interval; null when nothing is found. */
  detect(): Detection | null {
    const { rr, n, d } = this;
    // dRR(j) = RR(j) − RR(j − 1), normalised by Th1 = α·QD(|dRR|) over a centred 91-beat window.
    // The subspaces look one dRR back and two ahead, so the series is mirrored at its ends
    // (RR(−1) = RR(1), RR(n) = RR(n − 2)), as NeuroKit2 pads its dRRs ("reflect"): an artifact in
    // the first or last interval still shows its up-and-down dRR pattern, and a clean edge shows
    // none. NeuroKit2 puts the series mean before the first interval, which flags a clean series
    // that starts far from its mean.
    d[0] = rr[1]! - rr[2]!;
    d[1] = rr[0]! - rr[1]!;
    for (let j = 1; j < n; j++) d[j + 1] = rr[j]! - rr[j - 1]!;
    d[n + 1] = rr[n - 2]! - rr[n - 1]!;
    d[n + 2] = rr[n - 3]! - rr[n - 2]!;
    const magnitude = workBuffer('artifacts.magnitude', n);
    const q1 = workBuffer('artifacts.q1', n);
    const q3 = workBuffer('artifacts.q3', n);
    for (let j = 0; j < n; j++) magnitude[j] = Math.abs(d[j + 1]!);
    movingQuantilePair(magnitude, n, THRESHOLD_WINDOW, HISTOGRAM_RESOLUTION, 0.25, 0.75, q1, q3);
    let examined = 0;
    for (let j = -1; j <= n + 1; j++) {
      const edge = j < 0 ? 0 : j >= n ? n - 1 : j;
      d[j + 1]! /= threshold(q1[edge]!, q3[edge]!);
      if (j >= 0 && j < n && Math.abs(d[j + 1]!) > 1) examined++;
    }
    if (examined === 0) return null;
    this.medians.fill(NaN);
    this.threshold2s.fill(NaN);
    const kind = workBuffer('artifacts.kind', n).fill(NORMAL);
    const counts = this.classify(kind);
    const events = counts.ectopic + counts.missed + counts.extra + counts.longShort;
    return events + counts.again > 0 ? { kind, counts, events, detector: this } : null;
  }

  /** dRR(j) / Th1, j = −1 … n + 1. */
  private s(j: number): number {
    return this.d[j + 1]!;
  }

  /**
   * medRR(j): 11-beat centred median. Partial windows at the edges, as NeuroKit2's pandas rolling
   * median (min_periods=1): scipy's medfilt, in older NeuroKit2, pads with zeros, which pulls the
   * median of the first and last five beats towards 0 and makes them look long.
   */
  median(j: number): number {
    if (Number.isNaN(this.medians[j]!)) {
      this.medians[j] = windowMedian(this.rr, this.n, MEDIAN_WINDOW, j);
    }
    return this.medians[j]!;
  }

  /** mRR(j) / Th2(j). */
  private m(j: number): number {
    return this.mrr(j) / this.threshold2(j);
  }

  /** mRR(j) = RR(j) − medRR(j), negative values doubled. */
  private mrr(j: number): number {
    const deviation = this.rr[j]! - this.median(j);
    return deviation < 0 ? 2 * deviation : deviation;
  }

  /**
   * Th2(j) = α·QD(|mRR|) over a centred 91-beat window (ms). A clean pass needs it at one or two
   * beats as a rule, where rolling quartiles would cost the whole series: each is computed from its
   * own window (with the window's medians, from one rolling sweep over those still unknown), until
   * a pass needs many, when rolling medians and quartiles over the whole series cost less.
   */
  private threshold2(j: number): number {
    const { rr, n, medians, threshold2s } = this;
    if (!Number.isNaN(threshold2s[j]!)) return threshold2s[j]!;
    if (++this.threshold2Windows > MAX_SINGLE_WINDOWS) {
      movingQuantiles(rr, n, MEDIAN_WINDOW, MEDIAN, [medians]);
      const magnitude = workBuffer('artifacts.magnitude', n);
      for (let k = 0; k < n; k++) magnitude[k] = Math.abs(this.mrr(k));
      const q1 = workBuffer('artifacts.q1', n);
      const q3 = workBuffer('artifacts.q3', n);
      movingQuantilePair(magnitude, n, THRESHOLD_WINDOW, HISTOGRAM_RESOLUTION, 0.25, 0.75, q1, q3);
      for (let k = 0; k < n; k++) threshold2s[k] = threshold(q1[k]!, q3[k]!);
      return threshold2s[j]!;
    }
    const start = Math.max(0, j - (THRESHOLD_WINDOW - 1) / 2);
    const end = Math.min(n, j + (THRESHOLD_WINDOW + 1) / 2);
    let first = start;
    while (first < end && !Number.isNaN(medians[first]!)) first++;
    let last = end;
    while (last > first && !Number.isNaN(medians[last - 1]!)) last--;
    if (first < last) movingQuantiles(rr, n, MEDIAN_WINDOW, MEDIAN, [medians], first, last);
    const magnitude = workBuffer('artifacts.magnitude', end - start);
    for (let k = start; k < end; k++) magnitude[k - start] = Math.abs(this.mrr(k));
    const [q1, q3] = quantilePair(magnitude, 0, end - start, 0.25, 0.75);
    threshold2s[j] = threshold(q1, q3);
    return threshold2s[j]!;
  }

  /** How far a corrected value would sit from the local median, the yardstick of Th2. */
  private misfit(value: number, j: number): number {
    return Math.abs(value - this.median(j));
  }

  /**
   * The subspace S11–S12. S12 is the neighbour dRR that opposes dRR(j) least (max
   * if dRR(j) > 0, min if < 0). An ectopic beat makes a short–long (or long–short) pair whose dRR
   * reads −, +, − (or +, −, +): detected at the middle, the second interval of the pair, so j − 1
   * and j are the pair.
   */
  private inEctopicRegion(j: number): boolean {
    if (j < 1 || j >= this.n) return false;
    const s11 = this.s(j);
    if (s11 > 1) return Math.max(this.s(j - 1), this.s(j + 1)) < -C1 * s11 - C2;
    if (s11 < -1) return Math.min(this.s(j - 1), this.s(j + 1)) > -C1 * s11 + C2;
    return false;
  }

  private pairMisfit(j: number): number {
    return this.misfit((this.rr[j - 1]! + this.rr[j]!) / 2, j);
  }

  /**
   * An ectopic pair ends at j. Added to the region test: the beat is displaced by at least 10 % of
   * the local median, so that the two intervals differ by 20 % or more (the classic 20 % rule for
   * ectopic beats, Malik et al. 1989), since where Th1 is small the rhythm's own beat-to-beat swing
   * (3–7 % in the synthetic series) meets the region often, and correcting those pairs would
   * flatten real variability; and the pair keeps its sum, its mean being the local median within
   * Th2, as the paper's missed and extra tests ask of theirs.
   */
  private isPair(j: number): boolean {
    const { rr } = this;
    return (
      this.inEctopicRegion(j) &&
      Math.abs(rr[j]! - rr[j - 1]!) >= 2 * MIN_DISPLACEMENT * this.median(j) &&
      this.pairMisfit(j) < this.threshold2(j)
    );
  }

  /**
   * A pattern can put two successive beats in the region: its middle is where |dRR| peaks (2δ for
   * a beat displaced by δ, δ at its sides).
   */
  private isPairCentre(j: number): boolean {
    return this.isPair(j) && !(this.isPair(j + 1) && Math.abs(this.s(j + 1)) > Math.abs(this.s(j)));
  }

  /**
   * How the pair ending at j deviates from the line between its outer neighbours: a displaced beat
   * leaves one interval short and the other long by about the same amount, a lone long or short
   * interval one of them alone. Returns the smaller deviation over the larger (0 when they agree in
   * sign) and which interval deviates more.
   */
  private balance(j: number): { balance: number; larger: number } {
    const { rr, n } = this;
    const before = rr[j < 2 ? 2 - j : j - 2]!; // mirrored at the ends, as the dRRs
    const after = rr[j + 1 < n ? j + 1 : n - 2]!;
    const first = rr[j - 1]! - (2 * before + after) / 3;
    const second = rr[j]! - (before + 2 * after) / 3;
    const small = Math.min(Math.abs(first), Math.abs(second));
    const large = Math.max(Math.abs(first), Math.abs(second));
    return {
      balance: first * second < 0 ? small / large : 0,
      larger: Math.abs(first) > Math.abs(second) ? j - 1 : j,
    };
  }

  /**
   * The subspace S21–S22 and |mRR| > 3: long or short, refined to extra (short,
   * and merged with the next interval it gives the local median within Th2) or missed (long, and
   * its half gives the local median within Th2).
   */
  private longShortKind(j: number): number {
    const { rr, n } = this;
    const s21 = this.s(j);
    // S22: the next two dRRs' extreme opposing dRR(j) (min if dRR(j) ≥ 0, max if < 0).
    const s22 =
      s21 >= 0 ? Math.min(this.s(j + 1), this.s(j + 2)) : Math.max(this.s(j + 1), this.s(j + 2));
    const long = s21 > 1 && s22 < -1;
    const short = s21 < -1 && s22 > 1;
    const alone = this.misfit(rr[j]!, j);
    // Added: an interval within 10 % of the local median is the rhythm's own swing (a trough whose
    // dRRs just pass Th1), not a long or short artifact, as for ectopic beats (`isPair`). Nor can
    // it be an extra or missed beat under 150 ms off: merged with an interval of ≥ 300 ms, or
    // halved, it fits the median worse than alone (see below). So it is normal, Th2 unneeded.
    if (alone < Math.min(MIN_DISPLACEMENT * this.median(j), MIN_RR_MS / 2)) return NORMAL;
    if (!long && !short && !(Math.abs(this.m(j)) > 3)) return NORMAL;
    // Added: Th2 is wide where variability is high or artifacts cluster (≈ 200 ms), so a missed or
    // extra beat must also fit better split or merged than as it is (a 1.3× interval is long, not a
    // missed beat); merges and splits stay in 300–2000 ms.
    if (short && j + 1 < n) {
      const merged = rr[j]! + rr[j + 1]!;
      const fit = this.misfit(merged, j);
      if (fit < this.threshold2(j) && fit < alone && merged <= MAX_RR_MS) return EXTRA;
    }
    const fit = this.misfit(rr[j]! / 2, j);
    if (long && fit < this.threshold2(j) && fit < alone && rr[j]! / 2 >= MIN_RR_MS) return MISSED;
    return alone >= MIN_DISPLACEMENT * this.median(j) ? LONG_SHORT : NORMAL;
  }

  /** A beat in the ectopic region that passes the extra or missed test, if that fits better. */
  private fitsBetterMergedOrSplit(j: number): boolean {
    const type = this.longShortKind(j);
    const { rr } = this;
    if (type === EXTRA) return this.misfit(rr[j]! + rr[j + 1]!, j) < this.pairMisfit(j);
    return type === MISSED && this.misfit(rr[j]! / 2, j) < this.pairMisfit(j);
  }

  /** A long/short interval is a new event unless an earlier pass interpolated it (`cleanRr`). */
  private countLongShort(j: number, counts: Counts): void {
    if (this.touched[j] === 1) counts.again++;
    else counts.longShort++;
  }

  /** The decision flow of Figure 1, beat by beat; fills `kind` and counts the events. */
  private classify(kind: Float64Array): Counts {
    const { n } = this;
    const counts: Counts = { ectopic: 0, missed: 0, extra: 0, longShort: 0, again: 0 };
    let i = 0;
    while (i < n) {
      if (!(Math.abs(this.s(i)) > 1)) {
        i++;
        continue;
      }
      if (this.isPair(i)) {
        if (!this.isPairCentre(i)) {
          i++; // the first interval of the pair centred on i + 1
          continue;
        }
        if (kind[i - 1] === NORMAL && !this.fitsBetterMergedOrSplit(i)) {
          this.classifyPair(i, kind, counts);
          i++;
          continue;
        }
      }
      // Figure 1 also tests beat j + 1 if |dRR(j + 1)| < |dRR(j + 2)|: the artifact may sit there.
      const last = i + 1 < n && Math.abs(this.s(i + 1)) < Math.abs(this.s(i + 2)) ? i + 1 : i;
      let next = last + 1;
      for (let j = i; j <= last; j++) {
        // The first interval of an ectopic pair also looks short or long: leave it to the pair,
        // where NeuroKit2 flags it long/short as well and corrects the beat twice.
        if (this.isPairCentre(j + 1)) {
          next = j + 1;
          break;
        }
        const type = this.longShortKind(j);
        if (type === NORMAL) continue;
        kind[j] = type;
        if (type === EXTRA) {
          kind[j + 1] = EXTRA_PARTNER;
          counts.extra++;
          next = j + 2;
          break;
        }
        if (type === MISSED) counts.missed++;
        else this.countLongShort(j, counts);
      }
      i = next;
    }
    return counts;
  }

  /**
   * Added: a pair in the ectopic region is ectopic only when balanced (the smaller deviation over
   * half the larger, see `balance`). A lone long or short interval lands in the region too when its
   * neighbour happens to move by 0.13·S11 + 0.17, and averaging the two would spread its excess
   * over both instead of removing it: then the interval that deviates more is long or short.
   */
  private classifyPair(j: number, kind: Float64Array, counts: Counts): void {
    const { balance, larger } = this.balance(j);
    if (balance > ECTOPIC_BALANCE) {
      kind[j - 1] = ECTOPIC_FIRST;
      kind[j] = ECTOPIC_SECOND;
      counts.ectopic++;
      return;
    }
    kind[larger] = LONG_SHORT;
    this.countLongShort(larger, counts);
    // Nearly balanced, the pair may be ectopic after all, its partner as far off as the lone one:
    // kept, but out of the spline's knots, whose interpolation it would drag, and left to show as
    // a lone artifact in the next pass.
    if (balance > SUSPECT_BALANCE) kind[larger === j ? j - 1 : j] = SUSPECT;
  }
}
