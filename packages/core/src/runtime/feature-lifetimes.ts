/** The feature types' lifetimes in force, read in the caller's transaction. */
import type { ReadTx } from '../base/storage';
import { featureLifetimes, type FeatureLifetimes } from '../documents/feature-types';

export async function readFeatureLifetimes(tx: ReadTx): Promise<FeatureLifetimes> {
  return featureLifetimes(await tx.list('featureTypes'));
}
