import { canSeeProject, requireClientKey, seesAllProjects, sha256Hex, type Principal } from '../auth';
import type { AdminContext } from '../context';
import { cachePerContext } from '../revision-cache';
import { deepFreeze } from '../util';
import type { FeatureRecord, SegmentRecord, Variant } from '../records';
import { clientEnvironment, supportsSegments, type ClientSegment, type ClientStrategy } from '../flag-config/client-strategies';
import type { ReadTx } from '../storage';
import { environments } from './shared';

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
  dependencies: { feature: string; enabled: boolean; variants: string[] }[];
}

export interface ClientFeaturesResponse {
  version: 2;
  features: ClientFeature[];
  query: { environment: string; project?: string[]; namePrefix?: string; inlineSegmentConstraints: boolean };
  /** The segments the strategies refer to, for SDKs that resolve them (none when inlined). */
  segments?: ClientSegment[];
}

interface SegmentView {
  segments: ReadonlyMap<number, SegmentRecord>;
  inline: boolean;
  used: Map<number, ClientSegment>;
}

function clientFeature(f: FeatureRecord, environment: string, view: SegmentView): ClientFeature {
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
    dependencies: f.dependencies,
  };
}

/** SDKs poll the same query over and over; between writes neither the answer nor its ETag can change. */
const answers = cachePerContext<{ body: ClientFeaturesResponse; etag: string }>();

/**
 * `GET /api/client/features`: the features of the key's projects in the key's environment, in
 * Unleash's client format (version 2). Archived features are not served. The result is frozen and
 * shared by every caller asking the same question until the next write.
 */
export async function getClientFeatures(
  ctx: AdminContext,
  principal: Principal,
  input: { project?: readonly string[]; namePrefix?: string | null; clientSpec?: string | null } = {},
): Promise<{ body: ClientFeaturesResponse; etag: string }> {
  requireClientKey(principal);
  await ctx.ready();
  const inline = !supportsSegments(input.clientSpec);
  return ctx.storage.read(async (tx) => {
    const query = JSON.stringify([principal.projects, principal.environments, input.project ?? [], input.namePrefix ?? '', inline]);
    return answers(ctx).get(await tx.revision(), query, () => computeClientFeatures(tx, principal, input, inline));
  });
}

async function computeClientFeatures(
  tx: ReadTx,
  principal: Principal,
  input: { project?: readonly string[]; namePrefix?: string | null },
  inline: boolean,
): Promise<{ body: ClientFeaturesResponse; etag: string }> {
  {
    const view: SegmentView = { segments: new Map((await tx.list('segments')).map((s) => [s.id, s])), inline, used: new Map() };
    const envs = await environments(tx);
    const own = principal.environments[0];
    const environment = own && own !== '*' ? own : ([...envs.keys()][0] ?? 'development');
    const wanted = input.project?.length ? input.project.filter((p) => canSeeProject(principal, p)) : undefined;
    let records: FeatureRecord[];
    if (wanted) records = (await Promise.all(wanted.map((p) => tx.list('features', { project: p })))).flat();
    else if (seesAllProjects(principal)) records = await tx.list('features');
    else records = (await Promise.all(principal.projects.map((p) => tx.list('features', { project: p })))).flat();
    const prefix = input.namePrefix ?? '';
    const features = records
      .filter((f) => !f.archived && f.name.startsWith(prefix))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((f) => clientFeature(f, environment, view));
    const body: ClientFeaturesResponse = {
      version: 2,
      features,
      query: {
        environment,
        ...(wanted ? { project: wanted } : {}),
        ...(prefix ? { namePrefix: prefix } : {}),
        inlineSegmentConstraints: inline,
      },
      ...(inline ? {} : { segments: [...view.used.values()].sort((a, b) => a.id - b.id) }),
    };
    const etag = `W/"${(await sha256Hex(JSON.stringify(body))).slice(0, 32)}"`;
    return { body: deepFreeze(body), etag };
  }
}

/** RFC 9110 If-None-Match with weak comparison: `*` or any listed tag equal to the ETag, ignoring `W/`. */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((t) => bare(t) === bare(etag));
}
