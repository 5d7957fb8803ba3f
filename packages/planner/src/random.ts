/**
 * The planner's seeded pseudo-random numbers (sfc32, seeded through
 * splitmix32): the planner never touches Math.random, so a seed gives the
 * same plan on every machine.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A generator for a seed; any finite number is folded into 32 bits. */
export function createRandom(seed: number): Random {
  const folded = Number.isFinite(seed)
    ? (Math.trunc(seed) ^ Math.trunc(seed / 2 ** 32)) >>> 0
    : 0;
  const init = splitmix32(folded);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  return { next, int: (n) => Math.floor(next() * n) };
}

/** A seed derived from another and a salt, for independent streams. */
export function deriveSeed(seed: number, salt: number): number {
  return splitmix32(
    ((Math.trunc(seed) >>> 0) ^ Math.imul(salt, 0x27d4eb2d)) >>> 0,
  )();
}
