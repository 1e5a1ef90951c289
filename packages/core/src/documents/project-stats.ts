/**
 * A project's aggregates (`projectStats` record): kept up to date in the same transaction as every
 * feature write, so project figures never need a pass over the project's features.
 */
import type { FeatureRecord, FeatureType, ProjectStatsRecord } from '../base/records';

const DAY_MS = 86_400_000;

/** Unleash's default expected lifetimes in days; `null` = never potentially stale (an admin may change them: feature-types.ts). */
export const FEATURE_LIFETIME_DAYS: Readonly<Record<FeatureType, number | null>> = {
  release: 40,
  experiment: 40,
  operational: 7,
  'kill-switch': null,
  permission: null,
};

/** Count of sorted values strictly below `limit`. */
function countBelow(sorted: readonly number[], limit: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function emptyStats(project: string): ProjectStatsRecord {
  return {
    project,
    featureCount: 0,
    staleFeatureCount: 0,
    freshCreatedAt: {},
    productionDaysSum: 0,
    productionCount: 0,
    lastEventAt: null,
  };
}

/** Features not marked stale but past their type's lifetime at `now`: O(types × log features). */
export function potentiallyStaleCount(
  stats: ProjectStatsRecord,
  now: Date,
  lifetimes: Readonly<Record<FeatureType, number | null>> = FEATURE_LIFETIME_DAYS,
): number {
  let count = 0;
  for (const [type, created] of Object.entries(stats.freshCreatedAt) as [FeatureType, number[]][]) {
    const days = lifetimes[type];
    if (days !== null && days !== undefined && created.length) count += countBelow(created, now.getTime() - days * DAY_MS);
  }
  return count;
}

/** Mean days from creation to first enabled in production of the project's release features, one decimal. */
export function averageTimeToProduction(stats: ProjectStatsRecord): number {
  return stats.productionCount ? Math.round((10 * stats.productionDaysSum) / stats.productionCount) / 10 : 0;
}

/**
 * The first moment after `now` at which a figure of `projectDocument` changes by the clock alone (a
 * feature passing its type's lifetime); Infinity when none will.
 */
export function nextClockChange(
  stats: ProjectStatsRecord,
  now: Date,
  lifetimes: Readonly<Record<FeatureType, number | null>> = FEATURE_LIFETIME_DAYS,
): number {
  let next = Infinity;
  for (const [type, created] of Object.entries(stats.freshCreatedAt) as [FeatureType, number[]][]) {
    const days = lifetimes[type];
    if (days === null || days === undefined) continue;
    const lifetime = days * DAY_MS;
    const i = countBelow(created, now.getTime() - lifetime);
    // created[i] is the oldest feature not yet past its lifetime: it is once now > created[i] + lifetime.
    if (i < created.length) next = Math.min(next, created[i]! + lifetime + 1);
  }
  return next;
}

/**
 * Moves a feature's contribution in its project's aggregates from `before` to `after` (either may be
 * undefined: creation). Called in the same transaction as every feature write.
 */
export function updateStats(stats: ProjectStatsRecord, before: FeatureRecord | undefined, after: FeatureRecord | undefined): void {
  if (before) contribute(stats, before, -1);
  if (after) contribute(stats, after, +1);
}

function contribute(stats: ProjectStatsRecord, f: FeatureRecord, sign: 1 | -1): void {
  if (f.type === 'release' && f.productionAt) {
    stats.productionDaysSum += sign * ((Date.parse(f.productionAt) - Date.parse(f.createdAt)) / DAY_MS);
    stats.productionCount += sign;
  }
  if (f.archived) return;
  stats.featureCount += sign;
  if (f.stale) {
    stats.staleFeatureCount += sign;
    return;
  }
  const created = Date.parse(f.createdAt);
  const list = (stats.freshCreatedAt[f.type] ??= []);
  const at = countBelow(list, created);
  if (sign > 0) list.splice(at, 0, created);
  else if (list[at] === created) list.splice(at, 1);
}
