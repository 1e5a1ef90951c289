import { canSeeProject, requireAdminKey, seesAllProjects, type Principal } from '../base/auth';
import { avatarUrl } from '../base/avatar';
import { badData } from '../base/errors';
import { searchedFeature, type SearchedFeature } from '../documents/search-document';
import { isPotentiallyStale } from '../documents/feature-types';
import type { AdminContext } from '../runtime/context';
import { compareCreated, type FeatureRow } from '../runtime/feature-index';
import { readFeatureLifetimes } from '../runtime/feature-lifetimes';
import { environments } from '../runtime/lookups';
import { tagTypeColors } from '../runtime/tag-lookups';
import { liveSegments } from '../rules/segment-lookup';
import { DATE, DAY, dayStart, EQUALITY, INCLUSION, keepsValue, paging, parseFilter, type Filter } from '../rules/search-filter';

export interface SearchFeaturesResult {
  features: SearchedFeature[];
  total: number;
}

const SORT_KEYS = new Set(['createdAt', 'name', 'type', 'stale', 'project', 'lastSeenAt']);

/**
 * `GET /api/admin/search/features` (Unleash's `searchFeatures`), across the projects the key sees.
 * Parameters as Unleash 8.2.0: `query` (comma-separated words in the name or description), `project`,
 * `type`, `createdBy`, `lifecycle` (`IS:`, `IS_NOT:`, `IS_ANY_OF:`, `IS_NONE_OF:`), `state`
 * (`active`, `stale`, `potentially-stale`), `tag` (`INCLUDE:`... with `type:value`), `status`
 * (`<environment>:enabled|disabled`, repeated), `archived` (`IS:true|false`; archived flags only when
 * true), `favorite`, `createdAt` (`IS_BEFORE:` / `IS_ON_OR_AFTER:<day>`), `sortBy` (createdAt, name,
 * type, stale, project, lastSeenAt, `environment:<name>`), `sortOrder`, `offset`, `limit` (50, at most
 * 100). A bad filter is a 400; an offset past the end is an empty page with the total.
 *
 * Served from the feature index (runtime/feature-index.ts): candidates from its project or tag sets,
 * the filters over their rows, the default order kept sorted; only the page's features are read.
 */
export async function searchFeatures(
  ctx: AdminContext,
  principal: Principal,
  input: { query: URLSearchParams },
): Promise<SearchFeaturesResult> {
  requireAdminKey(principal);
  const plan = planSearch(input.query);
  const key = JSON.stringify([seesAllProjects(principal) ? ['*'] : principal.projects, [...input.query].sort()]);
  return ctx.read(async (tx) => {
    const revision = await tx.revision();
    return ctx.caches.searchPages.get(revision, key, async () => {
      const index = ctx.caches.featureIndex;
      await index.refresh(tx);
      const lifetimes = await readFeatureLifetimes(tx);
      const now = ctx.now();
      const visible = (r: FeatureRow) => canSeeProject(principal, r.project);
      const keep = (r: FeatureRow) => visible(r) && plan.keep(r, (row) => isPotentiallyStale(row, lifetimes, now));
      const projects = plan.projects ?? (seesAllProjects(principal) ? undefined : principal.projects);
      let matches: FeatureRow[];
      if (!plan.compare && !projects && !plan.tags) matches = index.inCreationOrder().filter(keep);
      else matches = [...index.candidates(projects, plan.tags)].filter(keep).sort(plan.compare ?? compareCreated);
      if (plan.descending) matches.reverse();
      const page = matches.slice(plan.offset, plan.offset + plan.limit);
      const envs = await environments(tx);
      const colors = await tagTypeColors(tx);
      const segmentNames = new Map((await liveSegments(tx)).map((s) => [s.id, s.name]));
      const features: SearchedFeature[] = [];
      for (const row of page) {
        const record = await tx.get('features', row.name);
        if (!record) continue;
        const creator = record.createdBy?.name ?? 'unknown';
        features.push(searchedFeature(record, { environments: envs, colors, segmentNames, imageUrl: await avatarUrl(creator) }));
      }
      return { features, total: matches.length };
    }) as Promise<SearchFeaturesResult>;
  });
}

interface SearchPlan {
  projects?: string[];
  tags?: string[];
  keep(row: FeatureRow, potentiallyStale: (row: FeatureRow) => boolean): boolean;
  compare?: (a: FeatureRow, b: FeatureRow) => number;
  descending: boolean;
  offset: number;
  limit: number;
}

/** The query parameters, checked (400 naming a bad one) and turned into the candidates, a test and an order. */
function planSearch(q: URLSearchParams): SearchPlan {
  const project = parseFilter(q, 'project', EQUALITY);
  const type = parseFilter(q, 'type', EQUALITY);
  const createdBy = parseFilter(q, 'createdBy', EQUALITY);
  const lifecycle = parseFilter(q, 'lifecycle', EQUALITY);
  const state = parseFilter(q, 'state', EQUALITY);
  const tag = parseFilter(q, 'tag', INCLUSION, /^[^:]+:.+$/);
  const archived = parseFilter(q, 'archived', ['IS'], /^(true|false)$/);
  const favorite = parseFilter(q, 'favorite', ['IS', 'IS_ANY_OF'], /^(true|false)$/);
  const createdAt = parseFilter(q, 'createdAt', DATE, DAY);
  const status = q.getAll('status').map((s) => {
    const m = /^(.+):(enabled|disabled)$/.exec(s);
    if (!m)
      throw badData(`The query parameter status must be <environment>:enabled|disabled; got "${s.slice(0, 200)}"`, [
        { message: 'bad status', path: '/query/status' },
      ]);
    return [m[1]!, m[2] === 'enabled'] as const;
  });
  const words = (q.get('query') ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  const wantArchived = archived?.values[0] === 'true';
  const tagKeys = tag?.values.map((v) => {
    const at = v.indexOf(':');
    return JSON.stringify([v.slice(0, at).trim(), v.slice(at + 1).trim()]);
  });
  const stateOf = (r: FeatureRow, potentially: (row: FeatureRow) => boolean): string =>
    r.stale ? 'stale' : potentially(r) ? 'potentially-stale' : 'active';
  const keep = (r: FeatureRow, potentially: (row: FeatureRow) => boolean): boolean => {
    if (r.archived !== wantArchived) return false;
    if (project && !keepsValue(project, r.project)) return false;
    if (type && !keepsValue(type, r.type)) return false;
    if (createdBy && !keepsValue(createdBy, String(r.createdById))) return false;
    if (lifecycle && !keepsValue(lifecycle, r.stage)) return false;
    if (state && !keepsState(state, stateOf(r, potentially))) return false;
    if (favorite && !favorite.values.includes(String(r.favorite))) return false;
    if (createdAt) {
      const before = Date.parse(r.createdAt) < dayStart(createdAt.values[0]!);
      if (createdAt.operator === 'IS_BEFORE' ? !before : before) return false;
    }
    if (tag && tagKeys && !keepsTags(tag, tagKeys, r.tags)) return false;
    if (status.length && !status.some(([env, on]) => r.enabled.get(env) === on)) return false;
    if (words.length && !words.some((w) => r.text.includes(w))) return false;
    return true;
  };
  const sortBy = q.get('sortBy') ?? 'createdAt';
  const plan: SearchPlan = {
    keep,
    descending: q.get('sortOrder') === 'desc',
    ...paging(q, { limit: 50, max: 100 }),
  };
  const positive = (f: Filter | undefined) =>
    f &&
    (f.operator === 'IS' ||
      f.operator === 'IS_ANY_OF' ||
      f.operator === 'INCLUDE' ||
      f.operator === 'INCLUDE_ANY_OF' ||
      f.operator === 'INCLUDE_ALL_OF');
  if (positive(project)) plan.projects = project!.values;
  else if (positive(tag)) plan.tags = tagKeys!;
  const compare = comparator(sortBy);
  if (compare) plan.compare = compare;
  return plan;
}

/** Unleash's `state`: `active` is not stale, `stale` is stale, `potentially-stale` is past its lifetime and not stale. */
function keepsState(filter: Filter, state: string): boolean {
  const hit = filter.values.some((v) => v === state || (v === 'active' && state === 'potentially-stale'));
  return filter.operator === 'IS' || filter.operator === 'IS_ANY_OF' ? hit : !hit;
}

function keepsTags(filter: Filter, wanted: readonly string[], has: readonly string[]): boolean {
  const set = new Set(has);
  const any = wanted.some((t) => set.has(t));
  const all = wanted.every((t) => set.has(t));
  switch (filter.operator) {
    case 'INCLUDE':
    case 'INCLUDE_ANY_OF':
      return any;
    case 'INCLUDE_ALL_OF':
      return all;
    case 'DO_NOT_INCLUDE':
    case 'EXCLUDE_IF_ANY_OF':
      return !any;
    default:
      return !all;
  }
}

/** The order of `sortBy` (undefined: the default, creation time then name), each tied by creation time and name. */
function comparator(sortBy: string): ((a: FeatureRow, b: FeatureRow) => number) | undefined {
  const by = (value: (r: FeatureRow) => string | number | null) => (a: FeatureRow, b: FeatureRow) => {
    const x = value(a);
    const y = value(b);
    if (x === y) return compareCreated(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  };
  if (sortBy.startsWith('environment:')) {
    const env = sortBy.slice('environment:'.length);
    return by((r) => (r.enabled.has(env) ? Number(r.enabled.get(env)) : null));
  }
  if (!SORT_KEYS.has(sortBy) || sortBy === 'createdAt') return undefined;
  return by((r) => (sortBy === 'stale' ? Number(r.stale) : (r[sortBy as 'name' | 'type' | 'project' | 'lastSeenAt'] ?? null)));
}
