/** The value when it is a finite number, otherwise null: no NaN or Infinity ever leaves the engine. */
export function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Beat times in seconds: the cumulative sum of the intervals, so each interval sits at the beat ending it. */
export function beatTimes(
  nn: ArrayLike<number>,
  times = new Float64Array(nn.length),
): Float64Array {
  let elapsedMs = 0;
  for (let i = 0; i < nn.length; i++) {
    elapsedMs += nn[i]!;
    times[i] = elapsedMs / 1000;
  }
  return times;
}
