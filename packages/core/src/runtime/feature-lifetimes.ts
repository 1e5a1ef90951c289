/** The feature types' lifetimes in force, read in the caller's transaction (kept while the storage says they are unchanged). */
import { featureLifetimes, type FeatureLifetimes } from '../documents/feature-types';
import { derivedByVersion, type DerivedRead } from './derived-by-version';

export const readFeatureLifetimes: DerivedRead<FeatureLifetimes> = derivedByVersion('featureTypes', featureLifetimes);
