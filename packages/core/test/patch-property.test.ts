/**
 * Property: for any generated patch, patchFeature answers what the reference model (test/patch-model.ts)
 * predicts: 200 with the same document, or 400 / 403 / 409 with nothing changed; never a 500.
 * Deterministic in CI (fixed seed, 300 runs); PATCH_PROPERTY_RUNS and PATCH_PROPERTY_SEED explore more.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AdminError, SYSTEM_PRINCIPAL, type FeatureDocument, type Limits, type Principal } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { expectedOutcome, type Json, type ModelRules } from './patch-model';
import { observe, world, type World } from './helpers';

const RUNS = Number(process.env['PATCH_PROPERTY_RUNS'] ?? 300);
const SEED = Number(process.env['PATCH_PROPERTY_SEED'] ?? 13);

const POINTERS = [
  '',
  '/description',
  '/type',
  '/stale',
  '/archived',
  '/favorite',
  '/impressionData',
  '/name',
  '/createdAt',
  '/lastSeenAt',
  '/tags',
  '/tags/0',
  '/tags/1',
  '/tags/2',
  '/tags/-',
  '/tags/01',
  '/tags/',
  '/tags/4294967296',
  '/tags/0/type',
  '/tags/0/value',
  '/tags/1/value',
  '/environments',
  '/environments/0',
  '/environments/1',
  '/environments/0/enabled',
  '/environments/1/enabled',
  '/environments/-',
  '/environments/0/name',
  '/environments/1/strategies',
  '/lifecycle',
  '/lifecycle/stage',
  '/variants',
  '/variants/0',
  '/variants/-',
  '/hasOwnProperty',
  '/toString',
  '/tags/0/valueOf',
  '/nope',
  '/nope/deeper',
  '/~1x',
  '/tags/~0',
  'description',
  '/__proto__',
  '/~2',
];
const pointer = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...POINTERS) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) });

const TAGS = [
  { type: 'simple', value: 'a' },
  { type: 'simple', value: 'b' },
  { type: 'a:b', value: 'c' },
  { type: 'a', value: 'b:c' },
  { type: 'simple' },
  { type: 'simple', value: '' },
];
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>(true, false, null, 'release', 'experiment', 'bogus', 'text', 0, 1, [], {}) },
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...TAGS) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...TAGS), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
/** Operations likely to apply: right-typed values on writable fields, tags added, removed and moved. */
const plausible = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('replace'),
      path: fc.constantFrom('/environments/0/enabled', '/environments/1/enabled'),
      value: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constantFrom('replace', 'test'),
      path: fc.constantFrom('/stale', '/archived', '/favorite', '/impressionData'),
      value: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constantFrom('replace', 'test'),
      path: fc.constant('/type'),
      value: fc.constantFrom('release', 'experiment', 'kill-switch', 'bogus'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constantFrom('replace', 'add', 'test'),
      path: fc.constant('/description'),
      value: fc.constantFrom(null, 'text', 'first'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constantFrom('add', 'add', 'test'),
      path: fc.constantFrom('/tags/-', '/tags/0', '/tags/1'),
      value: fc.constantFrom(...TAGS),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove'), path: fc.constantFrom('/tags/0', '/tags/1') }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constantFrom('move', 'copy'),
      from: fc.constantFrom('/tags/0', '/tags/1', '/environments/0/enabled'),
      path: fc.constantFrom('/tags/0', '/tags/-', '/environments/1/enabled'),
    }),
  },
);
/** Anything: every op on any pointer, malformed operations included. */
const wild = fc.oneof(
  fc.record({ op: fc.constantFrom('add', 'replace', 'test'), path: pointer, value }),
  fc.record({ op: fc.constant('remove'), path: pointer }),
  fc.record({ op: fc.constantFrom('move', 'copy'), from: pointer, path: pointer }),
  fc.record({ op: fc.constantFrom('add', 'bogus', 'move'), path: pointer }, { requiredKeys: ['op'] }),
);
/** Plausible operations on what only looks like an array index or a member (RFC 6901's edges). */
const INDEX_EDGES = [
  '/tags/01',
  '/tags/00',
  '/tags/',
  '/tags/4294967296',
  '/tags/-1',
  '/tags/1e0',
  '/tags/length',
  '/environments/01/enabled',
  '/toString',
];
const edges = fc.oneof(
  fc.record({
    op: fc.constantFrom('add', 'replace', 'test'),
    path: fc.constantFrom(...INDEX_EDGES),
    value: fc.constantFrom(...TAGS.slice(0, 4), false),
  }),
  fc.record({ op: fc.constant('remove'), path: fc.constantFrom(...INDEX_EDGES) }),
);
const patch = fc.array(fc.oneof({ weight: 6, arbitrary: plausible }, { weight: 2, arbitrary: wild }, { weight: 1, arbitrary: edges }), {
  minLength: 0,
  maxLength: 4,
});

/** What the answer says about a feature: its writable fields (derived ones follow from them); tags are a set. */
const writable = (doc: FeatureDocument | Json): unknown => {
  const d = doc as FeatureDocument;
  const tags = d.tags.map((t) => JSON.stringify([t.type, t.value])).sort();
  return [d.description, d.type, d.stale, d.impressionData, d.archived, d.favorite, tags, d.environments.map((e) => [e.name, e.enabled])];
};

/** Runs the property on a fresh instance with `limits` (defaults when empty). */
async function property(limits: Partial<Limits>, runs: number, seed: number): Promise<void> {
  const w: World = await world(memoryStorage(), limits);
  const { operationsPerPatch, tagsPerFeature } = w.admin.context.limits;
  await w.feature('f1', { description: 'first', tags: [{ type: 'simple', value: 'a' }] });
  // Tag types the API would refuse as names (a colon), as data from before the tag list may hold them.
  await w.admin.context.storage.write(async (tx) => {
    for (const name of ['a:b', 'a']) await tx.put('tagTypes', { name, description: '', icon: null, color: null });
  });
  const devOnly = await w.key({ type: 'admin', role: 'editor', environment: 'development' });
  const actors: { principal: Principal; environments: ModelRules['environments'] }[] = [
    { principal: w.keys.admin.principal, environments: '*' },
    { principal: devOnly.principal, environments: ['development'] },
  ];
  const ref = { projectId: 'default', featureName: 'f1' };
  const seen: Record<string, number> = {};

  await fc.assert(
    fc.asyncProperty(patch, fc.constantFrom(0, 1), async (ops, who) => {
      const actor = actors[who]!;
      const before = (await w.admin.getFeature(SYSTEM_PRINCIPAL, ref)).feature;
      const state = await observe(w, 'default', 'f1');
      const rules: ModelRules = { environments: actor.environments, maxOperations: operationsPerPatch, maxTags: tagsPerFeature };
      const expected = expectedOutcome(before as unknown as Json, ops, rules);
      let status: number;
      let answered: FeatureDocument | undefined;
      try {
        answered = (await w.admin.patchFeature(actor.principal, { ...ref, patch: ops })).feature;
        status = 200;
      } catch (error) {
        if (!(error instanceof AdminError)) throw error;
        status = error.status;
      }
      seen[status] = (seen[status] ?? 0) + 1;
      const what = `${JSON.stringify(ops)} by ${actor.environments}`;
      assert.is.not(status, 500, what);
      assert.is(status, expected.status, what);
      if (expected.status === 200) {
        assert.equal(writable(answered!), writable(expected.document), what);
        assert.equal((await w.admin.getFeature(SYSTEM_PRINCIPAL, ref)).feature, answered, `stored as answered: ${what}`);
      } else {
        assert.equal(await observe(w, 'default', 'f1'), state, `nothing changed: ${what}`);
      }
    }),
    { numRuns: runs, seed },
  );
  // The generator must reach every outcome class, or the property proves less than it says.
  for (const status of [200, 400, 403, 409]) assert.ok((seen[status] ?? 0) > 0, `no ${status} in ${JSON.stringify(seen)}`);
}

test(`generated patches answer what the RFC 6902 reference model says, never 500 (${RUNS} runs, seed ${SEED})`, async () => {
  await property({}, RUNS, SEED);
});

test('the same with tight limits, so patches also meet operationsPerPatch and tagsPerFeature', async () => {
  await property({ operationsPerPatch: 3, tagsPerFeature: 2 }, Math.ceil(RUNS / 2), SEED + 1);
});

test.run();
