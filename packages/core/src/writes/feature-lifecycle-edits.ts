/**
 * The edits of a feature's lifecycle and metadata routes (archive, revive, stale, PUT, complete, links),
 * each run through the feature write path, and `eachFeature`: one edit over a batch of a project's
 * features in one transaction (all or none).
 */
import { badData, notFound, AdminError } from '../base/errors';
import type { FeatureLink, FeatureRecord, FeatureType } from '../base/records';
import type { WriteTx } from '../base/storage';
import type { AdminContext } from '../runtime/context';
import { enterStage, leaveStage } from '../rules/lifecycle';
import { writeFeature, removeFeature, type FeatureEdit, type FeatureWriteResult } from './feature-write';
import type { WriteOrigin } from './write-origin';

/** Archives the feature. Event: `feature-archived` (after `feature-dependencies-removed` when it had parents). */
export const archiveEdit: FeatureEdit<null> = ({ feature }) => {
  feature.archived = true;
  return { result: null, events: [{ type: 'feature-archived' }] };
};

/** Revives an archived feature (off in every environment, lifecycle `initial`); a live one is a 400. Event: `feature-revived`. */
export const reviveEdit: FeatureEdit<null> = ({ feature }) => {
  if (!feature.archived) throw badData(`"${feature.name}" is not archived: only an archived feature can be revived.`);
  feature.archived = false;
  return { result: null, events: [{ type: 'feature-revived' }] };
};

/** Marks stale or not; the state it has is no change. Event: `feature-stale-on` / `-off`. */
export const staleEdit =
  (stale: boolean): FeatureEdit<null> =>
  ({ feature }) => {
    if (feature.stale === stale) return { result: null, events: [] };
    feature.stale = stale;
    return { result: null, events: [{ type: stale ? 'feature-stale-on' : 'feature-stale-off' }] };
  };

export interface UpdateFeatureBody {
  name?: unknown;
  description?: string | null;
  type?: FeatureType;
  stale?: boolean;
  archived?: boolean;
  impressionData?: boolean;
}

/**
 * PUT of a feature's metadata as Unleash replaces it: `type`, `stale` and `impressionData` take their
 * defaults (`release`, false, false) when left out, `description` stays when left out. Events:
 * `feature-metadata-updated` (description, type, impressionData), `feature-stale-on` / `-off`.
 */
export function updateFeatureEdit(body: UpdateFeatureBody): FeatureEdit<null> {
  return ({ feature, stored }) => {
    if (body.name !== undefined && body.name !== stored.name)
      throw badData('Cannot change the name of a feature flag.', [{ message: 'another name', path: '/name' }]);
    if (body.archived === true)
      throw badData('A feature is archived with DELETE, not PUT: archived must be false.', [
        { message: 'archived: true', path: '/archived' },
      ]);
    if (body.description !== undefined) feature.description = body.description;
    feature.type = body.type ?? 'release';
    feature.impressionData = body.impressionData ?? false;
    feature.stale = body.stale ?? false;
    const events = [];
    if (feature.description !== stored.description || feature.type !== stored.type || feature.impressionData !== stored.impressionData)
      events.push({ type: 'feature-metadata-updated' });
    if (feature.stale !== stored.stale) events.push({ type: feature.stale ? 'feature-stale-on' : 'feature-stale-off' });
    return { result: null, events };
  };
}

/** `complete`: enters the `completed` stage (kept once, as Unleash). Event: `feature-completed` with the status. */
export function completeEdit(status: { status: 'kept' | 'discarded'; statusValue?: string }, now: string): FeatureEdit<null> {
  return ({ feature }) => {
    const entry = {
      stage: 'completed' as const,
      enteredStageAt: now,
      status: status.status,
      ...(status.statusValue === undefined ? {} : { statusValue: status.statusValue }),
    };
    if (!enterStage(feature, entry)) return { result: null, events: [] };
    return { result: null, events: [{ type: 'feature-completed', data: { ...status, kept: status.status === 'kept' }, preData: null }] };
  };
}

/** `uncomplete`: leaves the `completed` stage; one not completed is no change. Event: `feature-uncompleted`. */
export const uncompleteEdit: FeatureEdit<null> = ({ feature }) => {
  if (!leaveStage(feature, 'completed')) return { result: null, events: [] };
  return { result: null, events: [{ type: 'feature-uncompleted', data: null, preData: null }] };
};

/** At most this many links per feature (Unleash's limit: 403 beyond). */
export const LINKS_PER_FEATURE = 10;

/**
 * A link's URL as Unleash normalizes it: `https://` when it names no scheme, http(s) only, at most
 * 10,000 characters; anything else is a 400 `Invalid URL`.
 */
export function normalizeLinkUrl(input: string): string {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`;
  let url: URL | undefined;
  try {
    url = new URL(withScheme);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '' || text.length > 10_000)
    throw badData(`Invalid URL: ${input.slice(0, 200)}`, [{ message: 'not an http(s) URL', path: '/url' }]);
  const normalized = url.href;
  return url.pathname === '/' && !url.search && !url.hash && !text.endsWith('/') ? normalized.slice(0, -1) : normalized;
}

const linkData = (link: FeatureLink) => ({ url: link.url, title: link.title });

/** Adds a link (id from the `featureLink` sequence). Event: `feature-link-added`. */
export function addLinkEdit(link: { url: string; title?: string | null }): FeatureEdit<FeatureLink> {
  const url = normalizeLinkUrl(link.url);
  return async ({ tx, feature }) => {
    const links = feature.links ?? [];
    if (links.length >= LINKS_PER_FEATURE)
      throw new AdminError('OperationDeniedError', `Too many links (${LINKS_PER_FEATURE}) exist for this feature.`);
    const added: FeatureLink = { id: String(await tx.nextSequence('featureLink')), url, title: link.title ?? null };
    feature.links = [...links, added];
    return { result: added, events: [{ type: 'feature-link-added', data: linkData(added), preData: null }] };
  };
}

const linkOf = (feature: FeatureRecord, id: string): FeatureLink => {
  const link = feature.links?.find((l) => l.id === id);
  if (!link) throw notFound(`Could not find link with id ${id}.`);
  return link;
};

/** Replaces a link's URL and title (404 for an unknown id). Event: `feature-link-updated`; the same again is no change. */
export function updateLinkEdit(id: string, link: { url: string; title?: string | null }): FeatureEdit<null> {
  const url = normalizeLinkUrl(link.url);
  return ({ feature }) => {
    const before = linkOf(feature, id);
    const after: FeatureLink = { id, url, title: link.title ?? null };
    if (before.url === after.url && before.title === after.title) return { result: null, events: [] };
    feature.links = feature.links!.map((l) => (l.id === id ? after : l));
    return { result: null, events: [{ type: 'feature-link-updated', data: linkData(after), preData: linkData(before) }] };
  };
}

/** Removes a link (404 for an unknown id). Event: `feature-link-removed`. */
export function deleteLinkEdit(id: string): FeatureEdit<null> {
  return ({ feature }) => {
    const before = linkOf(feature, id);
    const rest = feature.links!.filter((l) => l.id !== id);
    if (rest.length) feature.links = rest;
    else delete feature.links;
    return { result: null, events: [{ type: 'feature-link-removed', data: null, preData: linkData(before) }] };
  };
}

/** The names of a batch body, each once, in the order given. */
export const distinctNames = (names: readonly string[]): string[] => [...new Set(names)];

/**
 * One edit over a batch of the project's features in the caller's transaction: every name must be a
 * feature of the project (else 404 and nothing changes); `together` tells the write path which features
 * go together (archive), `mayRevive` lets it reach archived ones (revive).
 */
export async function eachFeature(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  projectId: string,
  names: readonly string[],
  edit: FeatureEdit<null>,
  options: { together?: boolean; mayRevive?: boolean } = {},
): Promise<FeatureWriteResult<null>[]> {
  const list = distinctNames(names);
  const together = options.together ? new Set(list) : undefined;
  const out: FeatureWriteResult<null>[] = [];
  for (const featureName of list) {
    out.push(
      await writeFeature(
        tx,
        ctx,
        origin,
        { projectId, featureName, ...(together ? { together } : {}), ...(options.mayRevive ? { mayRevive: true } : {}) },
        edit,
      ),
    );
  }
  return out;
}

/** Permanent deletes of a batch of the project's archived features in the caller's transaction (all or none). */
export async function removeEach(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  projectId: string,
  names: readonly string[],
): Promise<void> {
  const list = distinctNames(names);
  const together = new Set(list);
  for (const featureName of list) await removeFeature(tx, ctx, origin, { projectId, featureName, together });
}
