/**
 * A small seeded PRNG for synthetic data. Math.random cannot be seeded, and tests, the benchmark
 * and the demo seeder need the same series on every run. Only 32-bit integer arithmetic (Math.imul,
 * shifts) decides the uniform stream, so it is bit-identical on every platform; `normal` adds
 * Math.log and Math.sqrt, which V8 computes with its own fdlibm port, the same on every OS.
 */
export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  uniform(min: number, max: number): number;
  /** Standard normal (mean 0, standard deviation 1). */
  normal(): number;
};

/** murmur3's 32-bit finaliser: every input bit flips about half the output bits. */
function mix32(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A seed for an independent stream named by `salts` (e.g. person, day, recording kind), so one
 * person's day 40 can be generated without generating days 0–39 first.
 */
export function deriveSeed(seed: number, ...salts: number[]): number {
  let h = mix32(seed >>> 0);
  // The golden-ratio increment keeps salt 0 from being a no-op.
  for (const salt of salts) h = mix32(h ^ mix32(((salt >>> 0) + 0x9e3779b9) | 0));
  return h;
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, from PractRand): 128-bit state,
 * passes PractRand, and is among the fastest generators in JavaScript. The state is filled by
 * splitmix32 so that neighbouring seeds (1, 2, 3, …) start from unrelated states.
 */
class Sfc32 implements Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare = 0;
  private hasSpare = false;

  constructor(seed: number) {
    let s = seed | 0;
    const splitmix32 = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s ^ (s >>> 16);
      z = Math.imul(z, 0x21f0aaad);
      z ^= z >>> 15;
      z = Math.imul(z, 0x735a2d97);
      return z ^ (z >>> 15);
    };
    this.a = splitmix32();
    this.b = splitmix32();
    this.c = splitmix32();
    this.d = splitmix32();
  }

  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Marsaglia's polar form of Box–Muller: no trigonometry, and each accepted pair gives two. */
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * this.next() - 1;
      v = 2 * this.next() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const scale = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = v * scale;
    this.hasSpare = true;
    return u * scale;
  }
}

/** A seeded generator; the seed is taken modulo 2³², and equal seeds give equal streams. */
export function createRandom(seed: number): Random {
  return new Sfc32(seed >>> 0);
}
