/**
 * Not-a-knot cubic spline interpolation, as MATLAB `spline` and scipy `CubicSpline` (default
 * boundary condition) compute it: the third derivative is continuous at the second and the
 * second-to-last knot. Used to resample RR at 4 Hz and to interpolate over artifacts.
 */
import { workBuffer } from './work-buffer.ts';

export type CubicSpline = {
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number>;
  /** Second derivative of the spline at each knot. */
  readonly m: Float64Array;
};

/** Fits the spline through (x[i], y[i]); x must be strictly increasing and hold at least 2 knots. */
export function notAKnotSpline(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  m = new Float64Array(x.length),
): CubicSpline {
  const n = x.length;
  if (n < 2 || y.length !== n) throw new RangeError('a spline needs at least 2 knots');
  if (n === 2) {
    m.fill(0);
    return { x, y, m };
  }
  if (n === 3) {
    // Not-a-knot on 3 knots is the one parabola through them: constant second derivative.
    const h0 = x[1]! - x[0]!;
    const h1 = x[2]! - x[1]!;
    const curvature = (2 * ((y[2]! - y[1]!) / h1 - (y[1]! - y[0]!) / h0)) / (h0 + h1);
    m.fill(curvature);
    return { x, y, m };
  }
  // Interior equations for i = 1..n-2:
  //   h[i-1]·m[i-1] + 2(h[i-1] + h[i])·m[i] + h[i]·m[i+1] = 6(d[i] - d[i-1]).
  // The not-a-knot conditions give m[0] and m[n-1] in terms of their two neighbours; substituting
  // them into the first and last interior rows leaves a tridiagonal system in m[1..n-2], solved by
  // the Thomas algorithm (diagonally dominant, so stable without pivoting).
  const size = n - 2;
  const sub = workBuffer('spline.sub', size);
  const diag = workBuffer('spline.diag', size);
  const sup = workBuffer('spline.sup', size);
  const rhs = workBuffer('spline.rhs', size);
  // One division per knot (the slope of each interval); divisions dominate this loop's cost.
  let hPrev = x[1]! - x[0]!;
  let slopePrev = (y[1]! - y[0]!) / hPrev;
  for (let i = 1; i <= size; i++) {
    const hNext = x[i + 1]! - x[i]!;
    const slopeNext = (y[i + 1]! - y[i]!) / hNext;
    sub[i - 1] = hPrev;
    diag[i - 1] = 2 * (hPrev + hNext);
    sup[i - 1] = hNext;
    rhs[i - 1] = 6 * (slopeNext - slopePrev);
    hPrev = hNext;
    slopePrev = slopeNext;
  }
  const h0 = x[1]! - x[0]!;
  const h1 = x[2]! - x[1]!;
  // m[0] = ((h0 + h1)·m[1] - h0·m[2]) / h1
  diag[0]! += (h0 * (h0 + h1)) / h1;
  sup[0]! -= (h0 * h0) / h1;
  const hLast = x[n - 1]! - x[n - 2]!;
  const hBefore = x[n - 2]! - x[n - 3]!;
  // m[n-1] = ((hBefore + hLast)·m[n-2] - hLast·m[n-3]) / hBefore
  diag[size - 1]! += (hLast * (hBefore + hLast)) / hBefore;
  sub[size - 1]! -= (hLast * hLast) / hBefore;

  // Forward elimination keeps 1/diag (in `diag`) so the back substitution multiplies.
  diag[0] = 1 / diag[0]!;
  for (let i = 1; i < size; i++) {
    const factor = sub[i]! * diag[i - 1]!;
    diag[i] = 1 / (diag[i]! - factor * sup[i - 1]!);
    rhs[i]! -= factor * rhs[i - 1]!;
  }
  m[size] = rhs[size - 1]! * diag[size - 1]!;
  for (let i = size - 2; i >= 0; i--) m[i + 1] = (rhs[i]! - sup[i]! * m[i + 2]!) * diag[i]!;
  m[0] = ((h0 + h1) * m[1]! - h0 * m[2]!) / h1;
  m[n - 1] = ((hBefore + hLast) * m[n - 2]! - hLast * m[n - 3]!) / hBefore;
  return { x, y, m };
}

const ONE_SIXTH = 1 / 6;

/**
 * Evaluates the spline at `count` ascending points, `at[k]` or else `start + k·step`, in one pass
 * into `out`. Each interval's cubic is taken in powers of (t − x[i]) once, so a point costs three
 * multiply-adds; points outside the knots extrapolate the end polynomials, as scipy does.
 */
function evaluateAscending(
  spline: CubicSpline,
  count: number,
  at: ArrayLike<number> | null,
  start: number,
  step: number,
  out: Float64Array,
): Float64Array {
  const { x, y, m } = spline;
  const lastInterval = x.length - 2;
  let i = -1;
  let left = 0;
  let base = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let k = 0; k < count; k++) {
    const point = at ? at[k]! : start + k * step;
    let interval = i < 0 ? 0 : i;
    while (interval < lastInterval && point > x[interval + 1]!) interval++;
    if (interval !== i) {
      i = interval;
      left = x[i]!;
      base = y[i]!;
      const h = x[i + 1]! - left;
      const inverseH = 1 / h;
      b = (y[i + 1]! - base) * inverseH - h * (2 * m[i]! + m[i + 1]!) * ONE_SIXTH;
      c = m[i]! * 0.5;
      d = (m[i + 1]! - m[i]!) * inverseH * ONE_SIXTH;
    }
    const dx = point - left;
    out[k] = base + dx * (b + dx * (c + dx * d));
  }
  return out;
}

/** Evaluates the spline at ascending points `at`. */
export function evaluateSpline(
  spline: CubicSpline,
  at: ArrayLike<number>,
  out = new Float64Array(at.length),
): Float64Array {
  return evaluateAscending(spline, at.length, at, 0, 0, out);
}

/** Evaluates the spline on the uniform grid start, start + step, … for `count` points. */
export function evaluateSplineOnGrid(
  spline: CubicSpline,
  start: number,
  step: number,
  count: number,
  out = new Float64Array(count),
): Float64Array {
  return evaluateAscending(spline, count, null, start, step, out);
}
