// searchFeatures, served from the search index (postings, sorted orders, trigrams), agrees with a plain scan of
// the stored flags for random filters, orders, pages and keys, while flags are created, changed, archived,
// tagged, deleted and feature-type lifetimes changed between searches; on every storage.
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createAdmin, SYSTEM_PRINCIPAL, type FeatureRecord, type FeatureType, type Principal, type Storage } from '@flagadmin/core';
import { featureLifetimes, isPotentiallyStale } from '../packages/core/src/documents/feature-types';
import { SortedSlots } from '../packages/core/src/runtime/sorted-slots';
import { makeEvent, makeFeature } from './helpers/records';
import { LOWDB, MEMORY, POSTGRES, type TestStorage } from './helpers/test-storages';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const namesOf = (n: number) => Array.from({ length: n }, (_, i) => `f${String(i).padStart(4, '0')}`);
const PROJECTS = ['default', 'p1', 'p2'];
const TYPES: FeatureType[] = ['release', 'experiment', 'operational', 'kill-switch', 'permission'];
const STAGES = ['initial', 'pre-live', 'live', 'completed', 'archived'] as const;
const TAGS = [
  { type: 'simple', value: 'a' },
  { type: 'simple', value: 'b' },
  { type: 'team', value: 'x y' },
];
const CREATED = [
  new Date(NOW.getTime() - 1_000 * DAY).toISOString(),
  new Date(NOW.getTime() - 50 * DAY).toISOString(),
  new Date(NOW.getTime() - 41 * DAY).toISOString(),
  new Date(NOW.getTime() - 40 * DAY).toISOString(), // exactly the release type's lifetime ago: not yet potentially stale
  new Date(NOW.getTime() - 2 * DAY).toISOString(),
  '2026-05-20T00:00:00Z', // not the canonical form: its text sorts apart from its time
];
const WORDS = ['alpha', 'beta', 'Gamma delta', 'ünï', 'f0', 'f1', 'x'];

const flag = fc.record({
  project: fc.constantFrom(...PROJECTS),
  type: fc.constantFrom(...TYPES),
  stale: fc.boolean(),
  archived: fc.boolean(),
  favorite: fc.boolean(),
  description: fc.option(
    fc.subarray(WORDS).map((w) => w.join(' ')),
    { nil: null },
  ),
  createdAt: fc.constantFrom(...CREATED),
  creator: fc.constantFrom(undefined, 1, 2),
  lastSeenAt: fc.constantFrom(null, CREATED[1]!, CREATED[3]!),
  stage: fc.constantFrom(...STAGES),
  tags: fc.subarray(TAGS),
  development: fc.boolean(),
  production: fc.option(fc.boolean(), { nil: undefined }),
});

type Flag = typeof flag extends fc.Arbitrary<infer T> ? T : never;

const record = (name: string, f: Flag): FeatureRecord => {
  const base = makeFeature(name, f.project);
  const { createdBy: _none, ...rest } = {
    ...base,
    type: f.type,
    stale: f.stale,
    archived: f.archived,
    favorite: f.favorite,
    description: f.description,
    createdAt: f.createdAt,
    lastSeenAt: f.lastSeenAt,
    lifecycle: { stage: f.stage, enteredStageAt: f.createdAt },
    tags: f.tags,
    environments: [
      { ...base.environments[0]!, enabled: f.development },
      ...(f.production === undefined ? [] : [{ ...base.environments[1]!, enabled: f.production }]),
    ],
  };
  return f.creator === undefined ? rest : { ...rest, createdBy: { id: f.creator, name: `user-${f.creator}` } };
};

const stepsOf = (names: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('put' as const), name: fc.constantFrom(...names), flag }), weight: 4 },
    { arbitrary: fc.record({ kind: fc.constant('delete' as const), name: fc.constantFrom(...names) }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant('lifetime' as const),
        type: fc.constantFrom(...TYPES),
        days: fc.constantFrom(null, 1, 40, 4_000),
      }),
      weight: 1,
    },
  );

type Step = ReturnType<typeof stepsOf> extends fc.Arbitrary<infer S> ? S : never;

const filterOf = (operators: readonly string[], values: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...operators), fc.subarray([...values], { minLength: 1, maxLength: Math.min(3, values.length) }))
    .map(([op, vs]) => `${op}:${vs.join(',')}`);
const EQUALITY = ['IS', 'IS_NOT', 'IS_ANY_OF', 'IS_NONE_OF'];

/** Searches: only an order and a page, one filter, or any mix; offsets near the start or anywhere up to `size`. */
const queryOf = (size: number) => {
  const filters = {
    project: filterOf(EQUALITY, [...PROJECTS, 'nope']),
    type: filterOf(EQUALITY, TYPES),
    createdBy: filterOf(EQUALITY, ['0', '1', '2']),
    lifecycle: filterOf(EQUALITY, STAGES),
    state: filterOf(EQUALITY, ['active', 'stale', 'potentially-stale']),
    tag: filterOf(
      ['INCLUDE', 'DO_NOT_INCLUDE', 'INCLUDE_ALL_OF', 'INCLUDE_ANY_OF', 'EXCLUDE_IF_ANY_OF', 'EXCLUDE_ALL'],
      ['simple:a', 'simple:b', 'team:x y', 'nope:z'],
    ),
    archived: fc.constantFrom('IS:true', 'IS:false'),
    favorite: filterOf(['IS', 'IS_ANY_OF'], ['true', 'false']),
    createdAt: filterOf(['IS_BEFORE', 'IS_ON_OR_AFTER'], ['2026-05-20', '2026-04-12', '2023-01-01']).map((f) => f.split(',')[0]!),
    status: fc.subarray(['development:enabled', 'development:disabled', 'production:enabled', 'production:disabled'], { minLength: 1 }),
    query: fc
      .subarray(['f0', 'F1', 'alpha', 'gamma delta', 'ün', 'a', 'zzz', 'lph'], { minLength: 1, maxLength: 2 })
      .map((w) => w.join(',')),
  };
  const paging = {
    sortBy: fc.constantFrom(
      'createdAt',
      'name',
      'type',
      'stale',
      'project',
      'lastSeenAt',
      'environment:development',
      'environment:production',
      'environment:nope',
      'bogus',
    ),
    sortOrder: fc.constantFrom('asc', 'desc'),
    offset: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: size })).map(String),
    limit: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 60 })).map(String),
  };
  const one = fc.constantFrom(...(Object.keys(filters) as (keyof typeof filters)[])).chain((name) => fc.record({ [name]: filters[name] }));
  return fc
    .tuple(fc.oneof(fc.constant({}), one, fc.record(filters, { requiredKeys: [] })), fc.record(paging, { requiredKeys: [] }))
    .map(([chosen, order]) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...chosen, ...order })) for (const each of Array.isArray(v) ? v : [v]) q.append(k, each);
      return q;
    });
};

const KEYS: Principal[] = [
  SYSTEM_PRINCIPAL,
  { ...SYSTEM_PRINCIPAL, id: 7, name: 'p1-key', projects: ['p1'] },
  { ...SYSTEM_PRINCIPAL, id: 8, name: 'two-projects', projects: ['p2', 'default'] },
];

/** The plain scan: every stored flag through Unleash's filter grammar, sorted, paged. */
async function scan(storage: Storage, q: URLSearchParams, key: Principal): Promise<[number, string[]]> {
  const [records, lifetimes] = await storage.read(
    async (tx) => [await tx.list('features'), featureLifetimes(await tx.list('featureTypes'))] as const,
  );
  const param = (name: string) => {
    const text = q.get(name);
    if (text === null) return undefined;
    const at = text.indexOf(':');
    return { op: text.slice(0, at), values: text.slice(at + 1).split(',') };
  };
  const is = (name: string, value: string) => {
    const f = param(name);
    if (!f) return true;
    const hit = f.values.includes(value);
    return f.op === 'IS' || f.op === 'IS_ANY_OF' ? hit : !hit;
  };
  const tagOk = (f: FeatureRecord) => {
    const filter = param('tag');
    if (!filter) return true;
    const has = filter.values.map((v) => f.tags.some((t) => `${t.type}:${t.value}` === v));
    const any = has.includes(true);
    const all = !has.includes(false);
    return { INCLUDE: any, INCLUDE_ANY_OF: any, INCLUDE_ALL_OF: all, DO_NOT_INCLUDE: !any, EXCLUDE_IF_ANY_OF: !any, EXCLUDE_ALL: !all }[
      filter.op as 'INCLUDE'
    ];
  };
  const stateOf = (f: FeatureRecord) => (f.stale ? 'stale' : isPotentiallyStale(f, lifetimes, NOW) ? 'potentially-stale' : 'active');
  const words = (q.get('query') ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  const kept = records.filter((f) => {
    const created = param('createdAt');
    const state = param('state');
    const stateHit = state?.values.some((v) => v === stateOf(f) || (v === 'active' && !f.stale));
    return (
      (key.projects.includes('*') || key.projects.includes(f.project)) &&
      f.archived === (q.get('archived') === 'IS:true') &&
      is('project', f.project) &&
      is('type', f.type) &&
      is('createdBy', String(f.createdBy?.id ?? 0)) &&
      is('lifecycle', f.lifecycle.stage) &&
      (!state || stateHit === (state.op === 'IS' || state.op === 'IS_ANY_OF')) &&
      (!param('favorite') || param('favorite')!.values.includes(String(f.favorite))) &&
      (!created || Date.parse(f.createdAt) < Date.parse(`${created.values[0]}T00:00:00.000Z`) === (created.op === 'IS_BEFORE')) &&
      tagOk(f) &&
      (q.getAll('status').length === 0 ||
        q.getAll('status').some((s) => f.environments.some((e) => `${e.name}:${e.enabled ? 'enabled' : 'disabled'}` === s))) &&
      (words.length === 0 || words.some((w) => `${f.name}\u0000${f.description ?? ''}`.toLowerCase().includes(w)))
    );
  });
  const sortBy = q.get('sortBy') ?? 'createdAt';
  const sortValue = (f: FeatureRecord): string | number | null => {
    if (sortBy.startsWith('environment:')) {
      const e = f.environments.find((x) => x.name === sortBy.slice('environment:'.length));
      return e ? Number(e.enabled) : null;
    }
    if (sortBy === 'stale') return Number(f.stale);
    if (['name', 'type', 'project', 'lastSeenAt'].includes(sortBy)) return f[sortBy as 'name'] ?? null;
    return null;
  };
  const byCreation = (a: FeatureRecord, b: FeatureRecord) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  kept.sort((a, b) => {
    const [x, y] = [sortValue(a), sortValue(b)];
    if (x === y) return byCreation(a, b);
    if (x === null || y === null) return x === null ? 1 : -1;
    return x < y ? -1 : 1;
  });
  if (q.get('sortOrder') === 'desc') kept.reverse();
  const offset = Number(q.get('offset') ?? 0);
  const limit = Number(q.get('limit') ?? 50);
  return [kept.length, kept.slice(offset, offset + limit).map((f) => f.name)];
}

function searchIndexSuite(storageKind: TestStorage, runs: number, size: number) {
  const names = namesOf(size);
  const step = stepsOf(names);
  const test = suite(`search from the index agrees with a plain scan (${storageKind.name})`);
  let opened: Awaited<ReturnType<TestStorage['open']>>;
  test.before(async () => {
    opened = await storageKind.open();
  });
  test.after(async () => {
    await opened.cleanup();
  });

  test('random flags, changes and searches', async () => {
    const { storage } = opened;
    const admin = createAdmin({ storage, now: () => NOW });
    const write = (steps: readonly Step[]) =>
      storage.write(async (tx) => {
        for (const s of steps) {
          if (s.kind === 'lifetime') {
            await tx.put('featureTypes', { id: s.type, lifetimeDays: s.days });
            continue;
          }
          const f = s.kind === 'put' ? record(s.name, s.flag) : undefined;
          if (f) await tx.put('features', f);
          else await tx.delete('features', s.name);
          await tx.appendEvent(
            makeEvent({ project: f?.project ?? 'default', featureName: s.name, type: f ? 'feature-updated' : 'feature-deleted' }),
          );
        }
      });
    // A pool of flags before the first search (the index is built from them), then changes between searches.
    const pool = fc.sample(flag, { numRuns: size, seed: 4 });
    await write(names.map((name, i) => ({ kind: 'put' as const, name, flag: pool[i]! })));
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 3 }),
        fc.array(queryOf(size), { minLength: 1, maxLength: 3 }),
        fc.nat(2),
        async (changes, queries, k) => {
          if (changes.length) await write(changes);
          for (const q of queries) {
            const key = KEYS[k]!;
            const found = await admin.searchFeatures(key, { query: q });
            const answer: [number, string[]] = [found.total, found.features.map((f) => f.name)];
            assert.equal(answer, await scan(storage, q, key), `${q} as ${key.name}`);
          }
        },
      ),
      { numRuns: runs, seed: 22 },
    );
  });

  return test;
}

const few = suite('a search of few matches right after a write');

few('sorts its matches by the order itself: no rank of every feature is computed again', async () => {
  const { storage } = await MEMORY.open();
  const admin = createAdmin({ storage, now: () => NOW });
  const names = namesOf(2_000);
  const tagged = new Set(['f0007', 'f0500', 'f1999']);
  const put = (fs: readonly FeatureRecord[]) =>
    storage.write(async (tx) => {
      for (const f of fs) {
        await tx.put('features', f);
        await tx.appendEvent(makeEvent({ project: f.project, featureName: f.name }));
      }
    });
  await put(
    names.map((name, i) =>
      makeFeature(name, 'p1', {
        createdAt: new Date(NOW.getTime() - (i % 97) * DAY).toISOString(),
        tags: tagged.has(name) ? [TAGS[0]!] : [],
      }),
    ),
  );
  // Two filters: the total is counted over the tag's three rows, which then need putting in order.
  const query = new URLSearchParams({ project: 'IS:p1', tag: 'INCLUDE:simple:a', sortBy: 'createdAt', sortOrder: 'desc' });
  const search = async (): Promise<[number, string[]]> => {
    const found = await admin.searchFeatures(SYSTEM_PRINCIPAL, { query });
    return [found.total, found.features.map((f) => f.name)];
  };
  assert.equal(await search(), await scan(storage, query, SYSTEM_PRINCIPAL));
  // The write moves one row in the orders (their ranks are stale then) and makes it a fourth match.
  await put([makeFeature('f0001', 'p1', { createdAt: NOW.toISOString(), tags: [TAGS[0]!] })]);
  const rank = SortedSlots.prototype.rank;
  let ranks = 0;
  SortedSlots.prototype.rank = function (this: SortedSlots<unknown>, slot: number) {
    ranks++;
    return rank.call(this, slot);
  };
  try {
    const answer = await search();
    assert.equal(answer, await scan(storage, query, SYSTEM_PRINCIPAL));
    assert.equal([answer[0], answer[1][0]], [4, 'f0001']);
    assert.is(ranks, 0);
  } finally {
    SortedSlots.prototype.rank = rank;
  }
});

few('a refresh that moves many rows in one order drops that order only: the others stay as they are', async () => {
  const { storage } = await MEMORY.open();
  const admin = createAdmin({ storage, now: () => NOW });
  const names = namesOf(2_000);
  const put = (fs: readonly FeatureRecord[]) =>
    storage.write(async (tx) => {
      for (const f of fs) {
        await tx.put('features', f);
        await tx.appendEvent(makeEvent({ project: f.project, featureName: f.name }));
      }
    });
  const feature = (name: string, i: number, lastSeenAt: string | null) =>
    makeFeature(name, 'p1', { createdAt: new Date(NOW.getTime() - (i % 97) * DAY).toISOString(), lastSeenAt });
  await put(names.map((name, i) => feature(name, i, null)));
  const search = async (sortBy: string): Promise<[number, string[]]> => {
    const query = new URLSearchParams({ project: 'IS:p1', sortBy, sortOrder: 'desc', limit: '50' });
    const found = await admin.searchFeatures(SYSTEM_PRINCIPAL, { query });
    assert.equal([found.total, found.features.map((f) => f.name)], await scan(storage, query, SYSTEM_PRINCIPAL), sortBy);
    return [found.total, found.features.map((f) => f.name)];
  };
  await search('createdAt');
  await search('lastSeenAt');
  const index = admin.context.caches.featureIndex;
  const [byCreation, bySeen] = [index.order('createdAt'), index.order('lastSeenAt')];
  // Half of the flags seen now: 1,000 rows move in the last-seen order, none in the creation order.
  await put(names.slice(0, 1_000).map((name, i) => feature(name, i, NOW.toISOString())));
  await search('createdAt');
  await search('lastSeenAt');
  assert.ok(index.order('createdAt') === byCreation, 'the creation order is kept');
  assert.ok(index.order('lastSeenAt') !== bySeen, 'the last-seen order was built again');
});

few.run();

// On memory, enough flags for every way to a page (sorting few matches, a bitmap of ranks, walking an order from either end).
searchIndexSuite(MEMORY, 300, 1_200).run();
searchIndexSuite(LOWDB, 100, 40).run();
searchIndexSuite(POSTGRES, 100, 40).run();
