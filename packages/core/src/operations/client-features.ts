import { canSeeProject, requireClientKey, seesAllProjects, sha256Hex, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { deepFreeze } from '../base/json';
import type { FeatureRecord } from '../base/records';
import { clientFeature, type ClientFeaturesResponse, type SegmentView } from '../documents/client-feature';
import { supportsSegments } from '../documents/client-strategies';
import type { ReadTx } from '../base/storage';
import { environments } from '../runtime/lookups';

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
  const inline = !supportsSegments(input.clientSpec);
  return ctx.read(async (tx) => {
    const query = JSON.stringify([principal.projects, principal.environments, input.project ?? [], input.namePrefix ?? '', inline]);
    return ctx.caches.clientFeatures.get(await tx.revision(), query, async () =>
      tagged(ctx, query, await computeClientFeatures(tx, principal, input, inline)),
    );
  });
}

/**
 * The body frozen, with its ETag: a hash of its JSON text, computed only when the text differs from the
 * last answer to the same query (SDK reports move the revision without changing what SDKs get). The
 * text is kept as the body's serialization, so the answer is stringified once.
 */
async function tagged(
  ctx: AdminContext,
  query: string,
  body: ClientFeaturesResponse,
): Promise<{ body: ClientFeaturesResponse; etag: string }> {
  const text = JSON.stringify(body);
  const last = ctx.caches.clientFeatureTags.peek(0, query);
  const etag = last?.text === text ? last.etag : `W/"${(await sha256Hex(text)).slice(0, 32)}"`;
  ctx.caches.clientFeatureTags.set(0, query, { text, etag });
  const frozen = deepFreeze(body);
  ctx.caches.serializedBodies.set(0, frozen, text);
  return { body: frozen, etag };
}

async function computeClientFeatures(
  tx: ReadTx,
  principal: Principal,
  input: { project?: readonly string[]; namePrefix?: string | null },
  inline: boolean,
): Promise<ClientFeaturesResponse> {
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
  return body;
}
