/**
 * `searchFeatures`' query parameters (Unleash 8.2.0's, see operations/search-features.ts) checked (a 400 naming
 * a bad one) and turned into clauses over the search index: each clause tests a row, and a clause that keeps
 * only rows with given values also names the index's postings that hold them (its candidates), so the
 * smallest of them bounds the rows a page looks at (rules/search-match.ts).
 */
import { badData } from '../base/errors';
import { isPotentiallyStale, type FeatureLifetimes } from '../documents/feature-types';
import { statusKey, type FeatureIndex, type FeatureRow, type PostingField, type SortKey } from '../runtime/feature-index';
import { DATE, DAY, dayStart, EQUALITY, INCLUSION, keepsValue, paging, parseFilter, type Filter } from './search-filter';

/**
 * Slots that may pass a clause (a superset, on the side of the archived clause: live or archived rows), at most
 * `size` of them; `distinct`: no slot twice; `exact`: every one passes the clause (and then `size` counts them).
 */
export interface Candidates {
  size: number;
  distinct: boolean;
  exact: boolean;
  each(visit: (slot: number) => void): void;
}

export interface Clause {
  test(row: FeatureRow): boolean;
  candidates?: Candidates;
  /** The archived clause (every search has it): the other clauses' candidates are of its side already. */
  side?: true;
  /** How many rows pass this clause (and the archived one), when the index knows it without looking. */
  count?: number;
}

/** What the clauses depend on besides the parameters: the key's projects (undefined: all), the time and lifetimes. */
export interface SearchScope {
  projects: readonly string[] | undefined;
  now: Date;
  lifetimes: FeatureLifetimes;
}

export interface SearchPlan {
  sortKey: SortKey;
  descending: boolean;
  offset: number;
  limit: number;
  clauses(index: FeatureIndex, scope: SearchScope): Clause[];
}

const SORT_KEYS = new Set(['createdAt', 'name', 'type', 'stale', 'project', 'lastSeenAt']);

type Build = (index: FeatureIndex, scope: SearchScope) => Clause | undefined;

/** The query parameters, checked, as a plan (no storage read: a bad parameter fails first). */
export function planSearch(q: URLSearchParams): SearchPlan {
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

  const side = wantArchived;
  const builds: Build[] = [
    (index) => {
      const archivedRows = index.posting('archived', 'true');
      return {
        test: (r) => r.archived === side,
        side: true,
        count: side ? archivedRows.size : index.size - archivedRows.size,
        ...(side && { candidates: union([archivedRows], true, true) }),
      };
    },
  ];
  builds.push((index, scope) => {
    if (!scope.projects) return undefined;
    const seen = new Set(scope.projects);
    return candidateClause(
      (r) => seen.has(r.project),
      union(
        [...seen].map((p) => index.posting('project', p, side)),
        true,
        true,
      ),
    );
  });
  if (project) builds.push(equality(project, 'project', side, (r) => r.project));
  if (type) builds.push(equality(type, 'type', side, (r) => r.type));
  if (createdBy) builds.push(equality(createdBy, 'createdBy', side, (r) => r.creator));
  if (lifecycle) builds.push(equality(lifecycle, 'stage', side, (r) => r.stage));
  if (state) builds.push(stateClause(state, side));
  if (favorite) {
    const onlyTrue = favorite.values.every((v) => v === 'true');
    const test = (r: FeatureRow) => favorite.values.includes(String(r.favorite));
    builds.push((index) => (onlyTrue ? candidateClause(test, union([index.posting('favorite', 'true', side)], true, true)) : { test }));
  }
  if (createdAt) {
    const day = dayStart(createdAt.values[0]!);
    const before = createdAt.operator === 'IS_BEFORE';
    builds.push(() => ({ test: (r) => r.createdMs < day === before }));
  }
  if (tag) builds.push(tagClause(tag, side));
  if (status.length) {
    const test = (r: FeatureRow) => status.some(([env, on]) => r.enabled.get(env) === on);
    const keys = status.map(([env, on]) => statusKey(env, on));
    builds.push((index) =>
      candidateClause(
        test,
        union(
          keys.map((k) => index.posting('status', k, side)),
          new Set(keys).size === 1,
          true,
        ),
      ),
    );
  }
  if (words.length) {
    const test = (r: FeatureRow) => words.some((w) => r.text.includes(w));
    builds.push((index) => {
      const lists = words.map((w) => index.textCandidates(w));
      if (lists.some((l) => l === undefined)) return { test };
      const candidates = union(lists as Int32Array[], false, false);
      return candidates.size <= index.size ? candidateClause(test, candidates) : { test }; // many words: no better than every row
    });
  }

  const sortBy = q.get('sortBy') ?? 'createdAt';
  const sortKey: SortKey = sortBy.startsWith('environment:') || SORT_KEYS.has(sortBy) ? (sortBy as SortKey) : 'createdAt';
  return {
    sortKey,
    descending: q.get('sortOrder') === 'desc',
    ...paging(q, { limit: 50, max: 100 }),
    clauses: (index, scope) => builds.map((build) => build(index, scope)).filter((c) => c !== undefined),
  };
}

/**
 * Postings (or trigram lists) as candidates: their slots one after the other; `distinct`: the caller knows no
 * slot comes twice; `exact`: every slot passes the clause.
 */
function union(lists: readonly (ReadonlySet<number> | Int32Array)[], distinct: boolean, exact: boolean): Candidates {
  let size = 0;
  for (const l of lists) size += l instanceof Int32Array ? l.length : l.size;
  return {
    size,
    distinct,
    exact: exact && distinct,
    each(visit) {
      for (const l of lists) {
        if (l instanceof Int32Array) for (let i = 0; i < l.length; i++) visit(l[i]!);
        else for (const slot of l) visit(slot);
      }
    },
  };
}

/** A clause with candidates; its count known when they are exact. */
const candidateClause = (test: (r: FeatureRow) => boolean, candidates: Candidates): Clause => ({
  test,
  candidates,
  ...(candidates.exact && { count: candidates.size }),
});

const positive = (f: Filter): boolean => f.operator === 'IS' || f.operator === 'IS_ANY_OF';

/** An equality filter (`IS`, `IS_NOT`, `IS_ANY_OF`, `IS_NONE_OF`) on a field with postings (one value per row). */
function equality(filter: Filter, field: PostingField, side: boolean, value: (r: FeatureRow) => string): Build {
  const test = (r: FeatureRow) => keepsValue(filter, value(r));
  if (!positive(filter)) return () => ({ test });
  const values = [...new Set(filter.values)];
  return (index) =>
    candidateClause(
      test,
      union(
        values.map((v) => index.posting(field, v, side)),
        true,
        true,
      ),
    );
}

/**
 * Unleash's `state`: `active` is not stale, `stale` is stale, `potentially-stale` is past its type's lifetime
 * and not stale (feature-types.ts' rule, given the row's creation time as parsed once in the index).
 */
function stateClause(filter: Filter, side: boolean): Build {
  const wants = (state: string) => filter.values.some((v) => v === state || (v === 'active' && state === 'potentially-stale'));
  const hit = positive(filter);
  return (index, { now, lifetimes }) => {
    const potentially = (r: FeatureRow) => isPotentiallyStale(r, lifetimes, now, r.createdMs);
    const stateOf = (r: FeatureRow) => (r.stale ? 'stale' : potentially(r) ? 'potentially-stale' : 'active');
    const test = (r: FeatureRow) => wants(stateOf(r)) === hit;
    const onlyStale = hit && filter.values.every((v) => v === 'stale');
    return onlyStale ? candidateClause(test, union([index.posting('stale', 'true', side)], true, true)) : { test };
  };
}

/** The `tag` filter (`INCLUDE:`... with `type:value` values). */
function tagClause(filter: Filter, side: boolean): Build {
  const wanted = filter.values.map((v) => {
    const at = v.indexOf(':');
    return JSON.stringify([v.slice(0, at).trim(), v.slice(at + 1).trim()]);
  });
  const test = (r: FeatureRow) => keepsTags(filter, wanted, r.tags);
  const distinct = new Set(wanted).size === 1;
  return (index) => {
    const postings = wanted.map((t) => index.posting('tag', t, side));
    if (filter.operator === 'INCLUDE' || filter.operator === 'INCLUDE_ANY_OF')
      return candidateClause(test, union(postings, distinct, true));
    if (filter.operator === 'INCLUDE_ALL_OF') {
      const smallest = postings.reduce((a, b) => (b.size < a.size ? b : a));
      return candidateClause(test, union([smallest], true, distinct));
    }
    return { test };
  };
}

function keepsTags(filter: Filter, wanted: readonly string[], has: readonly string[]): boolean {
  const any = wanted.some((t) => has.includes(t));
  const all = wanted.every((t) => has.includes(t));
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
