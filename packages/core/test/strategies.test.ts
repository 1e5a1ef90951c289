import * as assert from 'uvu/assert';
import type { EventRecord, StrategyDocument } from '@flagadmin/core';
import { assertSchema, observe, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('strategies, constraints and on/off of a feature environment', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.feature('f1');
    await w.feature('f2');
    // Constraints name known context fields: the built-ins, and these.
    for (const name of ['email', 'age', 'appVersion']) await w.admin.createContextField(SYSTEM_PRINCIPAL, { body: { name } });
  });

  const at = (environment = 'development', featureName = 'f1') => ({ projectId: 'default', featureName, environment });
  const add = (body: unknown, environment = 'development', featureName = 'f1') =>
    w.admin.addStrategy(SYSTEM_PRINCIPAL, { ...at(environment, featureName), body });
  const feature = async (name = 'f1') => (await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: name })).feature;
  const lastEventId = async () => (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events[0]?.id ?? 0;
  const eventsSince = async (id: number): Promise<EventRecord[]> =>
    (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events.filter((e) => e.id > id).reverse();

  /** A call that must fail with `name` and leave the feature and the event log as they were. */
  async function failsUnchanged(call: () => Promise<unknown>, name: Parameters<typeof rejects>[1], message?: RegExp) {
    const before = await observe(w, 'default', 'f1');
    const error = await rejects(call(), name, message);
    assert.equal(await observe(w, 'default', 'f1'), before, 'state and event count unchanged');
    return error;
  }

  test('adds a flexibleRollout with Unleash defaults; the document, the event and the ETag show it', async () => {
    const since = await lastEventId();
    const { result, etag } = await add({ name: 'flexibleRollout', parameters: { rollout: 30 } });
    assertSchema('featureStrategy', result);
    assert.equal(result.parameters, { rollout: '30', stickiness: 'default', groupId: 'f1' });
    assert.is(result.featureName, 'f1');
    assert.is(result.disabled, false);
    assert.is(etag, '"2"');
    const doc = await feature();
    assertSchema('feature', doc);
    const dev = doc.environments[0]!;
    assert.equal(dev.strategies, [result]);
    assert.is(dev.hasStrategies, true);
    assert.is(dev.hasEnabledStrategies, true);
    const events = await eventsSince(since);
    assert.equal(
      events.map((e) => e.type),
      ['feature-strategy-add'],
    );
    assert.equal(events[0]!.data, result);
    assert.is(events[0]!.preData, null);
    assert.is(events[0]!.environment, 'development');
    assertSchema('event', events[0]);
    assert.equal(await w.admin.getStrategies(SYSTEM_PRINCIPAL, at()), [result]);
    assert.equal(await w.admin.getStrategy(SYSTEM_PRINCIPAL, { ...at(), strategyId: result.id }), result);
  });

  test('every built-in strategy with valid parameters is accepted', async () => {
    const bodies = [
      { name: 'default' },
      { name: 'userWithId', parameters: { userIds: 'a, b,c' } },
      { name: 'gradualRolloutRandom', parameters: { percentage: '5' } },
      { name: 'gradualRolloutSessionId', parameters: { percentage: 50 } },
      { name: 'gradualRolloutUserId', parameters: { percentage: '0', groupId: 'g' } },
      { name: 'remoteAddress', parameters: { IPs: '10.0.0.1, 192.168.0.0/16, ::1, 2001:db8::/32, ::ffff:10.0.0.1' } },
      { name: 'applicationHostname', parameters: { hostNames: 'web-1,api.example.com' } },
    ];
    for (const body of bodies) await add(body);
    assert.equal(
      (await feature()).environments[0]!.strategies.map((s) => s.name),
      bodies.map((b) => b.name),
    );
    assert.equal(
      (await feature()).environments[0]!.strategies.map((s) => s.sortOrder),
      [0, 1, 2, 3, 4, 5, 6],
      'each one goes last',
    );
  });

  test('an unknown strategy name is a 400 naming it; nothing stored, no event', async () => {
    const error = await failsUnchanged(() => add({ name: 'myCustomStrategy' }), 'BadDataError', /myCustomStrategy/);
    assert.equal(error.details?.[0]?.path, '/name');
  });

  test('bad parameters are a 400 naming the parameter', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'flexibleRollout', parameters: { rollout: '101' } }, '/parameters/rollout'],
      [{ name: 'flexibleRollout', parameters: { rollout: '-1' } }, '/parameters/rollout'],
      [{ name: 'flexibleRollout', parameters: { rollout: '12.5' } }, '/parameters/rollout'],
      [{ name: 'flexibleRollout', parameters: { percentage: '10' } }, '/parameters/percentage'],
      [{ name: 'default', parameters: { rollout: '10' } }, '/parameters/rollout'],
      [{ name: 'userWithId' }, '/parameters/userIds'],
      [{ name: 'userWithId', parameters: { userIds: 'a,,b' } }, '/parameters/userIds'],
      [{ name: 'gradualRolloutRandom', parameters: {} }, '/parameters/percentage'],
      [{ name: 'remoteAddress', parameters: { IPs: '10.0.0.1,,10.0.0.2' } }, '/parameters/IPs'],
      [{ name: 'applicationHostname', parameters: { hostNames: 'a b' } }, '/parameters/hostNames'],
    ];
    for (const [body, path] of cases) {
      const error = await failsUnchanged(() => add(body), 'BadDataError');
      assert.is(error.details?.[0]?.path, path, JSON.stringify(body));
    }
  });

  test('remoteAddress: an IPs entry that is no address is kept, as Unleash keeps it (the SDKs skip it)', async () => {
    const IPs = '10.0.0.1, 300.1.1.1, 10.0.0.0/33, 1:2:3, office';
    const { result } = await add({ name: 'remoteAddress', parameters: { IPs } });
    assert.equal(result.parameters, { IPs });
    assert.equal((await feature()).environments[0]!.strategies[0]!.parameters, { IPs });
  });

  test('constraints with every operator are stored in their full shape', async () => {
    const constraints = [
      { contextName: 'userId', operator: 'IN', values: ['a'] },
      { contextName: 'userId', operator: 'NOT_IN', values: ['b'], inverted: true },
      { contextName: 'email', operator: 'STR_CONTAINS', values: ['@x'], caseInsensitive: true },
      { contextName: 'email', operator: 'STR_STARTS_WITH', values: ['a'] },
      { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['.com'] },
      ...['NUM_EQ', 'NUM_GT', 'NUM_GTE', 'NUM_LT', 'NUM_LTE'].map((operator) => ({ contextName: 'age', operator, value: '18.5' })),
      { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2026-01-01T00:00:00.000Z' },
      { contextName: 'currentTime', operator: 'DATE_BEFORE', value: '2027-01-01T00:00:00Z' },
      ...['SEMVER_EQ', 'SEMVER_GT', 'SEMVER_LT', 'SEMVER_GTE', 'SEMVER_LTE'].map((operator) => ({
        contextName: 'appVersion',
        operator,
        value: '1.2.3-beta.1',
      })),
      { contextName: 'email', operator: 'REGEX', value: '^[[:alpha:]]+@example\\.(com|org)$', caseInsensitive: true },
      { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', '::1'] },
    ];
    const { result } = await add({ name: 'default', constraints });
    assert.is(result.constraints.length, constraints.length);
    assert.equal(result.constraints[0], { contextName: 'userId', operator: 'IN', caseInsensitive: false, inverted: false, values: ['a'] });
    assert.equal(result.constraints.at(-2), {
      contextName: 'email',
      operator: 'REGEX',
      caseInsensitive: true,
      inverted: false,
      values: [],
      value: '^[[:alpha:]]+@example\\.(com|org)$',
    });
    assert.equal(result.constraints.at(-1), {
      contextName: 'remoteAddress',
      operator: 'IN_CIDR',
      caseInsensitive: false,
      inverted: false,
      values: ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', '::1'],
    });
    assert.equal(result.constraints[5], {
      contextName: 'age',
      operator: 'NUM_EQ',
      caseInsensitive: false,
      inverted: false,
      values: [],
      value: '18.5',
    });
  });

  test('a constraint value that does not fit its operator is a 400 naming the constraint', async () => {
    const cases: [unknown, string][] = [
      [{ contextName: 'age', operator: 'NUM_GT', value: 'ten' }, '/constraints/0/value'],
      [{ contextName: 'age', operator: 'NUM_GT' }, '/constraints/0/value'],
      [{ contextName: 'age', operator: 'NUM_LT', values: ['1'] }, '/constraints/0/values'],
      [{ contextName: 'currentTime', operator: 'DATE_AFTER', value: 'tomorrow' }, '/constraints/0/value'],
      [{ contextName: 'currentTime', operator: 'DATE_BEFORE', value: '2026-13-45T00:00:00Z' }, '/constraints/0/value'],
      [{ contextName: 'appVersion', operator: 'SEMVER_EQ', value: 'v1.2.3' }, '/constraints/0/value'],
      [{ contextName: 'appVersion', operator: 'SEMVER_GT', value: '1.2' }, '/constraints/0/value'],
      [{ contextName: 'appVersion', operator: 'SEMVER_GTE', value: 'v1.2.3' }, '/constraints/0/value'],
      [{ contextName: 'appVersion', operator: 'SEMVER_LTE', value: '1.2' }, '/constraints/0/value'],
      [{ contextName: 'appVersion', operator: 'SEMVER_LTE', values: ['1.2.3'] }, '/constraints/0/values'],
      [{ contextName: 'email', operator: 'REGEX', value: '(unclosed' }, '/constraints/0/value'],
      [{ contextName: 'email', operator: 'REGEX', value: '(?<=@)example' }, '/constraints/0/value'],
      [{ contextName: 'email', operator: 'REGEX', value: '(a)\\1' }, '/constraints/0/value'],
      [{ contextName: 'email', operator: 'REGEX', value: 'a'.repeat(1001) }, '/constraints/0/value'],
      [{ contextName: 'email', operator: 'REGEX' }, '/constraints/0/value'],
      [{ contextName: 'email', operator: 'REGEX', values: ['a'] }, '/constraints/0/values'],
      [{ contextName: 'email', operator: 'REGEX', value: 'a', inverted: true }, '/constraints/0/inverted'],
      [{ contextName: 'remoteAddress', operator: 'IN_CIDR', values: [] }, '/constraints/0/values'],
      [{ contextName: 'remoteAddress', operator: 'IN_CIDR', value: '10.0.0.0/8' }, '/constraints/0/value'],
      [{ contextName: 'userId', operator: 'STR_CONTAINS', values: [] }, '/constraints/0/values'],
      [{ contextName: 'userId', operator: 'IN', value: 'a' }, '/constraints/0/value'],
      [{ contextName: 'userId', operator: 'LIKE', values: ['a'] }, '/constraints/0/operator'],
      [{ contextName: '', operator: 'IN', values: ['a'] }, '/constraints/0/contextName'],
    ];
    for (const [constraint, path] of cases) {
      const error = await failsUnchanged(() => add({ name: 'default', constraints: [constraint] }), 'BadDataError');
      assert.is(error.details?.[0]?.path, path, JSON.stringify(constraint));
      if (/\/(value|values(\/\d+)?|inverted)$/.test(path) && !JSON.stringify(constraint).includes('a'.repeat(1001))) {
        assert.match(error.message, /Constraint 0/, JSON.stringify(constraint));
      }
    }
  });

  test('REGEX errors name the bad pattern and why; IN_CIDR keeps entries the SDKs skip; IN and NOT_IN take an empty list; a pattern of exactly the length bound is accepted', async () => {
    const error = await failsUnchanged(
      () => add({ name: 'default', constraints: [{ contextName: 'email', operator: 'REGEX', value: '(unclosed' }] }),
      'BadDataError',
    );
    assert.match(error.message, /"\(unclosed" is not a valid RE2 regular expression \(.*missing closing \)/);
    // An IN_CIDR entry that is no address or range is kept (the SDKs skip it); IN and NOT_IN take an empty list, as Unleash.
    const cidr = await add({
      name: 'default',
      constraints: [{ contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/33', '10.0.0.0/8'] }],
    });
    const stored = (contextName: string, operator: string, values: string[]) => ({
      contextName,
      operator,
      caseInsensitive: false,
      inverted: false,
      values,
    });
    assert.equal(cidr.result.constraints[0], stored('remoteAddress', 'IN_CIDR', ['10.0.0.0/33', '10.0.0.0/8']));
    for (const operator of ['IN', 'NOT_IN'] as const) {
      const { result: empty } = await add({ name: 'default', constraints: [{ contextName: 'userId', operator, values: [] }] });
      assert.equal(empty.constraints[0], stored('userId', operator, []), operator);
    }
    const { result } = await add({ name: 'default', constraints: [{ contextName: 'email', operator: 'REGEX', value: 'a'.repeat(1000) }] });
    assert.equal(result.constraints[0], {
      contextName: 'email',
      operator: 'REGEX',
      caseInsensitive: false,
      inverted: false,
      values: [],
      value: 'a'.repeat(1000),
    });
  });

  test('limits: constraints per strategy, values per constraint, strategies per environment', async () => {
    const many = Array.from({ length: 31 }, () => ({ contextName: 'userId', operator: 'IN', values: ['a'] }));
    const tooMany = await failsUnchanged(
      () => add({ name: 'default', constraints: many }),
      'BadDataError',
      /at most 30 \(limit constraintsPerStrategy\)/,
    );
    assert.is(tooMany.details?.[0]?.path, '/constraints');
    const values = Array.from({ length: 251 }, (_, i) => `u${i}`);
    await failsUnchanged(
      () => add({ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values }] }),
      'BadDataError',
      /at most 250 \(limit valuesPerConstraint\)/,
    );
    for (let i = 0; i < 30; i++) await add({ name: 'default' });
    await failsUnchanged(() => add({ name: 'default' }), 'BadDataError', /at most 30 \(limit strategiesPerEnvironment\)/);
  });

  test('PUT replaces a strategy: one update event with before and after; the same strategy again is no change', async () => {
    const { result: created } = await add({ name: 'flexibleRollout', parameters: { rollout: '10' } });
    const since = await lastEventId();
    const put = (body: unknown) => w.admin.updateStrategy(SYSTEM_PRINCIPAL, { ...at(), strategyId: created.id, body });
    const { result, etag } = await put({ name: 'flexibleRollout', parameters: { rollout: '20' }, title: 'Twenty' });
    assert.is(result.parameters['rollout'], '20');
    assert.is(result.title, 'Twenty');
    assert.is(result.id, created.id);
    const again = await put({ ...result });
    assert.is(again.etag, etag, 'no change: same ETag');
    const events = await eventsSince(since);
    assert.equal(
      events.map((e) => e.type),
      ['feature-strategy-update'],
    );
    assert.equal(events[0]!.preData, created);
    assert.equal(events[0]!.data, result);
    await failsUnchanged(() => put({ name: 'flexibleRollout', id: 'other-id' }), 'BadDataError', /read-only/);
    await failsUnchanged(() => put({ name: 'flexibleRollout', featureName: 'f2' }), 'BadDataError', /read-only/);
  });

  test('PATCH of a strategy: RFC 6902 with the feature PATCH error rules', async () => {
    const { result: created } = await add({ name: 'flexibleRollout', parameters: { rollout: '10' } });
    const patch = (ops: unknown) => w.admin.patchStrategy(SYSTEM_PRINCIPAL, { ...at(), strategyId: created.id, patch: ops });
    const { result } = await patch([
      { op: 'test', path: '/parameters/rollout', value: '10' },
      { op: 'replace', path: '/parameters/rollout', value: '40' },
      { op: 'add', path: '/constraints/-', value: { contextName: 'userId', operator: 'IN', values: ['x'] } },
    ]);
    assert.is(result.parameters['rollout'], '40');
    assert.is(result.constraints.length, 1);
    const bad = await failsUnchanged(() => patch([{ op: 'replace', path: '/nope/x', value: 1 }]), 'BadDataError', /Patch operation 0/);
    assert.is(bad.details?.[0]?.path, '/0');
    await failsUnchanged(() => patch([{ op: 'test', path: '/parameters/rollout', value: '10' }]), 'ConflictError');
    await failsUnchanged(() => patch([{ op: 'replace', path: '/id', value: 'x' }]), 'BadDataError', /read-only/);
    await failsUnchanged(() => patch([{ op: 'add', path: '/color', value: 'red' }]), 'BadDataError', /color/);
    await failsUnchanged(() => patch([{ op: 'replace', path: '/__proto__/x', value: 1 }]), 'BadDataError', /forbidden/);
    await failsUnchanged(() => patch([{ op: 'replace', path: '/parameters/rollout', value: '400' }]), 'BadDataError', /rollout/);
    await failsUnchanged(() => patch({ op: 'replace' }), 'BadDataError');
    // RFC 6901/6902 exactly, as on the feature: indices, own members, moves into a child.
    await failsUnchanged(
      () => patch([{ op: 'add', path: '/constraints/01', value: { contextName: 'a', operator: 'IN', values: ['x'] } }]),
      'BadDataError',
      /operation 0 \(add\)/,
    );
    await failsUnchanged(() => patch([{ op: 'remove', path: '/parameters/hasOwnProperty' }]), 'BadDataError', /does not exist/);
    await failsUnchanged(() => patch([{ op: 'move', from: '/parameters', path: '/parameters/inner' }]), 'BadDataError', /own child/);
  });

  test('unknown strategy ids, and strategies of another feature or environment, are 404', async () => {
    const { result } = await add({ name: 'default' });
    const { result: other } = await add({ name: 'default' }, 'development', 'f2');
    const { result: prod } = await add({ name: 'default' }, 'production');
    for (const strategyId of ['no-such-id', other.id, prod.id]) {
      await failsUnchanged(() => w.admin.deleteStrategy(SYSTEM_PRINCIPAL, { ...at(), strategyId }), 'NotFoundError');
      await failsUnchanged(
        () => w.admin.updateStrategy(SYSTEM_PRINCIPAL, { ...at(), strategyId, body: { name: 'default' } }),
        'NotFoundError',
      );
      await rejects(w.admin.getStrategy(SYSTEM_PRINCIPAL, { ...at(), strategyId }), 'NotFoundError');
    }
    await failsUnchanged(
      () => w.admin.addStrategy(SYSTEM_PRINCIPAL, { ...at('staging'), body: { name: 'default' } }),
      'NotFoundError',
      /staging/,
    );
    await failsUnchanged(
      () => w.admin.addStrategy(SYSTEM_PRINCIPAL, { ...at('development', 'nope'), body: { name: 'default' } }),
      'NotFoundError',
    );
    assert.ok(result.id);
  });

  test('on: adds the default strategy first when there is none; off keeps the strategies; no change, no event', async () => {
    const since = await lastEventId();
    const on = await w.admin.toggleEnvironment(SYSTEM_PRINCIPAL, { ...at(), enabled: true });
    const dev = on.feature.environments[0]!;
    assert.is(dev.enabled, true);
    assert.equal(
      dev.strategies.map((s) => [s.name, s.parameters]),
      [['flexibleRollout', { rollout: '100', stickiness: 'default', groupId: 'f1' }]],
    );
    await w.admin.toggleEnvironment(SYSTEM_PRINCIPAL, { ...at(), enabled: true });
    const off = await w.admin.toggleEnvironment(SYSTEM_PRINCIPAL, { ...at(), enabled: false });
    assert.is(off.feature.environments[0]!.strategies.length, 1, 'disabling keeps the strategies');
    await w.admin.toggleEnvironment(SYSTEM_PRINCIPAL, { ...at(), enabled: true });
    const events = await eventsSince(since);
    assert.equal(
      events.map((e) => e.type),
      ['feature-strategy-add', 'feature-environment-enabled', 'feature-environment-disabled', 'feature-environment-enabled'],
    );
    assert.equal((events[0]!.data as StrategyDocument).id, dev.strategies[0]!.id);
    assert.is((events[1]!.data as { name: string }).name, 'f1', 'environment events carry the feature document');
  });

  test('removing or disabling the last enabled strategy switches the environment off', async () => {
    const on = await w.admin.toggleEnvironment(SYSTEM_PRINCIPAL, { ...at(), enabled: true });
    const first = on.feature.environments[0]!.strategies[0]!;
    const { result: second } = await add({ name: 'default' });
    await w.admin.deleteStrategy(SYSTEM_PRINCIPAL, { ...at(), strategyId: first.id });
    assert.is((await feature()).environments[0]!.enabled, true, 'one enabled strategy is left');
    const since = await lastEventId();
    await w.admin.patchStrategy(SYSTEM_PRINCIPAL, {
      ...at(),
      strategyId: second.id,
      patch: [{ op: 'replace', path: '/disabled', value: true }],
    });
    const events = await eventsSince(since);
    assert.equal(
      events.map((e) => e.type),
      ['feature-strategy-update', 'feature-environment-disabled'],
    );
    const dev = (await feature()).environments[0]!;
    assert.equal([dev.enabled, dev.hasStrategies, dev.hasEnabledStrategies], [false, true, false]);
  });

  test('set-sort-order reorders with one event; unknown ids are 404; the same order is no change', async () => {
    const a = (await add({ name: 'default', title: 'a' })).result;
    const b = (await add({ name: 'default', title: 'b' })).result;
    const since = await lastEventId();
    const order = (body: unknown) => w.admin.setStrategySortOrder(SYSTEM_PRINCIPAL, { ...at(), body });
    await order([
      { id: a.id, sortOrder: 5 },
      { id: b.id, sortOrder: 1 },
    ]);
    assert.equal(
      (await feature()).environments[0]!.strategies.map((s) => s.title),
      ['b', 'a'],
    );
    await order([{ id: a.id, sortOrder: 5 }]);
    const events = await eventsSince(since);
    assert.equal(
      events.map((e) => e.type),
      ['strategy-order-changed'],
    );
    assert.equal(
      (events[0]!.data as { strategies: { title: string }[] }).strategies.map((s) => s.title),
      ['b', 'a'],
    );
    await failsUnchanged(() => order([{ id: 'nope', sortOrder: 1 }]), 'NotFoundError');
    await failsUnchanged(
      () =>
        order([
          { id: a.id, sortOrder: 1 },
          { id: a.id, sortOrder: 2 },
        ]),
      'BadDataError',
      /twice/,
    );
    await failsUnchanged(() => order([{ id: a.id }]), 'BadDataError');
  });

  test('UPDATE_FEATURE_ENVIRONMENT: a key without the environment gets 403 naming it', async () => {
    const devOnly = await w.key({ type: 'admin', role: 'editor', environment: 'development' });
    await add({ name: 'default' }, 'development').then(() => undefined);
    const error = await rejects(
      w.admin.addStrategy(devOnly.principal, { ...at('production'), body: { name: 'default' } }),
      'NoAccessError',
      /UPDATE_FEATURE_ENVIRONMENT.*production/,
    );
    assert.equal(error.permissions, ['UPDATE_FEATURE_ENVIRONMENT']);
    assert.equal(error.details, [
      { message: error.message, permission: 'UPDATE_FEATURE_ENVIRONMENT', project: 'default', environment: 'production' },
    ]);
    await failsUnchanged(() => w.admin.toggleEnvironment(devOnly.principal, { ...at('production'), enabled: true }), 'NoAccessError');
    await failsUnchanged(() => w.admin.addStrategy(w.keys.viewer.principal, { ...at(), body: { name: 'default' } }), 'NoAccessError');
    await w.admin.addStrategy(devOnly.principal, { ...at('development'), body: { name: 'default' } });
  });

  test('If-Match: a stale ETag is a 412 and nothing changes', async () => {
    await add({ name: 'default' });
    await failsUnchanged(
      () => w.admin.addStrategy(SYSTEM_PRINCIPAL, { ...at(), ifMatch: '"1"', body: { name: 'default' } }),
      'PreconditionFailedError',
    );
    const { etag } = await w.admin.addStrategy(SYSTEM_PRINCIPAL, { ...at(), ifMatch: '"2"', body: { name: 'default' } });
    assert.is(etag, '"3"');
  });
});
