import * as assert from 'uvu/assert';
import { assertSchema, observe, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('variants of a feature environment and of strategies', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.feature('f1');
  });

  const at = { projectId: 'default', featureName: 'f1', environment: 'development' };
  const put = (body: unknown) => w.admin.putEnvironmentVariants(SYSTEM_PRINCIPAL, { ...at, body });
  const patch = (ops: unknown) => w.admin.patchEnvironmentVariants(SYSTEM_PRINCIPAL, { ...at, patch: ops });
  const eventCount = async () => (await w.admin.listEvents(SYSTEM_PRINCIPAL)).totalEvents;

  async function failsUnchanged(call: () => Promise<unknown>, name: Parameters<typeof rejects>[1], message?: RegExp) {
    const before = await observe(w, 'default', 'f1');
    const error = await rejects(call(), name, message);
    assert.equal(await observe(w, 'default', 'f1'), before, 'state and event count unchanged');
    return error;
  }

  test('variable variants share what fix ones leave of 1000, the first ones get the remainder, sorted by name', async () => {
    const { result } = await put([
      { name: 'c', weightType: 'variable' },
      { name: 'a', weight: 100, weightType: 'fix', payload: { type: 'json', value: '{"x":1}' } },
      { name: 'b' },
      { name: 'd', overrides: [{ contextName: 'userId', values: ['u1'] }] },
    ]);
    assertSchema('featureVariants', result);
    assert.equal(
      result.variants.map((v) => [v.name, v.weight, v.weightType, v.stickiness]),
      [
        ['a', 100, 'fix', 'default'],
        ['b', 300, 'variable', 'default'],
        ['c', 300, 'variable', 'default'],
        ['d', 300, 'variable', 'default'],
      ],
    );
    const three = await put([{ name: 'x' }, { name: 'y' }, { name: 'z' }]);
    assert.equal(
      three.result.variants.map((v) => v.weight),
      [334, 333, 333],
    );
    const doc = (await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f1' })).feature;
    assert.is(doc.environments[0]!.variantCount, 3);
    assert.equal(doc.environments[0]!.variants, three.result.variants);
    assert.equal(await w.admin.getEnvironmentVariants(SYSTEM_PRINCIPAL, at), three.result);
  });

  test('one event per change with the variants before and after; the same set again is no change', async () => {
    const first = await put([{ name: 'a' }]);
    const events = await eventCount();
    const second = await put([{ name: 'a' }, { name: 'b', stickiness: 'default' }]);
    assert.is(await eventCount(), events + 1);
    const {
      events: [last],
    } = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    assert.is(last!.type, 'feature-environment-variants-updated');
    assert.equal(last!.preData, { variants: first.result.variants });
    assert.equal(last!.data, { variants: second.result.variants });
    assert.is(last!.environment, 'development');
    const same = await put([{ name: 'b' }, { name: 'a' }]);
    assert.is(same.etag, second.etag);
    assert.is(await eventCount(), events + 1);
  });

  test('PATCH applies RFC 6902 to the array and checks the result like PUT', async () => {
    await put([{ name: 'a' }]);
    const { result } = await patch([{ op: 'add', path: '/-', value: { name: 'b', weightType: 'fix', weight: 200 } }]);
    assert.equal(
      result.variants.map((v) => [v.name, v.weight]),
      [
        ['a', 800],
        ['b', 200],
      ],
    );
    await failsUnchanged(() => patch([{ op: 'remove', path: '/7' }]), 'BadDataError', /Patch operation 0/);
    await failsUnchanged(() => patch([{ op: 'test', path: '/0/name', value: 'zzz' }]), 'ConflictError');
    await failsUnchanged(() => patch([{ op: 'replace', path: '/0/weightType', value: 'fix' }]), 'BadDataError', /variable/);
    // RFC 6901/6902 exactly: '-' only for add, no leading zeros, no array members like length, the root is an array.
    await failsUnchanged(() => patch([{ op: 'remove', path: '/-' }]), 'BadDataError', /operation 0 \(remove\)/);
    await failsUnchanged(() => patch([{ op: 'replace', path: '/00/name', value: 'c' }]), 'BadDataError', /does not exist/);
    await failsUnchanged(() => patch([{ op: 'replace', path: '/length', value: 0 }]), 'BadDataError', /does not exist/);
    await failsUnchanged(() => patch([{ op: 'remove', path: '' }]), 'BadDataError', /whole document/);
    const { result: swapped } = await patch([{ op: 'move', from: '/1', path: '/0' }]);
    assert.equal(
      swapped.variants.map((v) => v.name),
      ['a', 'b'],
      'variants are kept sorted by name',
    );
  });

  test('bad variant sets are a 400 naming the field, nothing stored', async () => {
    const cases: [unknown, RegExp, string][] = [
      [[{ name: 'a', weightType: 'fix', weight: 1000 }], /at least one "variable"/, ''],
      [[{ name: 'a', weightType: 'fix', weight: 900 }, { name: 'b', weightType: 'fix', weight: 200 }, { name: 'c' }], /more than 1000/, ''],
      [
        [
          { name: 'a', stickiness: 'userId' },
          { name: 'b', stickiness: 'sessionId' },
        ],
        /same stickiness/,
        '',
      ],
      [[{ name: 'a' }, { name: 'a' }], /twice/, '/1/name'],
      [[{ name: 'a', payload: { type: 'json', value: '{nope' } }], /JSON/, '/0/payload/value'],
      [[{ name: 'a', payload: { type: 'number', value: 'abc' } }], /not a number/, '/0/payload/value'],
      [[{ name: 'a', payload: { type: 'xml', value: '<a/>' } }], /payload/, '/0/payload/type'],
      [[{ name: 'a', weightType: 'fix' }], /weight/, '/0'],
      [[{ name: 'a', weight: 1001, weightType: 'fix' }], /weight/, '/0/weight'],
      [[{ name: '' }], /name/, '/0/name'],
    ];
    for (const [body, message, path] of cases) {
      const error = await failsUnchanged(() => put(body), 'BadDataError', message);
      assert.is(error.details?.[0]?.path, path, JSON.stringify(body));
    }
  });

  test('strategy variants: the same weight rules, no overrides', async () => {
    const { result } = await w.admin.addStrategy(SYSTEM_PRINCIPAL, {
      ...at,
      body: {
        name: 'flexibleRollout',
        variants: [
          { name: 'blue', weightType: 'fix', weight: 250, stickiness: 'userId' },
          { name: 'red', stickiness: 'userId' },
        ],
      },
    });
    assert.equal(
      result.variants.map((v) => [v.name, v.weight, v.stickiness]),
      [
        ['blue', 250, 'userId'],
        ['red', 750, 'userId'],
      ],
    );
    assert.not.ok('overrides' in result.variants[0]!);
    const error = await failsUnchanged(
      () => w.admin.addStrategy(SYSTEM_PRINCIPAL, { ...at, body: { name: 'default', variants: [{ name: 'a', overrides: [] }] } }),
      'BadDataError',
    );
    assert.is(error.details?.[0]?.path, '/variants/0');
  });

  test('a key without the environment in scope cannot change its variants (403 naming it)', async () => {
    const prodOnly = await w.key({ type: 'admin', role: 'editor', environment: 'production' });
    await failsUnchanged(() => w.admin.putEnvironmentVariants(prodOnly.principal, { ...at, body: [] }), 'NoAccessError', /development/);
  });
});
