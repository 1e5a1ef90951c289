/** The shapes the API returns (spec section 2), built from stored records. */
import type {
  EnvironmentRecord,
  FeatureRecord,
  FeatureType,
  LifecycleStage,
  ProjectMode,
  ProjectRecord,
  ProjectStatsRecord,
  Tag,
  Variant,
} from './records';

export interface StrategyDocument {
  id: string;
  name: string;
  title?: string;
  disabled?: boolean;
  featureName: string;
  sortOrder: number;
  segments: number[];
  constraints: unknown[];
  variants: Variant[];
  parameters: Record<string, string>;
}

export interface EnvironmentDocument {
  name: string;
  featureName: string;
  environment: string;
  type: string;
  enabled: boolean;
  sortOrder: number;
  variantCount: number;
  strategies: StrategyDocument[];
  variants: Variant[];
  lastSeenAt: string | null;
  hasStrategies: boolean;
  hasEnabledStrategies: boolean;
}

export interface FeatureDocument {
  name: string;
  type: FeatureType;
  description: string | null;
  archived: boolean;
  project: string;
  enabled: boolean;
  stale: boolean;
  favorite: boolean;
  impressionData: boolean;
  createdAt: string;
  archivedAt: string | null;
  lastSeenAt: string | null;
  environments: EnvironmentDocument[];
  variants: Variant[];
  strategies: unknown[];
  tags: Tag[];
  children: string[];
  lifecycle: { stage: LifecycleStage; enteredStageAt: string };
  dependencies: { feature: string; enabled: boolean; variants: string[] }[];
}

/** Environment metadata by name, ordered by sortOrder then name. */
export type EnvironmentIndex = ReadonlyMap<string, EnvironmentRecord>;

export function environmentIndex(environments: readonly EnvironmentRecord[]): EnvironmentIndex {
  const sorted = [...environments].sort((a, b) => a.sortOrder - b.sortOrder || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return new Map(sorted.map((e) => [e.name, e]));
}

export function featureDocument(f: FeatureRecord, environments: EnvironmentIndex): FeatureDocument {
  const states = new Map(f.environments.map((s) => [s.name, s]));
  const envs: EnvironmentDocument[] = [];
  for (const env of environments.values()) {
    const s = states.get(env.name);
    if (!s) continue;
    const strategies = s.strategies.map((st): StrategyDocument => ({ ...st, featureName: f.name }));
    envs.push({
      name: env.name,
      featureName: f.name,
      environment: env.name,
      type: env.type,
      enabled: s.enabled,
      sortOrder: env.sortOrder,
      variantCount: s.variants.length,
      strategies,
      variants: s.variants,
      lastSeenAt: s.lastSeenAt,
      hasStrategies: strategies.length > 0,
      hasEnabledStrategies: strategies.some((st) => !st.disabled),
    });
  }
  return {
    name: f.name,
    type: f.type,
    description: f.description,
    archived: f.archived,
    project: f.project,
    enabled: envs.some((e) => e.enabled),
    stale: f.stale,
    favorite: f.favorite,
    impressionData: f.impressionData,
    createdAt: f.createdAt,
    archivedAt: f.archivedAt,
    lastSeenAt: f.lastSeenAt,
    environments: envs,
    variants: f.variants,
    strategies: [],
    tags: f.tags,
    children: f.children,
    lifecycle: f.lifecycle,
    dependencies: f.dependencies,
  };
}

export interface ProjectOwner {
  ownerType: 'user' | 'system';
  name?: string;
  email?: string;
  imageUrl?: string;
}

export interface ProjectDocument {
  id: string;
  name: string;
  description: string;
  health: number;
  featureCount: number;
  staleFeatureCount: number;
  potentiallyStaleFeatureCount: number;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  favorite: boolean;
  mode: ProjectMode;
  defaultStickiness: string;
  avgTimeToProduction: number;
  owners: ProjectOwner[];
}

const DAY_MS = 86_400_000;

/** Expected lifetimes in days (Unleash's); `null` = never potentially stale. */
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

/**
 * The first moment after `now` at which a figure of `projectDocument` changes by the clock alone (a
 * feature passing its type's lifetime); Infinity when none will.
 */
export function nextClockChange(stats: ProjectStatsRecord, now: Date): number {
  let next = Infinity;
  for (const [type, created] of Object.entries(stats.freshCreatedAt) as [FeatureType, number[]][]) {
    const days = FEATURE_LIFETIME_DAYS[type];
    if (days === null) continue;
    const lifetime = days * DAY_MS;
    const i = countBelow(created, now.getTime() - lifetime);
    // created[i] is the oldest feature not yet past its lifetime: it is once now > created[i] + lifetime.
    if (i < created.length) next = Math.min(next, created[i]! + lifetime + 1);
  }
  return next;
}

/** Figures that depend on the clock, from the project's aggregates: O(types × log features). */
export function projectDocument(p: ProjectRecord, stats: ProjectStatsRecord, now: Date): ProjectDocument {
  let potentiallyStale = 0;
  for (const [type, created] of Object.entries(stats.freshCreatedAt) as [FeatureType, number[]][]) {
    const days = FEATURE_LIFETIME_DAYS[type];
    if (days !== null && created.length) potentiallyStale += countBelow(created, now.getTime() - days * DAY_MS);
  }
  const count = stats.featureCount;
  const health = count === 0 ? 100 : Math.round(100 * (1 - (stats.staleFeatureCount + potentiallyStale) / count));
  const owners: ProjectOwner[] = p.members
    .filter((m) => m.role === 'owner')
    .map((m) => ({
      ownerType: 'user' as const,
      name: m.name,
      ...(m.email ? { email: m.email } : {}),
      ...(m.imageUrl ? { imageUrl: m.imageUrl } : {}),
    }));
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    health,
    featureCount: count,
    staleFeatureCount: stats.staleFeatureCount,
    potentiallyStaleFeatureCount: potentiallyStale,
    memberCount: p.members.length,
    createdAt: p.createdAt,
    updatedAt: stats.lastEventAt ?? p.createdAt,
    favorite: p.favorite,
    mode: p.mode,
    defaultStickiness: p.defaultStickiness,
    avgTimeToProduction: stats.productionCount ? Math.round((10 * stats.productionDaysSum) / stats.productionCount) / 10 : 0,
    owners: owners.length ? owners : [{ ownerType: 'system' }],
  };
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
