/**
 * Unleash's normalized hash: MurmurHash3 x86 32-bit of `groupId:id`, reduced to 1..normalizer.
 * murmurhash3js is the implementation unleash-client itself uses, so buckets match it bit for bit:
 * it hashes the low byte of each UTF-16 code unit (see the README on non-ASCII ids), and an undefined
 * `groupId` hashes as the text "undefined", as there.
 */
import murmurhash3js from 'murmurhash3js';

/** The seed of strategy rollouts (percentages). */
export const STRATEGY_SEED = 0;
/** The seed of variant selection in current SDKs (so a rollout and a variant are independent). */
export const VARIANT_SEED = 86028157;

export function normalizedValue(id: string, groupId: string | undefined, normalizer = 100, seed = STRATEGY_SEED): number {
  return (murmurhash3js.x86.hash32(`${groupId}:${id}`, seed) % normalizer) + 1;
}
