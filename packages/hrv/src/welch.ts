import FFT from 'fft.js';

/** A one-sided power spectral density (ms²/Hz); bin k lies at k·df Hz. */
export type PowerSpectrum = { psd: Float64Array; df: number };

/** One FFT plan per size with its input and output buffers, reused across calls. */
const transforms = new Map<number, { fft: FFT; input: Float64Array; output: number[] }>();
const windows = new Map<number, { values: Float64Array; sumOfSquares: number }>();

function transformOf(size: number) {
  let transform = transforms.get(size);
  if (!transform) {
    const fft = new FFT(size);
    transform = {
      fft,
      input: new Float64Array(size),
      output: fft.createComplexArray() as number[],
    };
    transforms.set(size, transform);
  }
  return transform;
}

/** Periodic Hann window (scipy `get_window('hann', n)`, the DFT-even form Welch uses). */
function hannWindow(length: number) {
  let window = windows.get(length);
  if (!window) {
    const values = new Float64Array(length);
    let sumOfSquares = 0;
    for (let i = 0; i < length; i++) {
      values[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / length);
      sumOfSquares += values[i]! * values[i]!;
    }
    window = { values, sumOfSquares };
    if (windows.size > 64) windows.clear();
    windows.set(length, window);
  }
  return window;
}

/** The smallest power of two ≥ n. */
export function nextPowerOfTwo(n: number): number {
  let power = 1;
  while (power < n) power *= 2;
  return power;
}

/**
 * Welch's averaged periodogram (Welch 1967) as scipy.signal.welch computes it with
 * `window='hann', noverlap=nperseg//2, detrend=False, scaling='density'`: segments of
 * `windowSeconds` (a shorter series is one segment of its own length), 50 % overlap, samples after
 * the last whole segment unused, zero-padded to nfft = next power of two ≥ max(window samples, 1024),
 * one-sided with every bin but DC and Nyquist doubled.
 */
export function welch(signal: Float64Array, fs: number, windowSeconds: number): PowerSpectrum {
  const nominalSegment = Math.round(windowSeconds * fs);
  const nfft = nextPowerOfTwo(Math.max(nominalSegment, 1024));
  const segment = Math.min(nominalSegment, signal.length);
  const step = segment - Math.floor(segment / 2);
  const segments = Math.floor((signal.length - Math.floor(segment / 2)) / step);
  const { values: window, sumOfSquares } = hannWindow(segment);
  const { fft, input, output } = transformOf(nfft);
  // Zero padding: only the first `segment` samples are rewritten per segment.
  input.fill(0, segment);
  const bins = nfft / 2 + 1;
  const psd = new Float64Array(bins);
  for (let s = 0; s < segments; s++) {
    const offset = s * step;
    for (let i = 0; i < segment; i++) input[i] = signal[offset + i]! * window[i]!;
    fft.realTransform(output, input);
    for (let k = 0; k < bins; k++) {
      const re = output[2 * k]!;
      const im = output[2 * k + 1]!;
      psd[k]! += re * re + im * im;
    }
  }
  const scale = 1 / (fs * sumOfSquares * segments);
  for (let k = 0; k < bins; k++) psd[k]! *= k === 0 || k === bins - 1 ? scale : 2 * scale;
  return { psd, df: fs / nfft };
}
