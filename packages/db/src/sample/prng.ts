import { fnv1a32 } from "@tpi/domain";

/** Deterministic pseudo-randomness: the same key always yields the same sequence. */
export function seededRandom(key: string): () => number {
  // The key's FNV-1a hash seeds mulberry32.
  let state = fnv1a32(key);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Standard normal draw (Box-Muller). */
export function normal(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
