// A small seeded random source for the split-test statistics: the same counts give the same probabilities on every
// read (a buyer refreshing the panel must not see 'probability to be best' wobble), and simulations are repeatable.

// Bound once: in a vm context (jest) every `Math.x` is a lookup on an intercepted global object, ten times slower.
const { imul, sqrt, log, cos, pow, PI } = Math;

/** mulberry32: a 32-bit state generator, uniform in [0, 1). Plenty for Monte Carlo over a few thousand draws. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from numbers (the counts a result depends on), so equal inputs draw equal samples. */
export function seedOf(values: readonly number[]): number {
  let h = 2166136261;
  for (const value of values) {
    const text = String(value);
    for (let i = 0; i < text.length; i++) h = imul(h ^ text.charCodeAt(i), 16777619);
    h = imul(h ^ 0x2c, 16777619);
  }
  return h >>> 0;
}

/** Standard normal by Box–Muller. */
export function normalSample(random: () => number): number {
  let u = 0;
  while (u === 0) u = random();
  return sqrt(-2 * log(u)) * cos(2 * PI * random());
}

/** Gamma(shape, 1) by Marsaglia and Tsang (shape < 1 boosted by U^(1/shape)). */
export function gammaSample(random: () => number, shape: number): number {
  if (shape < 1) return gammaSample(random, shape + 1) * pow(random() || Number.MIN_VALUE, 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normalSample(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (log(u) < 0.5 * x * x + d * (1 - v + log(v))) return d * v;
  }
}

/** Beta(a, b) as a ratio of gammas. */
export function betaSample(random: () => number, a: number, b: number): number {
  const x = gammaSample(random, a);
  const y = gammaSample(random, b);
  return x / (x + y);
}
