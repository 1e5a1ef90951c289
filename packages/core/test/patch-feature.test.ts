import * as assert from 'uvu/assert';
import type { EventRecord, FeatureDocument } from '@flagadmin/core';
import { assertSchema, observe, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('patchFeature', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.feature('f1', { description: 'first', tags: [{ type: 'simple', value: 'a' }] });
  });

  const patch = (
    patchBody: unknown,
    opts: { secret?: 'admin' | 'editor' | 'viewer' | 'client'; ifMatch?: string; projectId?: string; featureName?: string } = {},
  ) =>
    w.admin.patchFeature(w.keys[opts.secret ?? 'admin'].principal, {
      projectId: opts.projectId ?? 'default',
      featureName: opts.featureName ?? 'f1',
      patch: patchBody,
      ...(opts.ifMatch !== undefined ? { ifMatch: opts.ifMatch } : {}),
    });

  /** Runs a call that must fail with `name`, and proves the feature and the event log did not change. */
  async function failsUnchanged(call: () => Promise<unknown>, name: Parameters<typeof rejects>[1], message?: RegExp) {
    const before = await observe(w, 'default', 'f1');
    const error = await rejects(call(), name, message);
    assert.equal(await observe(w, 'default', 'f1'), before, 'state and event count unchanged');
    return error;
  }

  const newEvents = async (since: number): Promise<EventRecord[]> => {
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL, { project: 'default' });
    return events.filter((e) => e.id > since).reverse();
  };
  const lastEventId = async () => (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events[0]?.id ?? 0;

  test('replaces the description, answers the whole document and a new ETag', async () => {
    const { feature, etag } = await patch([{ op: 'replace', path: '/description', value: 'second' }]);
    assert.is(feature.description, 'second');
    assert.is(etag, '"2"');
    assertSchema('feature', feature);
    const read = await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f1' });
    assert.equal(read.feature, feature, 'PATCH answers what GET returns');
    assert.is(read.etag, etag);
  });

  test('a viewer key gets 403 naming UPDATE_FEATURE, and nothing changes', async () => {
    const error = await failsUnchanged(
      () => patch([{ op: 'replace', path: '/description', value: 'x' }], { secret: 'viewer' }),
      'NoAccessError',
      /UPDATE_FEATURE/,
    );
    assert.equal(error.permissions, ['UPDATE_FEATURE']);
    assert.equal(error.details, [{ message: error.message, permission: 'UPDATE_FEATURE', project: 'default' }]);
  });

  test('a client key gets 403 invalid token type', async () => {
    await failsUnchanged(() => patch([], { secret: 'client' }), 'NoAccessError', /invalid token type/);
  });

  test('a key scoped to another project gets 403 before anything reveals whether the feature exists', async () => {
    await w.project('other');
    const scoped = await w.key({ type: 'admin', role: 'editor', projects: ['other'] });
    const call = (featureName: string) => w.admin.patchFeature(scoped.principal, { projectId: 'default', featureName, patch: [] });
    await rejects(call('f1'), 'NoAccessError');
    await rejects(call('does-not-exist'), 'NoAccessError');
    await rejects(w.admin.patchFeature(scoped.principal, { projectId: 'nope', featureName: 'f1', patch: 'garbage' }), 'NoAccessError');
  });

  test('a body that is not an array of operations is 400 naming the operation', async () => {
    await failsUnchanged(() => patch({ op: 'replace' }), 'BadDataError');
    const error = await failsUnchanged(
      () =>
        patch([
          { op: 'replace', path: '/description', value: 'x' },
          { op: 'bogus', path: '/stale' },
        ]),
      'BadDataError',
    );
    assert.ok(
      error.details?.some((d) => d.path?.startsWith('/1')),
      JSON.stringify(error.details),
    );
    await failsUnchanged(() => patch([{ op: 'replace', value: 1 }]), 'BadDataError');
    await failsUnchanged(() => patch([{ op: 'replace', path: '/description' }]), 'BadDataError', /value/);
    await failsUnchanged(() => patch([{ op: 'move', path: '/description' }]), 'BadDataError', /from/);
  });

  test('members an operation does not define are ignored (RFC 6902 §4)', async () => {
    const { feature } = await patch([
      { op: 'add', path: '/description', value: 'x', extra: 1, from: 5 },
      { op: 'remove', path: '/tags/0', value: 'ignored' },
    ]);
    assert.is(feature.description, 'x');
    assert.equal(feature.tags, []);
  });

  test('RFC 6902 moves: into its own child, or to a destination gone once the source is removed, are 400', async () => {
    const moveIntoChild = await failsUnchanged(() => patch([{ op: 'move', from: '/lifecycle', path: '/lifecycle/stage' }]), 'BadDataError');
    assert.match(moveIntoChild.message, /operation 0 \(move\).*own child/);
    await failsUnchanged(
      () => patch([{ op: 'move', from: '/environments/0', path: '/environments/1/enabled' }]),
      'BadDataError',
      /operation 0 \(move\)/,
    );
    await failsUnchanged(() => patch([{ op: 'move', from: '', path: '/description' }]), 'BadDataError', /own child/);
  });

  test('operations after the whole document became a non-object are 400 naming that operation', async () => {
    await failsUnchanged(
      () =>
        patch([
          { op: 'remove', path: '' },
          { op: 'remove', path: '/tags/0' },
        ]),
      'BadDataError',
      /operation 0 \(remove\)/,
    );
    await failsUnchanged(
      () =>
        patch([
          { op: 'copy', from: '/lastSeenAt', path: '' },
          { op: 'add', path: '/environments', value: 1 },
        ]),
      'BadDataError',
      /operation 1 \(add\)/,
    );
    await failsUnchanged(
      () =>
        patch([
          { op: 'replace', path: '', value: [] },
          { op: 'add', path: '/-', value: 1 },
        ]),
      'BadDataError',
      /must be an object/,
    );
  });

  test('array indices follow RFC 6901: 0 or digits without a leading zero, - for add only; else 400 naming the operation', async () => {
    const tag = { type: 'simple', value: 'z' };
    for (const [i, op] of [
      { op: 'add', path: '/tags/01', value: tag },
      { op: 'add', path: '/tags/4294967296', value: tag },
      { op: 'add', path: '/tags/', value: tag },
      { op: 'add', path: '/tags/-1', value: tag },
      { op: 'add', path: '/tags/1e0', value: tag },
      { op: 'add', path: '/tags/ 1', value: tag },
      { op: 'remove', path: '/tags/-' },
      { op: 'remove', path: '/tags/00' },
      { op: 'replace', path: '/tags/length', value: 0 },
      { op: 'test', path: '/environments/4294967296/enabled', value: false },
      { op: 'test', path: '/environments/00/enabled', value: false },
      { op: 'copy', from: '/tags/-', path: '/tags/0' },
    ].entries()) {
      const error = await failsUnchanged(() => patch([op]), 'BadDataError');
      assert.match(error.message, new RegExp(`operation 0 \\(${op.op}\\)`), `${i}: ${JSON.stringify(op)} -> ${error.message}`);
      assert.equal(error.details?.[0]?.path, '/0');
    }
    const { feature } = await patch([
      { op: 'add', path: '/tags/1', value: tag },
      { op: 'add', path: '/tags/0', value: { type: 'simple', value: 'y' } },
    ]);
    assert.equal(
      feature.tags.map((t) => t.value),
      ['y', 'a', 'z'],
    );
  });

  test('only own members exist: inherited names are paths that do not exist (400)', async () => {
    for (const name of ['hasOwnProperty', 'valueOf', 'toString', 'isPrototypeOf']) {
      await failsUnchanged(() => patch([{ op: 'remove', path: `/${name}` }]), 'BadDataError', /does not exist/);
      await failsUnchanged(() => patch([{ op: 'test', path: `/tags/0/${name}`, value: {} }]), 'BadDataError', /does not exist/);
      await failsUnchanged(() => patch([{ op: 'copy', from: `/${name}`, path: '/description' }]), 'BadDataError', /does not exist/);
    }
    await failsUnchanged(() => patch([{ op: 'replace', path: '/tags/0/~2', value: 1 }]), 'BadDataError', /JSON Pointer/);
  });

  test('a pointer of many slashes ending in a bad escape is a 400 at once (its check never backtracks)', async () => {
    // With a grammar where a slash could belong to two parts of the pattern, 60 slashes took longer than
    // any test runs (the time doubles with every two slashes); a body of 80 bytes held the process.
    await failsUnchanged(() => patch([{ op: 'replace', path: `${'/'.repeat(60)}~`, value: 1 }]), 'BadDataError', /JSON Pointer/);
    await failsUnchanged(
      () => patch([{ op: 'copy', from: `${'/a'.repeat(5_000)}~`, path: '/description' }]),
      'BadDataError',
      /JSON Pointer/,
    );
  });

  test('tags differing only in where a colon falls are two tags, each with its event', async () => {
    await patch([{ op: 'remove', path: '/tags/0' }]);
    // Tag types the API would refuse as names (a colon), as data from before the tag list may hold them.
    await w.admin.context.storage.write(async (tx) => {
      for (const name of ['a:b', 'a']) await tx.put('tagTypes', { name, description: '', icon: null, color: null });
    });
    const since = await lastEventId();
    const tags = [
      { type: 'a:b', value: 'c' },
      { type: 'a', value: 'b:c' },
    ];
    const { feature } = await patch([
      { op: 'add', path: '/tags/-', value: tags[0] },
      { op: 'add', path: '/tags/-', value: tags[1] },
    ]);
    assert.equal(feature.tags, tags);
    assert.equal(
      (await newEvents(since)).map((e) => [e.type, e.data]),
      tags.map((t) => ['feature-tagged', t]),
    );
    await failsUnchanged(() => patch([{ op: 'add', path: '/tags/-', value: { type: 'a', value: 'b:c' } }]), 'BadDataError', /repeat/);
  });

  test('404 for an unknown project, an unknown feature, and a feature of another project (never naming it)', async () => {
    await w.project('secret-project');
    await w.feature('hidden', {}, 'secret-project');
    await rejects(patch([], { projectId: 'missing' }), 'NotFoundError');
    await rejects(patch([], { featureName: 'missing' }), 'NotFoundError');
    const error = await rejects(patch([{ op: 'replace', path: '/stale', value: true }], { featureName: 'hidden' }), 'NotFoundError');
    assert.not.match(error.message, /secret-project/);
    const hidden = await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'secret-project', featureName: 'hidden' });
    assert.is(hidden.feature.stale, false);
  });

  test('If-Match: a stale ETag is 412 and changes nothing; the current one and * apply', async () => {
    await patch([{ op: 'replace', path: '/description', value: 'v2' }]);
    await failsUnchanged(
      () => patch([{ op: 'replace', path: '/description', value: 'v3' }], { ifMatch: '"1"' }),
      'PreconditionFailedError',
    );
    await failsUnchanged(
      () => patch([{ op: 'replace', path: '/description', value: 'v3' }], { ifMatch: 'W/"2"' }),
      'PreconditionFailedError',
    );
    const { etag } = await patch([{ op: 'replace', path: '/description', value: 'v3' }], { ifMatch: '"2"' });
    assert.is(etag, '"3"');
    const { feature } = await patch([{ op: 'replace', path: '/description', value: 'v4' }], { ifMatch: '*' });
    assert.is(feature.description, 'v4');
  });

  test('RFC 6902 failures are 400 naming the operation, not 500 and not ignored', async () => {
    for (const op of [
      { op: 'remove', path: '/tags/5' },
      { op: 'replace', path: '/nothing-here', value: 1 },
      { op: 'add', path: '/missing/child', value: 1 },
      { op: 'add', path: '/tags/9', value: { type: 'simple', value: 'z' } },
      { op: 'copy', from: '/nowhere', path: '/description' },
      { op: 'replace', path: 'description', value: 'no slash' },
    ]) {
      const error = await failsUnchanged(() => patch([{ op: 'test', path: '/stale', value: false }, op]), 'BadDataError');
      assert.match(error.message, /operation 1/, `${JSON.stringify(op)} -> ${error.message}`);
    }
  });

  test('the patch is atomic: when a later operation fails, earlier ones are not applied', async () => {
    await failsUnchanged(
      () =>
        patch([
          { op: 'replace', path: '/description', value: 'changed' },
          { op: 'remove', path: '/tags/3' },
        ]),
      'BadDataError',
    );
    await failsUnchanged(
      () =>
        patch([
          { op: 'replace', path: '/stale', value: true },
          { op: 'replace', path: '/name', value: 'renamed' },
        ]),
      'BadDataError',
    );
  });

  test('a failed test operation is 409 ConflictError and nothing changes; a passing one lets the patch apply', async () => {
    await failsUnchanged(
      () =>
        patch([
          { op: 'test', path: '/description', value: 'not this' },
          { op: 'replace', path: '/description', value: 'x' },
        ]),
      'ConflictError',
    );
    const { feature } = await patch([
      { op: 'test', path: '/description', value: 'first' },
      { op: 'replace', path: '/description', value: 'x' },
    ]);
    assert.is(feature.description, 'x');
  });

  test('any operation under /variants is 403 OperationDeniedError', async () => {
    await failsUnchanged(() => patch([{ op: 'add', path: '/variants/-', value: { name: 'v', weight: 1000 } }]), 'OperationDeniedError');
    await failsUnchanged(() => patch([{ op: 'replace', path: '/variants', value: [] }]), 'OperationDeniedError');
    await failsUnchanged(() => patch([{ op: 'copy', from: '/variants', path: '/tags' }]), 'OperationDeniedError');
  });

  test('prototype paths are 400 and leave Object.prototype clean', async () => {
    for (const path of ['/__proto__/polluted', '/constructor/prototype/polluted', '/tags/0/__proto__/polluted', '/prototype']) {
      await failsUnchanged(() => patch([{ op: 'add', path, value: 'yes' }]), 'BadDataError', /forbidden/);
    }
    await failsUnchanged(() => patch([{ op: 'copy', from: '/__proto__', path: '/description' }]), 'BadDataError');
    await failsUnchanged(() => patch([{ op: 'add', path: '/~1__proto__', value: 1 }]), 'BadDataError');
    assert.is(({} as Record<string, unknown>)['polluted'], undefined);
    assert.is((Object.prototype as Record<string, unknown>)['polluted'], undefined);
  });

  test('a JSON body with an own __proto__ key as a value does not pollute', async () => {
    const value = JSON.parse('{"type":"simple","value":"x","__proto__":{"polluted":true}}');
    await failsUnchanged(() => patch([{ op: 'add', path: '/tags/-', value }]), 'BadDataError');
    assert.is(({} as Record<string, unknown>)['polluted'], undefined);
  });

  test('environment changes need UPDATE_FEATURE_ENVIRONMENT for that environment (403 naming it)', async () => {
    const devOnly = await w.key({ type: 'admin', role: 'editor', environment: 'development' });
    const call = (i: number) =>
      w.admin.patchFeature(devOnly.principal, {
        projectId: 'default',
        featureName: 'f1',
        patch: [{ op: 'replace', path: `/environments/${i}/enabled`, value: true }],
      });
    const error = await failsUnchanged(() => call(1), 'NoAccessError', /UPDATE_FEATURE_ENVIRONMENT.*production/);
    assert.equal(error.permissions, ['UPDATE_FEATURE_ENVIRONMENT']);
    assert.equal(error.details, [
      { message: error.message, permission: 'UPDATE_FEATURE_ENVIRONMENT', project: 'default', environment: 'production' },
    ]);
    const { feature } = await call(0);
    assert.is(feature.environments[0]!.name, 'development');
    assert.is(feature.environments[0]!.enabled, true);
    assert.is(feature.enabled, true, 'top-level enabled: any environment enabled');
    // The same key may still change metadata: only environments actually changed need the permission.
    const meta = await w.admin.patchFeature(devOnly.principal, {
      projectId: 'default',
      featureName: 'f1',
      patch: [
        { op: 'replace', path: '/description', value: 'ok' },
        { op: 'test', path: '/environments/1/enabled', value: false },
      ],
    });
    assert.is(meta.feature.description, 'ok');
  });

  test('read-only and unknown fields are 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ op: 'replace', path: '/name', value: 'renamed' }, /"name" is read-only/],
      [{ op: 'replace', path: '/project', value: 'x' }, /"project" is read-only/],
      [{ op: 'replace', path: '/createdAt', value: '2020-01-01T00:00:00.000Z' }, /"createdAt" is read-only/],
      [{ op: 'replace', path: '/enabled', value: true }, /"enabled" is read-only/],
      [{ op: 'replace', path: '/lifecycle/stage', value: 'live' }, /"lifecycle" is read-only/],
      [{ op: 'add', path: '/children/-', value: 'x' }, /"children" is read-only/],
      [{ op: 'add', path: '/foo', value: 1 }, /unknown field "foo"/],
      [{ op: 'remove', path: '/description' }, /"description" cannot be removed/],
      [{ op: 'replace', path: '/environments/0/type', value: 'production' }, /only "enabled"/],
      [{ op: 'remove', path: '/environments/1' }, /environments/],
      [{ op: 'add', path: '/environments/0/extra', value: 1 }, /only "enabled"/],
    ];
    for (const [op, message] of cases) await failsUnchanged(() => patch([op]), 'BadDataError', message);
  });

  test('values of the wrong type are 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ op: 'replace', path: '/description', value: 5 }, /description/],
      [{ op: 'replace', path: '/description', value: 'x'.repeat(1001) }, /description/],
      [{ op: 'replace', path: '/type', value: 'bogus' }, /type must be one of/],
      [{ op: 'replace', path: '/stale', value: 'yes' }, /stale must be a boolean/],
      [{ op: 'replace', path: '/archived', value: null }, /archived must be a boolean/],
      [{ op: 'replace', path: '/favorite', value: 1 }, /favorite/],
      [{ op: 'replace', path: '/impressionData', value: {} }, /impressionData/],
      [{ op: 'replace', path: '/environments/0/enabled', value: 'true' }, /enabled must be a boolean/],
      [{ op: 'add', path: '/tags/-', value: { type: 1, value: 'x' } }, /tags/],
      [{ op: 'add', path: '/tags/-', value: { type: 'simple', value: 'a' } }, /tags must not repeat/],
      [{ op: 'replace', path: '/tags', value: null }, /tags/],
    ];
    for (const [op, message] of cases) await failsUnchanged(() => patch([op]), 'BadDataError', message);
  });

  test('one event per fact, in order, committed with the change', async () => {
    const since = await lastEventId();
    const { feature } = await patch([
      { op: 'add', path: '/tags/-', value: { type: 'simple', value: 'b' } },
      { op: 'replace', path: '/environments/1/enabled', value: true },
      { op: 'replace', path: '/favorite', value: true },
      { op: 'replace', path: '/archived', value: true },
      { op: 'replace', path: '/stale', value: true },
      { op: 'replace', path: '/description', value: 'all at once' },
      { op: 'replace', path: '/type', value: 'experiment' },
      { op: 'remove', path: '/tags/0' },
    ]);
    const events = await newEvents(since);
    assert.equal(
      events.map((e) => e.type),
      [
        'feature-metadata-updated',
        'feature-stale-on',
        'feature-archived',
        'feature-favorited',
        'feature-tagged',
        'feature-untagged',
        'feature-strategy-add',
        'feature-environment-enabled',
      ],
    );
    for (const e of events) {
      assertSchema('event', e);
      assert.is(e.project, 'default');
      assert.is(e.featureName, 'f1');
      assert.is(e.createdBy, 'admin-key');
      assert.is(e.createdByUserId, w.keys.admin.principal.id);
      assert.equal(e.tags, [{ type: 'simple', value: 'b' }], 'the feature tags at the time');
    }
    const [meta, , , , tagged, untagged, strategyAdded, enabled] = events;
    const strategy = feature.environments[1]!.strategies[0]!;
    assert.equal(strategyAdded!.data, strategy, 'the default strategy, as the document shows it');
    assert.equal(strategy.parameters, { rollout: '100', stickiness: 'default', groupId: 'f1' });
    assert.is(strategyAdded!.environment, 'production');
    assert.equal(meta!.data, feature);
    assert.is((meta!.preData as FeatureDocument).description, 'first');
    assert.equal(tagged!.data, { type: 'simple', value: 'b' });
    assert.is(tagged!.preData, null);
    assert.equal(untagged!.preData, { type: 'simple', value: 'a' });
    assert.is(untagged!.data, null);
    assert.is(enabled!.environment, 'production');
    assert.is(meta!.environment, null);
  });

  test('the opposite facts have their own events', async () => {
    await patch([
      { op: 'replace', path: '/stale', value: true },
      { op: 'replace', path: '/favorite', value: true },
      { op: 'replace', path: '/environments/0/enabled', value: true },
    ]);
    const since = await lastEventId();
    await patch([
      { op: 'replace', path: '/stale', value: false },
      { op: 'replace', path: '/favorite', value: false },
      { op: 'replace', path: '/environments/0/enabled', value: false },
    ]);
    assert.equal(
      (await newEvents(since)).map((e) => e.type),
      ['feature-stale-off', 'feature-unfavorited', 'feature-environment-disabled'],
    );
  });

  test('a patch that changes nothing is 200 with no event and the same ETag', async () => {
    const _before = await observe(w, 'default', 'f1');
    const empty = await patch([]);
    assert.is(empty.etag, '"1"');
    const same = await patch([
      { op: 'replace', path: '/description', value: 'first' },
      { op: 'test', path: '/stale', value: false },
    ]);
    assert.is(same.etag, '"1"');
  });

  test('archiving moves the lifecycle to archived and sets archivedAt; reviving returns to initial', async () => {
    w.clock.ms += 1000;
    const archived = (await patch([{ op: 'replace', path: '/archived', value: true }])).feature;
    assert.is(archived.archived, true);
    assert.is(archived.archivedAt, new Date(w.clock.ms).toISOString());
    assert.equal(archived.lifecycle, { stage: 'archived', enteredStageAt: new Date(w.clock.ms).toISOString() });
    w.clock.ms += 1000;
    const since = await lastEventId();
    const revived = (await patch([{ op: 'replace', path: '/archived', value: false }])).feature;
    assert.is(revived.archivedAt, null);
    assert.equal(revived.lifecycle, { stage: 'initial', enteredStageAt: new Date(w.clock.ms).toISOString() });
    assert.equal(
      (await newEvents(since)).map((e) => e.type),
      ['feature-revived'],
    );
  });

  test('copy and move work as RFC 6902 says', async () => {
    await patch([{ op: 'replace', path: '/environments/0/enabled', value: true }]);
    const { feature } = await patch([{ op: 'copy', from: '/environments/0/enabled', path: '/environments/1/enabled' }]);
    assert.equal(
      feature.environments.map((e) => e.enabled),
      [true, true],
    );
    // move = remove + add: moving a tag's value leaves the source tag without one, which is invalid.
    const before = await observe(w, 'default', 'f1');
    await rejects(
      patch([
        { op: 'add', path: '/tags/-', value: { type: 'simple', value: 'b' } },
        { op: 'move', from: '/tags/1/value', path: '/tags/0/value' },
      ]),
      'BadDataError',
      /tags/,
    );
    assert.equal(await observe(w, 'default', 'f1'), before);
  });

  test('tags are a set: reordering them is no change', async () => {
    await patch([{ op: 'add', path: '/tags/-', value: { type: 'simple', value: 'b' } }]);
    const before = await observe(w, 'default', 'f1');
    await patch([{ op: 'move', from: '/tags/1', path: '/tags/0' }]);
    assert.equal(await observe(w, 'default', 'f1'), before);
  });
});
