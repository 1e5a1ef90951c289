/** The feature document the admin API returns, built from a stored feature record. */
import type { FeatureRecord, FeatureType, LifecycleStage, Tag, Variant } from '../base/records';
import type { EnvironmentRecord } from '../base/vocabulary-records';
import { isPotentiallyStale, type FeatureLifetimes } from './feature-types';

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
  /** The feature's links (Unleash's `links`), only when it has some. */
  links?: { id: string; url: string; title: string | null; feature: string }[];
  /** Past its type's lifetime, not stale, not archived (documents/feature-types.ts); when staleness was given. */
  potentiallyStale?: boolean;
}

/** What `potentiallyStale` is judged by: the lifetimes in force and the time. */
export interface Staleness {
  lifetimes: FeatureLifetimes;
  now: Date;
}

/** Environment metadata by name, ordered by sortOrder then name. */
export type EnvironmentIndex = ReadonlyMap<string, EnvironmentRecord>;

export function environmentIndex(environments: readonly EnvironmentRecord[]): EnvironmentIndex {
  const sorted = [...environments].sort((a, b) => a.sortOrder - b.sortOrder || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return new Map(sorted.map((e) => [e.name, e]));
}

export function featureDocument(f: FeatureRecord, environments: EnvironmentIndex, staleness?: Staleness): FeatureDocument {
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
    ...(staleness ? { potentiallyStale: isPotentiallyStale(f, staleness.lifetimes, staleness.now) } : {}),
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
    ...(f.links?.length ? { links: f.links.map((l) => ({ ...l, feature: f.name })) } : {}),
  };
}
