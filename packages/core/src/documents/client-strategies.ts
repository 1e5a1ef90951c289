/**
 * What SDKs get of one feature environment: its enabled strategies in order, with their segments as
 * ids (SDKs that support segments, which then get the segments beside the features) or inlined into
 * the constraints (older SDKs), as Unleash serves them.
 */
import semver from 'semver';
import type { Constraint, FeatureEnvironmentState, SegmentRecord, Variant } from '../base/records';

export interface ClientStrategy {
  name: string;
  constraints: Constraint[];
  parameters: Record<string, string>;
  segments: number[];
  variants: Variant[];
}

export interface ClientSegment {
  id: number;
  name: string;
  constraints: Constraint[];
}

/** The client specification version from which SDKs resolve segment ids themselves (Unleash's). */
const SEGMENTS_SPEC = '4.2.0';

/**
 * Whether the `Unleash-Client-Spec` header says the SDK resolves segments. A missing or malformed
 * header gets inlined constraints, which every SDK evaluates.
 */
export function supportsSegments(clientSpec: string | null | undefined): boolean {
  const version = clientSpec ? semver.valid(clientSpec.trim()) : null;
  return version !== null && semver.gte(version, SEGMENTS_SPEC);
}

/**
 * Unleash's `default` strategy: what an enabled environment with no strategy at all is served with
 * (data from before strategies could be set), so SDKs of every version evaluate it as on.
 */
const DEFAULT_STRATEGY: ClientStrategy = { name: 'default', constraints: [], parameters: {}, segments: [], variants: [] };

/**
 * `enabled` and `strategies` of one feature environment for SDKs. An environment whose strategies are
 * all disabled is served off. `used` collects the segments referred to by id.
 */
export function clientEnvironment(
  state: FeatureEnvironmentState | undefined,
  segments: ReadonlyMap<number, SegmentRecord>,
  inline: boolean,
  used: Map<number, ClientSegment>,
): { enabled: boolean; strategies: ClientStrategy[] } {
  if (!state) return { enabled: false, strategies: [DEFAULT_STRATEGY] };
  if (state.strategies.length === 0) return { enabled: state.enabled, strategies: [DEFAULT_STRATEGY] };
  const active = state.strategies.filter((s) => !s.disabled).sort((a, b) => a.sortOrder - b.sortOrder);
  const strategies = active.map((s): ClientStrategy => {
    const referred = s.segments.map((id) => segments.get(id)).filter((x): x is SegmentRecord => x !== undefined);
    if (!inline) for (const seg of referred) used.set(seg.id, { id: seg.id, name: seg.name, constraints: seg.constraints });
    return {
      name: s.name,
      constraints: inline ? [...s.constraints, ...referred.flatMap((seg) => seg.constraints)] : s.constraints,
      parameters: s.parameters,
      segments: inline ? [] : referred.map((seg) => seg.id),
      variants: s.variants,
    };
  });
  return { enabled: state.enabled && active.length > 0, strategies };
}
