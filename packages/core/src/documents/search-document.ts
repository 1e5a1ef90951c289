/** A feature as `searchFeatures` answers it (Unleash's featureSearchResponseSchema), from its stored record. */
import type { FeatureRecord, FeatureType, LifecycleStage } from '../base/records';
import type { EnvironmentIndex } from './feature-document';

export interface SearchEnvironment {
  name: string;
  enabled: boolean;
  type: string;
  sortOrder: number;
  variantCount: number;
  lastSeenAt: string | null;
  hasStrategies: boolean;
  hasEnabledStrategies: boolean;
}

export interface SearchedFeature {
  name: string;
  type: FeatureType;
  description: string | null;
  dependencyType: 'parent' | 'child' | null;
  project: string;
  stale: boolean;
  favorite: boolean;
  impressionData: boolean;
  createdAt: string;
  archivedAt: string | null;
  environments: SearchEnvironment[];
  segments: string[];
  tags: { type: string; value: string; color: string | null }[];
  lifecycle: { stage: LifecycleStage; enteredStageAt: string };
  createdBy: { id: number; name: string; imageUrl: string };
}

export interface SearchContext {
  environments: EnvironmentIndex;
  colors: ReadonlyMap<string, string | null>;
  segmentNames: ReadonlyMap<number, string>;
  imageUrl: string;
}

export function searchedFeature(f: FeatureRecord, c: SearchContext): SearchedFeature {
  const states = new Map(f.environments.map((s) => [s.name, s]));
  const environments: SearchEnvironment[] = [];
  const segments = new Set<string>();
  for (const env of c.environments.values()) {
    const s = states.get(env.name);
    if (!s) continue;
    for (const st of s.strategies) for (const id of st.segments) segments.add(c.segmentNames.get(id) ?? String(id));
    environments.push({
      name: env.name,
      enabled: s.enabled,
      type: env.type,
      sortOrder: env.sortOrder,
      variantCount: s.variants.length,
      lastSeenAt: s.lastSeenAt,
      hasStrategies: s.strategies.length > 0,
      hasEnabledStrategies: s.strategies.some((st) => !st.disabled),
    });
  }
  const createdBy = f.createdBy;
  return {
    name: f.name,
    type: f.type,
    description: f.description,
    dependencyType: f.dependencies.length > 0 ? 'child' : f.children.length > 0 ? 'parent' : null,
    project: f.project,
    stale: f.stale,
    favorite: f.favorite,
    impressionData: f.impressionData,
    createdAt: f.createdAt,
    archivedAt: f.archivedAt,
    environments,
    segments: [...segments].sort(),
    tags: f.tags.map((t) => ({ type: t.type, value: t.value, color: c.colors.get(t.type) ?? null })),
    lifecycle: { stage: f.lifecycle.stage, enteredStageAt: f.lifecycle.enteredStageAt },
    createdBy: { id: createdBy?.id ?? 0, name: createdBy?.name ?? 'unknown', imageUrl: c.imageUrl },
  };
}
