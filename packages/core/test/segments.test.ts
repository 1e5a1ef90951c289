import * as assert from 'uvu/assert';
import { assertSchema, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('segments', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.project('shop');
    await w.feature('f1');
    await w.feature('s1', {}, 'shop');
    await w.admin.createContextField(SYSTEM_PRINCIPAL, { body: { name: 'age' } });
  });

  const create = (body: unknown, principal = SYSTEM_PRINCIPAL) => w.admin.createSegment(principal, { body });
  const beta = { name: 'beta', constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2'] }] };
  const segmentsState = async () => ({ list: await w.admin.listSegments(SYSTEM_PRINCIPAL), events: await w.eventCount() });

  async function failsUnchanged(call: () => Promise<unknown>, name: Parameters<typeof rejects>[1], message?: RegExp) {
    const before = await segmentsState();
    const error = await rejects(call(), name, message);
    assert.equal(await segmentsState(), before, 'segments and event count unchanged');
    return error;
  }

  test('create, read, update, delete with one event each; the same update again is no change', async () => {
    const created = await create({ ...beta, description: 'testers' });
    assertSchema('segment', created);
    assert.is(created.id, 1);
    assert.equal(created.constraints[0], {
      contextName: 'userId',
      operator: 'IN',
      caseInsensitive: false,
      inverted: false,
      values: ['u1', 'u2'],
    });
    assert.equal(await w.admin.getSegment(SYSTEM_PRINCIPAL, { id: '1' }), created);
    const updated = await w.admin.updateSegment(SYSTEM_PRINCIPAL, { id: '1', body: { ...beta, name: 'beta-2' } });
    assert.is(updated.name, 'beta-2');
    const events = await w.eventCount();
    await w.admin.updateSegment(SYSTEM_PRINCIPAL, { id: '1', body: { ...beta, name: 'beta-2' } });
    assert.is(await w.eventCount(), events, 'no change, no event');
    await w.admin.deleteSegment(SYSTEM_PRINCIPAL, { id: '1' });
    const { events: log } = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    assert.equal(
      log.slice(0, 3).map((e) => e.type),
      ['segment-deleted', 'segment-updated', 'segment-created'],
    );
    assert.equal(log[1]!.preData, created);
    await rejects(w.admin.getSegment(SYSTEM_PRINCIPAL, { id: '1' }), 'NotFoundError');
    assert.equal((await w.admin.listSegments(SYSTEM_PRINCIPAL)).segments, []);
    assert.is((await create(beta)).id, 2, 'ids are never used again');
  });

  test('a segment used by a strategy cannot be deleted: 409 naming the strategies', async () => {
    const segment = await create(beta);
    const { result } = await w.admin.addStrategy(SYSTEM_PRINCIPAL, {
      projectId: 'default',
      featureName: 'f1',
      environment: 'development',
      body: { name: 'default', segments: [segment.id] },
    });
    const error = await failsUnchanged(() => w.admin.deleteSegment(SYSTEM_PRINCIPAL, { id: String(segment.id) }), 'ConflictError');
    assert.match(error.message, new RegExp(`f1/development/${result.id}`));
    await failsUnchanged(
      () => w.admin.updateSegment(SYSTEM_PRINCIPAL, { id: String(segment.id), body: { ...beta, project: 'shop' } }),
      'ConflictError',
      /f1/,
    );
  });

  test('a project-bound segment is only for that project: another project’s strategy gets a 400, unknown ids 404', async () => {
    const bound = await create({ ...beta, project: 'shop' });
    await w.admin.addStrategy(SYSTEM_PRINCIPAL, {
      projectId: 'shop',
      featureName: 's1',
      environment: 'development',
      body: { name: 'default', segments: [bound.id] },
    });
    const at = { projectId: 'default', featureName: 'f1', environment: 'development' };
    const before = await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f1' });
    const error = await rejects(
      w.admin.addStrategy(SYSTEM_PRINCIPAL, { ...at, body: { name: 'default', segments: [bound.id] } }),
      'BadDataError',
      /shop/,
    );
    assert.is(error.details?.[0]?.path, '/segments/0');
    await rejects(w.admin.addStrategy(SYSTEM_PRINCIPAL, { ...at, body: { name: 'default', segments: [99] } }), 'NotFoundError', /99/);
    assert.equal(await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f1' }), before);
  });

  test('bad segments are a 400 naming the field; names are unique (409); unknown ids 404', async () => {
    await create(beta);
    const cases: [unknown, string][] = [
      [{ name: '' }, '/name'],
      [{ name: 'x', constraints: [{ contextName: 'age', operator: 'NUM_GT', value: 'old' }] }, '/constraints/0/value'],
      [{ name: 'x', project: 'nope' }, '/project'],
      [{ name: 'x', color: 'red' }, '/'],
    ];
    for (const [body, path] of cases) {
      const error = await failsUnchanged(() => create(body), 'BadDataError');
      assert.is(error.details?.[0]?.path, path, JSON.stringify(body));
    }
    await failsUnchanged(() => create(beta), 'NameExistsError');
    await failsUnchanged(() => w.admin.updateSegment(SYSTEM_PRINCIPAL, { id: '42', body: beta }), 'NotFoundError');
    await failsUnchanged(() => w.admin.deleteSegment(SYSTEM_PRINCIPAL, { id: 'abc' }), 'NotFoundError');
    const values = Array.from({ length: 250 }, (_, i) => `v${i}`);
    const big = Array.from({ length: 5 }, () => ({ contextName: 'userId', operator: 'IN', values }));
    await failsUnchanged(() => create({ name: 'big', constraints: big }), 'BadDataError', /1000/);
  });

  test('permissions: viewers cannot write; a key of one project writes only its segments and sees only them', async () => {
    const denied = await failsUnchanged(() => create(beta, w.keys.viewer.principal), 'NoAccessError', /UPDATE_SEGMENT/);
    assert.equal(denied.permissions, ['UPDATE_SEGMENT']);
    const shopKey = await w.key({ type: 'admin', role: 'editor', projects: ['shop'] });
    await failsUnchanged(() => create(beta, shopKey.principal), 'NoAccessError', /every project/);
    const mine = await create({ ...beta, project: 'shop' }, shopKey.principal);
    await w.project('other');
    const theirs = await create({ name: 'theirs', project: 'other' });
    assert.equal(
      (await w.admin.listSegments(shopKey.principal)).segments.map((s) => s.id),
      [mine.id],
    );
    await rejects(w.admin.getSegment(shopKey.principal, { id: String(theirs.id) }), 'NotFoundError');
  });

  test('validateSegment: a free name resolves, a taken one is NameExistsError, a bad body 400; nothing written', async () => {
    await create(beta);
    const before = await segmentsState();
    assert.is(await w.admin.validateSegment(w.keys.viewer.principal, { body: { name: 'gamma' } }), null);
    await failsUnchanged(() => w.admin.validateSegment(w.keys.viewer.principal, { body: { name: 'beta' } }), 'NameExistsError', /beta/);
    for (const body of [{}, { name: '' }, { name: 'x', project: 'shop' }, null]) {
      await failsUnchanged(() => w.admin.validateSegment(SYSTEM_PRINCIPAL, { body }), 'BadDataError');
    }
    assert.equal(await segmentsState(), before);
  });

  test('getStrategiesBySegmentId and getSegmentsByStrategyId: both directions, within the key scope', async () => {
    const everywhere = await create(beta);
    const other = await create({ name: 'other' });
    const add = (projectId: string, featureName: string, segments: number[]) =>
      w.admin.addStrategy(SYSTEM_PRINCIPAL, { projectId, featureName, environment: 'development', body: { name: 'default', segments } });
    const inDefault = (await add('default', 'f1', [everywhere.id, other.id])).result;
    const inShop = (await add('shop', 's1', [everywhere.id])).result;
    const used = await w.admin.getStrategiesBySegmentId(SYSTEM_PRINCIPAL, { id: String(everywhere.id) });
    assertSchema('segmentStrategies', used);
    assert.equal(used, {
      strategies: [
        { id: inDefault.id, featureName: 'f1', projectId: 'default', environment: 'development', strategyName: 'default' },
        { id: inShop.id, featureName: 's1', projectId: 'shop', environment: 'development', strategyName: 'default' },
      ].sort((a, b) => a.featureName.localeCompare(b.featureName)),
      changeRequestStrategies: [],
    });
    const shopKey = await w.key({ type: 'admin', role: 'viewer', projects: ['shop'] });
    assert.equal(
      (await w.admin.getStrategiesBySegmentId(shopKey.principal, { id: String(everywhere.id) })).strategies.map((s) => s.id),
      [inShop.id],
    );
    await rejects(w.admin.getStrategiesBySegmentId(SYSTEM_PRINCIPAL, { id: '42' }), 'NotFoundError');
    const bound = await create({ name: 'bound', project: 'shop' });
    const otherKey = await w.key({ type: 'admin', role: 'viewer', projects: ['default'] });
    await rejects(w.admin.getStrategiesBySegmentId(otherKey.principal, { id: String(bound.id) }), 'NotFoundError');
    assert.equal(await w.admin.getStrategiesBySegmentId(SYSTEM_PRINCIPAL, { id: String(bound.id) }), {
      strategies: [],
      changeRequestStrategies: [],
    });

    const segments = await w.admin.getSegmentsByStrategyId(SYSTEM_PRINCIPAL, { strategyId: inDefault.id });
    assertSchema('segments', segments);
    assert.equal(segments.segments, [everywhere, other]);
    assert.equal((await w.admin.getSegmentsByStrategyId(shopKey.principal, { strategyId: inShop.id })).segments, [everywhere]);
    assert.equal(
      await w.admin.getSegmentsByStrategyId(shopKey.principal, { strategyId: inDefault.id }),
      { segments: [] },
      'outside the scope',
    );
    assert.equal(await w.admin.getSegmentsByStrategyId(SYSTEM_PRINCIPAL, { strategyId: 'nope' }), { segments: [] });
  });
});
