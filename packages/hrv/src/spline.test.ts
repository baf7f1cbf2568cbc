import { describe, expect, it } from 'vitest';
import { evaluateSpline, evaluateSplineOnGrid, notAKnotSpline } from './spline.ts';

const cubic = (x: number) => 2 - 0.5 * x + 0.3 * x * x - 0.02 * x * x * x;

describe('notAKnotSpline', () => {
  it('reproduces a cubic polynomial exactly on irregular knots', () => {
    const knots = [0, 0.7, 1.9, 2.2, 3.8, 5, 6.1, 7.7];
    const spline = notAKnotSpline(
      knots,
      knots.map((x) => cubic(x)),
    );
    const points = [0, 0.3, 1, 2, 3, 4.4, 6, 7.7];
    const values = evaluateSpline(spline, points);
    points.forEach((x, i) => expect(values[i]).toBeCloseTo(cubic(x), 10));
  });

  it('is the parabola through three knots and the line through two', () => {
    const parabola = notAKnotSpline([0, 1, 3], [1, 2, 10]); // y = x² + 1
    expect(evaluateSpline(parabola, [2])[0]).toBeCloseTo(5, 12);
    const line = notAKnotSpline([0, 2], [1, 5]);
    expect(evaluateSpline(line, [1.5])[0]).toBeCloseTo(4, 12);
  });

  it('evaluates on a uniform grid like at the same explicit points', () => {
    const knots = [0, 1, 2.5, 3, 4.2, 6];
    const spline = notAKnotSpline(knots, [3, 1, 4, 1, 5, 9]);
    const grid = evaluateSplineOnGrid(spline, 0, 0.25, 25);
    const explicit = evaluateSpline(
      spline,
      Array.from({ length: 25 }, (_, k) => k * 0.25),
    );
    expect(Array.from(grid)).toEqual(Array.from(explicit));
  });

  it('passes through every knot', () => {
    const knots = [0, 0.8, 1.7, 2.4, 3.3, 4.1];
    const values = [800, 760, 910, 880, 700, 820];
    const at = evaluateSpline(notAKnotSpline(knots, values), knots);
    values.forEach((value, i) => expect(at[i]).toBeCloseTo(value, 9));
  });
});
