import { describe, expect, it } from 'vitest';
import { coherenceRatio } from './coherence.ts';

/** A spectrum on 0, df, 2·df, … from per-bin values. */
function spectrum(df: number, values: number[]) {
  return { psd: Float64Array.from(values), df };
}

describe('coherenceRatio', () => {
  it('divides the power in a 0.030 Hz window around the peak by the rest of 0.0033–0.4 Hz', () => {
    // Bins at 0.00, 0.01, …, 0.50 Hz: a flat floor of 1 with a peak of 11 at 0.10 Hz. The window
    // 0.085–0.115 Hz holds bins 0.09, 0.10, 0.11 (1 + 11 + 1 = 13); 0.0033–0.4 Hz holds bins
    // 0.01…0.40 (40 bins, 40 + 10 = 50), so the ratio is 13 / 37.
    const values = Array.from({ length: 51 }, (_, k) => (k === 10 ? 11 : 1));
    expect(coherenceRatio(spectrum(0.01, values))).toBeCloseTo(13 / 37, 12);
  });

  it('takes the highest local peak, not the VLF slope at the edge of the search band', () => {
    // VLF power of 50 at 0.01–0.03 Hz falls to 20 at 0.04 Hz: the highest bin in 0.04–0.26 Hz but
    // no peak. The peak is 5 at 0.20 Hz: window 1 + 5 + 1 = 7, total 3·50 + 20 + 36·1 + 4 = 210.
    const values = Array.from({ length: 51 }, (_, k) =>
      k === 0 ? 0 : k <= 3 ? 50 : k === 4 ? 20 : k === 20 ? 5 : 1,
    );
    expect(coherenceRatio(spectrum(0.01, values))).toBeCloseTo(7 / 203, 12);
  });

  it('is null without power outside the peak or without bins in the search band', () => {
    expect(coherenceRatio(spectrum(0.01, new Array<number>(51).fill(0)))).toBeNull();
    expect(coherenceRatio(spectrum(0.01, [1, 2, 3]))).toBeNull();
    expect(coherenceRatio(spectrum(0.01, []))).toBeNull();
  });
});
