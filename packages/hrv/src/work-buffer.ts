/**
 * Reusable scratch arrays for the hot path. Allocating a Float64Array costs about a microsecond in
 * V8, a fifth of the whole analysis budget of a recording, so intermediate series (beat times,
 * spline systems, the resampled tachogram, FFT input) live in buffers kept per named slot. A slot's
 * content is valid only until the next call that uses the same slot, and is not zeroed: callers
 * write every element they read, and never return a work buffer to their own caller.
 */
const pool = new Map<string, Float64Array<ArrayBuffer>>();

/** A Float64Array view of `length` elements for `slot`, grown on demand. */
export function workBuffer(slot: string, length: number): Float64Array<ArrayBuffer> {
  let buffer = pool.get(slot);
  if (!buffer || buffer.length < length) {
    buffer = new Float64Array(Math.max(length, 2 * (buffer?.length ?? 0), 1024));
    pool.set(slot, buffer);
  }
  return buffer.subarray(0, length);
}
