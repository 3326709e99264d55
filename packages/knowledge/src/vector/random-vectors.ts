/** A seeded source of test and benchmark vectors, so every run sees the same data. */
export interface RandomVectors {
  /** A uniform number in [0, 1). */
  uniform(): number;
  /** A vector of independent standard normal components (not normalized). */
  gaussian(dimensions: number): Float32Array;
}

/** Creates a deterministic generator (mulberry32 with Box-Muller) from a 32-bit seed. */
export function createRandomVectors(seed: number): RandomVectors {
  let state = seed >>> 0;
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  const gaussian = (dimensions: number): Float32Array => {
    const vector = new Float32Array(dimensions);
    for (let index = 0; index < dimensions; index += 2) {
      const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
      const angle = 2 * Math.PI * uniform();
      vector[index] = radius * Math.cos(angle);
      if (index + 1 < dimensions) vector[index + 1] = radius * Math.sin(angle);
    }
    return vector;
  };
  return { uniform, gaussian };
}
