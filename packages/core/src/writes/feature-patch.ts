/**
 * The feature PATCH's edit: RFC 6902 on the feature document, with the checks in the order of
 * packages/core/README.md Decisions, one event per fact. Run through the feature write path.
 */
import { requireUpdateFeatureEnvironment } from '../base/auth';
import { badData, type ErrorDetail } from '../base/errors';
import { jsonEqual } from '../base/json';
import { limitExceeded, type Limits } from '../base/limits';
import { FEATURE_TYPES, type FeatureRecord, type Tag } from '../base/records';
import type { WriteTx } from '../base/storage';
import { tagKey } from '../base/tags';
import type { FeatureDocument } from '../documents/feature-document';
import type { AdminContext } from '../runtime/context';
import type { EventInput } from '../runtime/emit';
import { withDefaultStrategies } from '../rules/environment-state';
import { applyPatch, type PatchOperation } from '../rules/json-patch';
import { matches } from '../schemas/validation';
import { writeFeature, type FeatureRef, type FeatureWriteResult } from './feature-write';
import { requireDirectWriteAllowed, type WriteOrigin } from './write-origin';

/** Top-level fields a patch may change; everything else in the document is read-only. */
const WRITABLE = new Set(['description', 'type', 'stale', 'impressionData', 'archived', 'favorite', 'tags', 'environments']);
const BOOLEAN_FIELDS = ['stale', 'impressionData', 'archived', 'favorite'] as const;

/**
 * The patch inside the caller's write transaction (the route's own, or a change request's apply);
 * UPDATE_FEATURE has been checked, the environment permissions are checked here.
 */
export async function patchFeatureInTx(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  ref: Omit<FeatureRef, 'environment'>,
  ops: readonly PatchOperation[],
): Promise<FeatureWriteResult<null>> {
  const { projectId } = ref;
  // A patch may revive (`archived: false`); archiving's rules (live children, dependencies) are the write path's.
  return writeFeature(tx, ctx, origin, { ...ref, mayRevive: true }, async ({ feature, before, limits }) => {
    // `before` is read only here and below: the patched document shares what the patch leaves unchanged.
    const after = applyPatch(before, ops, variantsDenied, { shareUnchanged: true });
    const changedEnvs = changedEnvironments(before, after);
    for (const env of changedEnvs) {
      requireUpdateFeatureEnvironment(origin.principal, projectId, env.name);
      await requireDirectWriteAllowed(tx, origin, projectId, env.name);
    }
    validateResult(before, after, limits);
    const patched = after as FeatureDocument;
    applyDocument(feature, patched);
    // The project's default strategies matter only when an environment is switched on: read it then only.
    const project = changedEnvs.length === 0 ? undefined : await tx.get('projects', projectId);
    const facts = withDefaultStrategies(feature, factsOf(before, patched, changedEnvs), (event): Fact => ({ event }), project);
    return { result: null, events: facts.map((f) => f.event) };
  });
}

/** A path under `/variants` is denied: variants change through their own routes (as Unleash). */
const variantsDenied = (pointer: string): string | undefined =>
  pointer === '/variants' || pointer.startsWith('/variants/') ? 'variants cannot be changed through this endpoint.' : undefined;

/** Environments whose `enabled` the patch changed (matched by position and name). */
function changedEnvironments(before: FeatureDocument, after: unknown): { name: string; enabled: boolean }[] {
  const list = (after as { environments?: unknown } | null)?.environments;
  if (!Array.isArray(list)) return [];
  const out: { name: string; enabled: boolean }[] = [];
  before.environments.forEach((env, i) => {
    const entry = list[i] as { name?: unknown; enabled?: unknown } | undefined;
    if (entry && entry.name === env.name && typeof entry.enabled === 'boolean' && entry.enabled !== env.enabled) {
      out.push({ name: env.name, enabled: entry.enabled });
    }
  });
  return out;
}

/** 400 unless the patched document differs from the original in writable fields only, with valid values. */
function validateResult(before: FeatureDocument, after: unknown, limits: Limits): void {
  const fail = (field: string, message: string): never => {
    const details: ErrorDetail[] = [{ message, path: `/${field}` }];
    throw badData(`Invalid patch: ${message}`, details);
  };
  if (typeof after !== 'object' || after === null || Array.isArray(after)) fail('', 'the patched feature must be an object');
  const doc = after as Record<string, unknown>;
  const original = before as unknown as Record<string, unknown>;
  for (const field of Object.keys(doc)) {
    if (!Object.hasOwn(original, field)) fail(field, `unknown field "${field}"`);
  }
  for (const field of Object.keys(original)) {
    if (!Object.hasOwn(doc, field)) fail(field, `field "${field}" cannot be removed`);
    if (!WRITABLE.has(field) && !jsonEqual(original[field], doc[field])) fail(field, `field "${field}" is read-only`);
  }
  const description = doc['description'];
  if (description !== null && typeof description !== 'string') fail('description', 'description must be a string or null');
  if (typeof description === 'string' && description.length > 1000) fail('description', 'description must be at most 1000 characters');
  if (!(FEATURE_TYPES as readonly unknown[]).includes(doc['type'])) fail('type', `type must be one of ${FEATURE_TYPES.join(', ')}`);
  for (const field of BOOLEAN_FIELDS) if (typeof doc[field] !== 'boolean') fail(field, `${field} must be a boolean`);
  const tags = doc['tags'];
  if (!Array.isArray(tags) || !tags.every((t) => matches('tag', t))) fail('tags', 'tags must be an array of {type, value} strings');
  const keys = (tags as Tag[]).map(tagKey);
  if (new Set(keys).size !== keys.length) fail('tags', 'tags must not repeat');
  if (keys.length > limits.tagsPerFeature)
    throw limitExceeded('tagsPerFeature', limits.tagsPerFeature, `Too many tags (${keys.length})`, '/tags');
  const envs = doc['environments'];
  if (!Array.isArray(envs) || envs.length !== before.environments.length) fail('environments', 'environments cannot be added or removed');
  before.environments.forEach((env, i) => {
    const entry = (envs as unknown[])[i];
    if (typeof entry !== 'object' || entry === null) fail(`environments/${i}`, 'environments cannot be replaced');
    const { enabled, ...rest } = entry as Record<string, unknown>;
    const { enabled: _wasEnabled, ...restBefore } = env;
    if (typeof enabled !== 'boolean') fail(`environments/${i}/enabled`, 'enabled must be a boolean');
    if (!jsonEqual(rest, restBefore)) fail(`environments/${i}`, 'only "enabled" of an environment can be changed');
  });
}

/** The patched document's writable fields onto the feature's copy (derived fields: see feature-write.ts). */
function applyDocument(feature: FeatureRecord, after: FeatureDocument): void {
  feature.description = after.description;
  feature.type = after.type;
  feature.stale = after.stale;
  feature.impressionData = after.impressionData;
  feature.favorite = after.favorite;
  feature.archived = after.archived;
  feature.tags = after.tags.map((t) => ({ type: t.type, value: t.value }));
  for (const state of feature.environments) {
    const entry = after.environments.find((e) => e.name === state.name);
    if (entry) state.enabled = entry.enabled;
  }
}

type Fact = { event: EventInput };

/** One event per fact, in the order of packages/core/README.md Decisions (Event order). */
function factsOf(before: FeatureDocument, after: FeatureDocument, envs: { name: string; enabled: boolean }[]): Fact[] {
  const facts: Fact[] = [];
  if (before.description !== after.description || before.type !== after.type || before.impressionData !== after.impressionData) {
    facts.push({ event: { type: 'feature-metadata-updated' } });
  }
  if (before.stale !== after.stale) facts.push({ event: { type: after.stale ? 'feature-stale-on' : 'feature-stale-off' } });
  if (before.archived !== after.archived) facts.push({ event: { type: after.archived ? 'feature-archived' : 'feature-revived' } });
  if (before.favorite !== after.favorite) {
    facts.push({ event: { type: after.favorite ? 'feature-favorited' : 'feature-unfavorited' } });
  }
  const had = new Set(before.tags.map(tagKey));
  const has = new Set(after.tags.map(tagKey));
  for (const t of after.tags) {
    if (!had.has(tagKey(t))) facts.push({ event: { type: 'feature-tagged', data: { type: t.type, value: t.value } } });
  }
  for (const t of before.tags) {
    if (!has.has(tagKey(t))) facts.push({ event: { type: 'feature-untagged', preData: { type: t.type, value: t.value } } });
  }
  for (const env of envs) {
    facts.push({ event: { type: env.enabled ? 'feature-environment-enabled' : 'feature-environment-disabled', environment: env.name } });
  }
  return facts;
}
