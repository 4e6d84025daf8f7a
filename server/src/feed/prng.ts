/** A {@link Prng}'s whole state. */
export type PrngState = readonly [a: number, b: number, c: number, d: number, spareNormal: number | null];

/**
 * A small seeded PRNG (sfc32 seeded through splitmix32). The simulator never calls Math.random, so a
 * seed and a start time fix the whole market. Each symbol draws from its own stream, so the order in
 * which symbols are stepped cannot change what any of them does.
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  /** `seed` and `stream` are any integers; different streams of one seed are independent. */
  constructor(seed: number, stream = 0) {
    let state = (Math.trunc(seed) ^ Math.imul(Math.trunc(stream) + 0x9e3779b9, 0x85ebca6b)) >>> 0;
    const split = (): number => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = split();
    this.b = split();
    this.c = split();
    this.d = split();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** The generator's whole state, for {@link Prng.restore}. */
  snapshot(): PrngState {
    return [this.a, this.b, this.c, this.d, this.spareNormal];
  }

  /** Continues from a state {@link Prng.snapshot} took: the same draws follow as followed there. */
  restore(state: PrngState): void {
    [this.a, this.b, this.c, this.d, this.spareNormal] = state;
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Standard normal (Box-Muller, the spare value kept for the next call). */
  normal(): number {
    if (this.spareNormal !== null) {
      const spare = this.spareNormal;
      this.spareNormal = null;
      return spare;
    }
    let u = this.next();
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Exponential with mean 1. */
  exponential(): number {
    return -Math.log(1 - this.next());
  }

  /** Poisson count with mean `lambda` (Knuth; lambda stays small here). */
  poisson(lambda: number): number {
    if (lambda <= 0) return 0;
    if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * this.normal()));
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }
}
