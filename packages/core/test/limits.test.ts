import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAdmin, DEFAULT_LIMITS, isSetupError, type Limits } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { observe, rejects, SYSTEM_PRINCIPAL, world, type World } from './helpers';

const tag = (i: number) => ({ type: 'simple', value: `t${i}` });
const addTags = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ op: 'add', path: '/tags/-', value: tag(from + i) }));

async function featureWorld(limits?: Partial<Limits>): Promise<World> {
  const w = await world(memoryStorage(), limits);
  await w.feature('f1');
  return w;
}

/** Runs a call that must be a 400 naming `limit`, and proves the feature and the event log did not change. */
async function refusedByLimit(w: World, call: () => Promise<unknown>, limit: keyof Limits) {
  const before = await observe(w, 'default', 'f1');
  const error = await rejects(call(), 'BadDataError', new RegExp(`\\(limit ${limit}\\)`));
  assert.equal(await observe(w, 'default', 'f1'), before, 'state and event count unchanged');
  return error;
}

const patch = (w: World, ops: unknown[]) => w.admin.patchFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f1', patch: ops });

test('defaults: operations per patch and tags per feature are bounded (400 naming the limit, nothing written)', async () => {
  const w = await featureWorld();
  const noOps = Array.from({ length: DEFAULT_LIMITS.operationsPerPatch + 1 }, () => ({ op: 'test', path: '/stale', value: false }));
  await refusedByLimit(w, () => patch(w, noOps), 'operationsPerPatch');
  await patch(w, addTags(0, DEFAULT_LIMITS.tagsPerFeature));
  await refusedByLimit(w, () => patch(w, addTags(1000, 1)), 'tagsPerFeature');
  const body = { name: 'f2', tags: Array.from({ length: DEFAULT_LIMITS.tagsPerFeature + 1 }, (_, i) => tag(i)) };
  await rejects(w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body }), 'BadDataError', /limit tagsPerFeature/);
});

test('each limit is configurable per instance', async () => {
  const w = await featureWorld({ operationsPerPatch: 2, tagsPerFeature: 3, eventsPerRequest: 2 });
  await refusedByLimit(w, () => patch(w, addTags(0, 3)), 'operationsPerPatch');
  await patch(w, addTags(0, 2));
  const error = await refusedByLimit(
    w,
    () => patch(w, [{ op: 'replace', path: '/tags', value: [tag(5), tag(6), tag(7)] }]),
    'eventsPerRequest',
  );
  assert.match(error.message, /5 events/);
  await patch(w, [{ op: 'add', path: '/tags/-', value: tag(9) }]);
  await refusedByLimit(w, () => patch(w, [{ op: 'add', path: '/tags/-', value: tag(10) }]), 'tagsPerFeature');
});

test('strategies, constraints and values: configured limits apply to POST, PUT and PATCH', async () => {
  const w = await featureWorld({ strategiesPerEnvironment: 2, constraintsPerStrategy: 1, valuesPerConstraint: 2 });
  const at = { projectId: 'default', featureName: 'f1', environment: 'development' };
  const add = (body: unknown) => w.admin.addStrategy(SYSTEM_PRINCIPAL, { ...at, body });
  const constraint = (values: string[]) => ({ contextName: 'userId', operator: 'IN', values });
  await refusedByLimit(w, () => add({ name: 'default', constraints: [constraint(['a']), constraint(['b'])] }), 'constraintsPerStrategy');
  await refusedByLimit(w, () => add({ name: 'default', constraints: [constraint(['a', 'b', 'c'])] }), 'valuesPerConstraint');
  const { result } = await add({ name: 'default', constraints: [constraint(['a', 'b'])] });
  const grow = [{ op: 'add', path: '/constraints/0/values/-', value: 'c' }];
  await refusedByLimit(
    w,
    () => w.admin.patchStrategy(SYSTEM_PRINCIPAL, { ...at, strategyId: result.id, patch: grow }),
    'valuesPerConstraint',
  );
  await add({ name: 'default' });
  await refusedByLimit(w, () => add({ name: 'default' }), 'strategiesPerEnvironment');
});

test('segments, values per segment and parents per feature: configured limits apply', async () => {
  const w = await featureWorld({ segments: 1, valuesPerSegment: 3, dependenciesPerFeature: 1 });
  const segment = (name: string, values: string[]) =>
    w.admin.createSegment(SYSTEM_PRINCIPAL, { body: { name, constraints: [{ contextName: 'userId', operator: 'IN', values }] } });
  await rejects(segment('big', ['a', 'b', 'c', 'd']), 'BadDataError', /limit valuesPerSegment/);
  await segment('one', ['a', 'b', 'c']);
  await rejects(segment('two', ['a']), 'BadDataError', /limit segments/);
  for (const name of ['p1', 'p2']) await w.feature(name);
  const depend = (parent: string) =>
    w.admin.addDependency(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f1', body: { feature: parent } });
  await depend('p1');
  await refusedByLimit(w, () => depend('p2'), 'dependenciesPerFeature');
});

test('a value nested deeper than jsonDepth, given to the library, is a 400 before any recursive code sees it', async () => {
  const w = await featureWorld({ jsonDepth: 8 });
  let deep: unknown = 'bottom';
  for (let i = 0; i < 10_000; i++) deep = { deeper: deep };
  await refusedByLimit(w, () => patch(w, [{ op: 'replace', path: '/description', value: deep }]), 'jsonDepth');
  const at = { projectId: 'default', environment: 'production' };
  await refusedByLimit(
    w,
    () => w.admin.addChangeRequestChanges(SYSTEM_PRINCIPAL, { ...at, body: { feature: 'f1', action: 'updateEnabled', payload: { deep } } }),
    'jsonDepth',
  );
  const sixDeep = [{ op: 'test', path: '/tags', value: [[[[[]]]]] }];
  await rejects(patch(w, sixDeep), 'ConflictError');
  await refusedByLimit(w, () => patch(w, [{ op: 'test', path: '/tags', value: [[[[[[[]]]]]]] }]), 'jsonDepth');
});

test('a limit that is not a positive integer, or not a limit, is a SetupError (INVALID_LIMIT)', () => {
  for (const limits of [{ tagsPerFeature: 0 }, { jsonDepth: 1.5 }, { eventsPerRequest: -1 }, { tagz: 3 }]) {
    let caught: unknown;
    try {
      createAdmin({ storage: memoryStorage(), limits: limits as Partial<Limits> });
    } catch (error) {
      caught = error;
    }
    assert.ok(isSetupError(caught), JSON.stringify(limits));
    assert.is((caught as { code: string }).code, 'INVALID_LIMIT');
  }
});

test.run();
