/**
 * Feature types (Unleash's five) with their expected lifetimes: Unleash's defaults, or the lifetime an
 * admin set (`featureTypes` records). A feature not marked stale and not archived is potentially stale
 * once its type's lifetime has passed since its creation (Unleash's rule); a null lifetime never passes.
 */
import { FEATURE_TYPES, type FeatureRecord, type FeatureType } from '../base/records';
import type { FeatureTypeRecord } from '../base/vocabulary-records';
import { FEATURE_LIFETIME_DAYS } from './project-stats';

const DAY_MS = 86_400_000;

export type FeatureLifetimes = Readonly<Record<FeatureType, number | null>>;

const TYPE_TEXT: Readonly<Record<FeatureType, { name: string; description: string }>> = {
  release: { name: 'Release', description: 'Release feature flags are used to release new features.' },
  experiment: {
    name: 'Experiment',
    description: 'Experiment feature flags are used to test and verify multiple different versions of a feature.',
  },
  operational: { name: 'Operational', description: 'Operational feature flags are used to control aspects of a rollout.' },
  'kill-switch': {
    name: 'Kill switch',
    description: 'Kill switch feature flags are used to quickly turn on or off critical functionality in your system.',
  },
  permission: { name: 'Permission', description: 'Permission feature flags are used to control permissions in your system.' },
};

export interface FeatureTypeDocument {
  id: FeatureType;
  name: string;
  description: string;
  lifetimeDays: number | null;
}

export const isFeatureType = (id: string): id is FeatureType => (FEATURE_TYPES as readonly string[]).includes(id);

/** The lifetimes in force: Unleash's defaults, overridden by the stored ones. */
export function featureLifetimes(records: readonly FeatureTypeRecord[]): FeatureLifetimes {
  const out: Record<FeatureType, number | null> = { ...FEATURE_LIFETIME_DAYS };
  for (const r of records) if (isFeatureType(r.id)) out[r.id] = r.lifetimeDays;
  return out;
}

export function featureTypeDocument(id: FeatureType, lifetimes: FeatureLifetimes): FeatureTypeDocument {
  return { id, ...TYPE_TEXT[id], lifetimeDays: lifetimes[id] };
}

/**
 * Past which time (ms, strictly) a feature created at `createdMs` is potentially stale, or undefined when it
 * never is as it is (stale, archived, or its type's lifetime null): the one place of Unleash's rule.
 */
export function potentiallyStaleAfter(
  f: Pick<FeatureRecord, 'type' | 'stale' | 'archived'>,
  createdMs: number,
  lifetimes: FeatureLifetimes,
): number | undefined {
  const days = lifetimes[f.type];
  if (f.stale || f.archived || days === null || days === undefined) return undefined;
  return createdMs + days * DAY_MS;
}

/** When the feature becomes potentially stale (ms), or undefined when it never does as it is. */
export function potentiallyStaleFrom(
  f: Pick<FeatureRecord, 'type' | 'stale' | 'archived' | 'createdAt'>,
  lifetimes: FeatureLifetimes,
): number | undefined {
  return potentiallyStaleAfter(f, Date.parse(f.createdAt), lifetimes);
}

/**
 * Unleash's rule: past its type's lifetime since creation (strictly), not stale, not archived. `createdMs`:
 * `createdAt` already parsed (the search index keeps it per row).
 */
export function isPotentiallyStale(
  f: Pick<FeatureRecord, 'type' | 'stale' | 'archived' | 'createdAt'>,
  lifetimes: FeatureLifetimes,
  now: Date,
  createdMs = Date.parse(f.createdAt),
): boolean {
  const after = potentiallyStaleAfter(f, createdMs, lifetimes);
  return after !== undefined && now.getTime() > after;
}
