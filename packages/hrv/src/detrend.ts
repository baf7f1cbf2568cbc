import { workBuffer } from './work-buffer.ts';

/** Regularisation of the smoothness-priors detrend, as in Kubios and the HRV issue. */
export const SMOOTHNESS_PRIORS_LAMBDA = 500;

/** LDLᵀ factors of the symmetric pentadiagonal matrix I + λ²·D₂ᵀD₂ (unit-diagonal L). */
type PentadiagonalFactors = { inverseD: Float64Array; l1: Float64Array; l2: Float64Array };

// The factors depend only on the series length and λ, and recordings of one kind share lengths:
// keep the last few so a batch of 5-minute recordings factorises once.
const factorCache = new Map<string, PentadiagonalFactors>();
const FACTOR_CACHE_SIZE = 16;

function factorise(n: number, lambda: number): PentadiagonalFactors {
  const key = `${n}:${lambda}`;
  const cached = factorCache.get(key);
  if (cached) return cached;
  // Bands of A = I + λ²·D₂ᵀD₂, D₂ being the (n − 2) × n second-difference matrix [1 −2 1].
  const weight = lambda * lambda;
  const main = new Float64Array(n).fill(1);
  const off1 = new Float64Array(n); // off1[i] = A[i][i-1]
  const off2 = new Float64Array(n); // off2[i] = A[i][i-2]
  for (let k = 0; k + 2 < n; k++) {
    main[k]! += weight;
    main[k + 1]! += 4 * weight;
    main[k + 2]! += weight;
    off1[k + 1]! -= 2 * weight;
    off1[k + 2]! -= 2 * weight;
    off2[k + 2]! += weight;
  }
  const d = new Float64Array(n);
  const l1 = new Float64Array(n);
  const l2 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (i >= 2) l2[i] = off2[i]! / d[i - 2]!;
    if (i >= 1) l1[i] = (off1[i]! - (i >= 2 ? l2[i]! * l1[i - 1]! * d[i - 2]! : 0)) / d[i - 1]!;
    d[i] =
      main[i]! -
      (i >= 1 ? l1[i]! * l1[i]! * d[i - 1]! : 0) -
      (i >= 2 ? l2[i]! * l2[i]! * d[i - 2]! : 0);
  }
  const inverseD = d.map((value) => 1 / value);
  const factors = { inverseD, l1, l2 };
  if (factorCache.size >= FACTOR_CACHE_SIZE) {
    const oldest = factorCache.keys().next().value;
    if (oldest !== undefined) factorCache.delete(oldest);
  }
  factorCache.set(key, factors);
  return factors;
}

/**
 * Smoothness-priors detrending (Tarvainen, Ranta-aho & Karjalainen 2002, IEEE TBME 49(2):172–175):
 * z − (I + λ²D₂ᵀD₂)⁻¹z. The matrix is pentadiagonal, so a banded LDLᵀ solve makes it O(n) instead
 * of the paper's dense inverse. Writes into `out`, which may be `z` itself.
 */
export function smoothnessPriorsDetrend(
  z: Float64Array,
  lambda = SMOOTHNESS_PRIORS_LAMBDA,
  out = new Float64Array(z.length),
): Float64Array {
  const n = z.length;
  if (n < 3) return out.fill(0);
  const { inverseD, l1, l2 } = factorise(n, lambda);
  // Two passes with the recurrences' last values in locals: forward substitution with L scaled by
  // D⁻¹ (kept in `scaled`), then back substitution with Lᵀ, writing z − trend as each trend value
  // is found (so `out` may alias `z`).
  const scaled = workBuffer('detrend.scaled', n);
  let previous = 0;
  let beforePrevious = 0;
  for (let i = 0; i < n; i++) {
    const y = z[i]! - l1[i]! * previous - l2[i]! * beforePrevious;
    scaled[i] = y * inverseD[i]!;
    beforePrevious = previous;
    previous = y;
  }
  let next = 0;
  let afterNext = 0;
  for (let i = n - 1; i >= 0; i--) {
    const trend =
      scaled[i]! - (i + 1 < n ? l1[i + 1]! : 0) * next - (i + 2 < n ? l2[i + 2]! : 0) * afterNext;
    out[i] = z[i]! - trend;
    afterNext = next;
    next = trend;
  }
  return out;
}
