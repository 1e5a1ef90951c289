/** Unleash's client format (version 2): what SDKs read from `GET /api/client/features`. */
import type { Constraint, FeatureRecord, Variant } from '../records';

export interface ClientStrategy {
  name: string;
  constraints: Constraint[];
  parameters: Record<string, string>;
  segments: number[];
  variants: Variant[];
}

export interface ClientFeature {
  name: string;
  type: string;
  description: string | null;
  enabled: boolean;
  stale: boolean;
  impressionData: boolean;
  project: string;
  strategies: ClientStrategy[];
  variants: Variant[];
  dependencies: { feature: string; enabled: boolean; variants: string[] }[];
}

export interface ClientFeaturesResponse {
  version: 2;
  features: ClientFeature[];
  query: { environment: string; project?: string[]; namePrefix?: string; inlineSegmentConstraints: true };
}

/**
 * What an enabled environment with no strategies serves: Unleash's `default` strategy, so SDKs of every
 * version evaluate the feature as on.
 */
const DEFAULT_STRATEGY: ClientStrategy = { name: 'default', constraints: [], parameters: {}, segments: [], variants: [] };

export function clientFeature(f: FeatureRecord, environment: string): ClientFeature {
  const state = f.environments.find((e) => e.name === environment);
  const active = (state?.strategies ?? []).filter((s) => !s.disabled).sort((a, b) => a.sortOrder - b.sortOrder);
  const strategies = active.map((s) => ({
    name: s.name,
    constraints: s.constraints,
    parameters: s.parameters,
    segments: s.segments,
    variants: s.variants,
  }));
  return {
    name: f.name,
    type: f.type,
    description: f.description,
    enabled: state?.enabled ?? false,
    stale: f.stale,
    impressionData: f.impressionData,
    project: f.project,
    strategies: strategies.length ? strategies : [DEFAULT_STRATEGY],
    variants: state?.variants ?? [],
    dependencies: f.dependencies,
  };
}
