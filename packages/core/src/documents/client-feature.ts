/** Unleash's client format (version 2): what SDKs read from `GET /api/client/features`. */
import type { FeatureRecord, SegmentRecord, Variant } from '../base/records';
import { clientEnvironment, type ClientSegment, type ClientStrategy } from './client-strategies';

export type { ClientSegment, ClientStrategy };

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
  /** The parents, only when there are any: Unleash leaves the field out of a flag without them. */
  dependencies?: { feature: string; enabled: boolean; variants: string[] }[];
}

export interface ClientFeaturesResponse {
  version: 2;
  features: ClientFeature[];
  query: { environment: string; project?: string[]; namePrefix?: string; inlineSegmentConstraints: boolean };
  /** The segments the strategies refer to, for SDKs that resolve them (none when inlined). */
  segments?: ClientSegment[];
}

/** The segments strategies may refer to, whether to inline them, and those used so far. */
export interface SegmentView {
  segments: ReadonlyMap<number, SegmentRecord>;
  inline: boolean;
  used: Map<number, ClientSegment>;
}

/** `environment` undefined: an environment served to no SDK (disabled), where every feature answers disabled. */
export function clientFeature(f: FeatureRecord, environment: string | undefined, view: SegmentView): ClientFeature {
  const state = f.environments.find((e) => e.name === environment);
  const { enabled, strategies } = clientEnvironment(state, view.segments, view.inline, view.used);
  return {
    name: f.name,
    type: f.type,
    description: f.description,
    enabled,
    stale: f.stale,
    impressionData: f.impressionData,
    project: f.project,
    strategies,
    variants: state?.variants ?? [],
    ...(f.dependencies.length > 0 ? { dependencies: f.dependencies } : {}),
  };
}
