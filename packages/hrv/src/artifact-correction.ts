import {
  ECTOPIC_FIRST,
  EXTRA,
  MISSED,
  NORMAL,
  SUSPECT,
  type Detection,
} from './artifact-detector.ts';
import type { Series, Tally } from './artifact-series.ts';
import { refineBySpline, type Refinements } from './spline-refinement.ts';
import { workBuffer } from './work-buffer.ts';

/**
 * Corrects what `detect` found, each artifact by its type, into the work buffers of `slot` (passes
 * alternate two, as a pass reads the previous one's output): an extra beat merged with the next
 * interval; a missed beat and an ectopic pair split in two from equal halves, and a long/short
 * interval from its local median, both then refined by `refineBySpline`.
 */
export function correctArtifacts(
  series: Series,
  detection: Detection,
  tally: Tally,
  slot: string,
): Series {
  const { values: rr, touched, length: n } = series;
  const { kind, counts, detector } = detection;
  const { artifacts } = tally;
  artifacts.ectopic += counts.ectopic;
  artifacts.missed += counts.missed;
  artifacts.extra += counts.extra;
  artifacts.longShort += counts.longShort;
  const length = n + counts.missed - counts.extra;
  const values = workBuffer(`artifacts.cleaned-${slot}`, length);
  const cleanedTouched = workBuffer(`artifacts.cleaned-touched-${slot}`, length);
  // Knots of the spline: intervals as recorded, and the exact sum of a merged extra beat.
  const trusted = workBuffer('artifacts.trusted', length);
  const refinements: Refinements = { starts: [], sizes: [], keepTotal: [] };
  let out = 0;
  const emit = (value: number, isTouched: number, isTrusted: number) => {
    values[out] = value;
    cleanedTouched[out] = isTouched;
    trusted[out++] = isTrusted;
  };
  const refine = (size: number, keepTotal: boolean) => {
    refinements.starts.push(out - size);
    refinements.sizes.push(size);
    refinements.keepTotal.push(keepTotal);
  };
  const consume = (i: number) => {
    if (touched[i] === 0) tally.corrected++;
  };
  for (let i = 0; i < n; i++) {
    const type = kind[i]!;
    if (type === NORMAL || type === SUSPECT) {
      emit(rr[i]!, touched[i]!, type === NORMAL && touched[i] === 0 ? 1 : 0);
      continue;
    }
    consume(i);
    if (type === ECTOPIC_FIRST || type === EXTRA) {
      consume(++i);
      const total = rr[i - 1]! + rr[i]!;
      if (type === EXTRA) {
        emit(total, 1, touched[i - 1] === 0 && touched[i] === 0 ? 1 : 0);
        continue;
      }
      emit(total / 2, 1, 0);
      emit(total / 2, 1, 0);
      refine(2, true);
    } else if (type === MISSED) {
      emit(rr[i]! / 2, 1, 0);
      emit(rr[i]! / 2, 1, 0);
      refine(2, true);
    } else {
      emit(detector.median(i), 1, 0);
      refine(1, false);
    }
  }
  refineBySpline(values, length, trusted, refinements, tally.wholeMs);
  return { values, touched: cleanedTouched, length };
}
