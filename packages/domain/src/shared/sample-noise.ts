/**
 * The deterministic noise of the generated samples: the same text always gives the same number,
 * so that a sample is the same on every instance and at every load.
 */

/** The 32-bit FNV-1a hash of a text, as an unsigned integer. */
export function fnv1a32(text: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16_777_619);
  }
  return hash >>> 0;
}

/** A stable number in [0, 1) from a text (its FNV-1a hash over 2^32). */
export function unitHash(text: string): number {
  return fnv1a32(text) / 4_294_967_296;
}
