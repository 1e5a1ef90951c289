// Unleash's import and export (features-batch) over real HTTP on memory, lowdb and PostgreSQL: an export
// imported into a fresh instance gives the same admin documents (ids and timestamps aside); validation
// writes nothing; a refused import (an illegal context field value, a truncated body, over the limit, a
// key without permission) answers Unleash's status and changes neither the state nor the event count.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectError, httpWorld, json, OVER_SOCKET, type HttpWorld } from './helpers/http-world';
import { LOWDB, MEMORY, POSTGRES, type TestStorage } from './helpers/test-storages';
import { adminDocuments, seedFlags, seedSegment, type Call } from './helpers/import-export-data';

const BATCH = '/api/admin/features-batch';

function exportImportSuite(storageKind: TestStorage): void {
  const test = suite(`import and export over HTTP (${storageKind.name})`);
  const worlds: HttpWorld[] = [];
  const world = async () => {
    const w = await httpWorld(OVER_SOCKET, { storageKind });
    worlds.push(w);
    return w;
  };
  test.after.each(async () => {
    for (const w of worlds.splice(0)) await w.close();
  });

  const caller =
    (w: HttpWorld, key = w.adminKey): Call =>
    (path, method, body) =>
      w.send(path, body === undefined ? { method, headers: { authorization: key } } : json(key, method, body));
  const getter = (w: HttpWorld) => async (path: string) => (await caller(w)(path, 'GET')).json();
  const exported = async (w: HttpWorld) => {
    const r = await caller(w)(`${BATCH}/export`, 'POST', { environment: 'development', project: 'default' });
    assert.is(r.status, 200);
    return r.json();
  };
  /** A source with the data set and a fresh target with only the segment; the export of the source. */
  const sourceAndTarget = async () => {
    const source = await world();
    await seedFlags(caller(source), await seedSegment(caller(source)));
    const target = await world();
    await seedSegment(caller(target));
    return { source, target, data: await exported(source) };
  };
  const state = async (w: HttpWorld) => [
    await getter(w)('/api/admin/projects/default/features'),
    await getter(w)('/api/admin/context'),
    await getter(w)('/api/admin/tag-types'),
    await w.eventCount(),
  ];

  test('the export holds the features, strategies, environments, context fields, tags, segments, tag types and dependencies', async () => {
    const { data } = await sourceAndTarget();
    assert.equal(
      data.features.map((f: { name: string }) => f.name),
      ['checkout', 'checkout-banner'],
    );
    assert.equal(data.features[1], {
      name: 'checkout-banner',
      description: null,
      type: 'experiment',
      project: 'default',
      stale: false,
      impressionData: true,
      archived: false,
    });
    assert.equal(
      data.featureStrategies.map((s: { name: string; featureName: string }) => [s.featureName, s.name]),
      [
        ['checkout', 'flexibleRollout'],
        ['checkout', 'default'],
      ],
    );
    assert.equal(
      data.featureEnvironments.map((e: { name: string; enabled: boolean; variants: unknown[] }) => [e.name, e.enabled, e.variants.length]),
      [
        ['checkout', true, 2],
        ['checkout-banner', false, 0],
      ],
    );
    assert.equal(
      data.contextFields.map((f: { name: string }) => f.name),
      ['appName', 'region'],
    );
    assert.equal(data.segments, [{ id: 1, name: 'beta-users' }]);
    assert.equal(data.featureTags, [{ featureName: 'checkout', tagType: 'team', tagValue: 'payments' }]);
    assert.equal(
      data.tagTypes.map((t: { name: string }) => t.name),
      ['team'],
    );
    assert.equal(data.dependencies, [{ feature: 'checkout-banner', dependencies: [{ feature: 'checkout', enabled: true, variants: [] }] }]);
  });

  test('export, then import into a fresh instance: the same admin documents, events per change, one features-imported', async () => {
    const { source, target, data } = await sourceAndTarget();
    const validation = await caller(target)(`${BATCH}/validate`, 'POST', { project: 'default', environment: 'development', data });
    assert.is(validation.status, 200);
    const report = await validation.json();
    assert.equal(report.errors, []);
    assert.equal(report.permissions, []);
    const imported = await caller(target)(`${BATCH}/import`, 'POST', { project: 'default', environment: 'development', data });
    assert.equal([imported.status, await imported.text()], [200, '']);
    assert.equal(await adminDocuments(getter(target)), await adminDocuments(getter(source)));
    const events = (await getter(target)('/api/admin/events')).events.map((e: { type: string }) => e.type);
    assert.is(events[0], 'features-imported');
    for (const type of ['feature-created', 'feature-strategy-add', 'feature-environment-variants-updated', 'feature-tagged'])
      assert.ok(events.includes(type), type);
    for (const type of ['feature-dependency-added', 'context-field-created', 'tag-type-created', 'feature-environment-enabled'])
      assert.ok(events.includes(type), type);
    // Imported again: the features exist and are overwritten, with the same result.
    const again = await (
      await caller(target)(`${BATCH}/validate`, 'POST', { project: 'default', environment: 'development', data })
    ).json();
    assert.equal(again.warnings.at(-1), {
      message: 'The following features already exist in this project and will be overwritten:',
      affectedItems: ['checkout', 'checkout-banner'],
    });
    assert.is((await caller(target)(`${BATCH}/import`, 'POST', { project: 'default', environment: 'development', data })).status, 200);
    assert.equal(await adminDocuments(getter(target)), await adminDocuments(getter(source)));
  });

  test('validation reports errors, warnings and missing permissions as Unleash, and writes nothing', async () => {
    const { target, data } = await sourceAndTarget();
    await caller(target)('/api/admin/projects', 'POST', { id: 'other', name: 'Other' });
    await caller(target)('/api/admin/projects/other/features', 'POST', { name: 'checkout-banner' });
    const broken = {
      ...data,
      features: [...data.features, data.features[0]],
      featureStrategies: [
        ...data.featureStrategies,
        { name: 'no-such-strategy', featureName: 'checkout', parameters: {}, constraints: [] },
      ],
      segments: [...data.segments, { id: 9, name: 'missing-segment' }],
    };
    const before = await state(target);
    const answer = await caller(target)(`${BATCH}/validate`, 'POST', { project: 'default', environment: 'development', data: broken });
    assert.is(answer.status, 200);
    const report = await answer.json();
    assert.equal(
      report.errors.map((e: { affectedItems: string[] }) => e.affectedItems),
      [['no-such-strategy'], ['checkout-banner (in project other)'], ['checkout'], ['missing-segment']],
    );
    const viewer = await (
      await caller(target, target.viewerKey)(`${BATCH}/validate`, 'POST', { project: 'default', environment: 'development', data })
    ).json();
    assert.equal(viewer.permissions, [
      {
        message: 'We detected you are missing the following permissions:',
        affectedItems: [
          'Update feature flags',
          'Create tag types',
          'Create context fields',
          'Create activation strategies',
          'Update variants',
          'Create feature flags',
        ],
      },
    ]);
    assert.equal(await state(target), before);
  });

  test('refused imports change nothing: illegal context value, truncated body, over the limit, no permission, unknown project', async () => {
    const { target, data } = await sourceAndTarget();
    await caller(target)('/api/admin/context', 'POST', { name: 'region', legalValues: [{ value: 'eu' }] });
    const before = await state(target);
    const call = caller(target);
    const body = { project: 'default', environment: 'development', data };
    await expectError(await call(`${BATCH}/import`, 'POST', body), 400, 'BadDataError', /context fields/);
    const text = JSON.stringify({ ...body, data: { ...data, contextFields: [] } });
    await expectError(await call(`${BATCH}/import`, 'POST', text.slice(0, text.length / 2)), 400, 'BadDataError');
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `flag-${i}` }));
    await expectError(
      await call(`${BATCH}/import`, 'POST', { ...body, data: { features: many, featureStrategies: [], tagTypes: [] } }),
      400,
      'BadDataError',
      /featuresPerImport/,
    );
    const fine = { ...body, data: { ...data, contextFields: [] } };
    await expectError(await caller(target, target.viewerKey)(`${BATCH}/import`, 'POST', fine), 403, 'NoAccessError');
    await expectError(await caller(target, target.clientKey)(`${BATCH}/import`, 'POST', fine), 403, 'NoAccessError');
    await expectError(await call(`${BATCH}/import`, 'POST', { ...fine, project: 'nope' }), 404, 'NotFoundError');
    // A strategy naming a value the field does not allow fails inside the transaction: nothing of it stays.
    const illegal = structuredClone(fine);
    illegal.data.featureStrategies[0].constraints[0].values = ['mars'];
    await expectError(await call(`${BATCH}/import`, 'POST', illegal), 400, 'BadDataError');
    assert.equal(await state(target), before);
  });

  test.run();
}

for (const storage of [MEMORY, LOWDB, POSTGRES]) exportImportSuite(storage);
