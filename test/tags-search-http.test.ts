// Tags, tag types, search, a feature's events and dependency options over HTTP, on every storage (memory,
// lowdb, PostgreSQL): Unleash 8.2.0's paths and statuses, bodies checked against our OpenAPI document,
// and every refused request leaves the state and the event count as they were.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { expectError, freshWorldEachTest, IN_PROCESS, json, type HttpWorld, type OpenApiChecker } from './helpers/http-world';
import { LOWDB, MEMORY, POSTGRES, type TestStorage } from './helpers/test-storages';

const FEATURE_TAGS = '/api/admin/features/f1/tags';

function tagsSuite(storageKind: TestStorage): void {
  const test = suite(`tags, search and events over HTTP (${storageKind.name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;
  freshWorldEachTest(test, { transport: IN_PROCESS, storageKind }, (world, checker) => {
    w = world;
    openapi = checker;
  });

  const send = (path: string, method = 'GET', body?: unknown, key = w.adminKey) =>
    w.send(path, body === undefined ? { method, headers: { authorization: key } } : json(key, method, body));
  const body = async (path: string) => (await send(path)).json();
  /** The request is refused with `status` and `name`, and neither the tag list, the types, f1 nor the event count moved. */
  const refusedUnchanged = async (request: () => Promise<Response>, status: number, name: string) => {
    const before = [await body('/api/admin/tags'), await body('/api/admin/tag-types'), await body(FEATURE_TAGS), await w.eventCount()];
    await expectError(await request(), status, name);
    assert.equal(
      [await body('/api/admin/tags'), await body('/api/admin/tag-types'), await body(FEATURE_TAGS), await w.eventCount()],
      before,
    );
  };

  test('a fresh instance has the tag type simple, with its colour', async () => {
    const types = await body('/api/admin/tag-types');
    openapi.check('GET', '/api/admin/tag-types', 200, types);
    assert.equal(types, {
      version: 1,
      tagTypes: [{ name: 'simple', description: 'Used to simplify filtering of features', icon: '#', color: '#FFFFFF' }],
    });
  });

  test('feature tags: add (201, idempotent), list with colours, update sets, remove; events and the tag list follow', async () => {
    const added = await send(FEATURE_TAGS, 'POST', { type: 'simple', value: 'checkout' });
    assert.is(added.status, 201);
    assert.equal(await added.json(), { type: 'simple', value: 'checkout' });
    assert.is((await send(FEATURE_TAGS, 'POST', { type: 'simple', value: 'checkout' })).status, 201);
    const listed = await body(FEATURE_TAGS);
    openapi.check('GET', '/api/admin/features/{featureName}/tags', 200, listed);
    assert.equal(listed, { version: 1, tags: [{ type: 'simple', value: 'checkout', color: '#FFFFFF' }] });
    const updated = await send(FEATURE_TAGS, 'PUT', {
      addedTags: [{ type: 'simple', value: 'web' }],
      removedTags: [{ type: 'simple', value: 'checkout' }],
    });
    assert.is(updated.status, 200);
    assert.equal((await updated.json()).tags, [{ type: 'simple', value: 'web', color: '#FFFFFF' }]);
    const removed = await send(`${FEATURE_TAGS}/simple/web`, 'DELETE');
    assert.equal([removed.status, await removed.text()], [200, '']);
    assert.equal((await body(FEATURE_TAGS)).tags, []);
    const events = (await body('/api/admin/events/f1')).events.map((e: { type: string }) => e.type);
    assert.equal(
      events.filter((t: string) => t.startsWith('feature-')),
      ['feature-untagged', 'feature-untagged', 'feature-tagged', 'feature-tagged', 'feature-created'],
    );
    const tags = await body('/api/admin/tags');
    openapi.check('GET', '/api/admin/tags', 200, tags);
    assert.equal(
      tags.tags.map((t: { value: string }) => t.value),
      ['checkout', 'web'],
    );
    const search = await body('/api/admin/search/events?type=IS:tag-created');
    assert.equal(
      search.events.map((e: { data: { value: string } }) => e.data.value),
      ['web', 'checkout'],
    );
  });

  test('a tag of an unknown type is a 400 on every route that tags, the JSON Patch included, and nothing changes', async () => {
    const tag = { type: 'team', value: 'payments' };
    await refusedUnchanged(() => send(FEATURE_TAGS, 'POST', tag), 400, 'BadDataError');
    await refusedUnchanged(() => send(FEATURE_TAGS, 'PUT', { addedTags: [tag], removedTags: [] }), 400, 'BadDataError');
    await refusedUnchanged(
      () => send('/api/admin/projects/default/tags', 'PUT', { features: ['f1'], tags: { addedTags: [tag], removedTags: [] } }),
      400,
      'BadDataError',
    );
    await refusedUnchanged(
      () => send('/api/admin/projects/default/features/f1', 'PATCH', [{ op: 'add', path: '/tags/-', value: tag }]),
      400,
      'BadDataError',
    );
    await refusedUnchanged(() => send('/api/admin/tags', 'POST', tag), 400, 'BadDataError');
    const created = await send('/api/admin/projects/default/features', 'POST', { name: 'f2', tags: [tag] });
    await expectError(created, 400, 'BadDataError', /Tag type 'team' does not exist/);
    await expectError(await send('/api/admin/projects/default/features/f2'), 404, 'NotFoundError');
    // Once the type exists, the same requests succeed.
    const typed = await send('/api/admin/tag-types', 'POST', {
      name: 'team',
      description: 'Owning team',
      icon: 'people',
      color: '#1A2B3C',
    });
    assert.is(typed.status, 201);
    openapi.check('POST', '/api/admin/tag-types', 201, await typed.json());
    const patched = await send('/api/admin/projects/default/features/f1', 'PATCH', [{ op: 'add', path: '/tags/-', value: tag }]);
    assert.is(patched.status, 200);
    assert.equal((await body(FEATURE_TAGS)).tags, [{ ...tag, color: '#1A2B3C' }]);
  });

  test('tag types: validate, get, update (kept fields), delete refused while used, then allowed', async () => {
    assert.equal(await (await send('/api/admin/tag-types/validate', 'POST', { name: 'area' })).json(), {
      valid: true,
      tagType: { name: 'area' },
    });
    await refusedUnchanged(() => send('/api/admin/tag-types/validate', 'POST', { name: 'simple' }), 409, 'NameExistsError');
    await refusedUnchanged(() => send('/api/admin/tag-types', 'POST', { name: 'bad name' }), 400, 'BadDataError');
    await refusedUnchanged(() => send('/api/admin/tag-types', 'POST', { name: 'area', color: 'red' }), 400, 'BadDataError');
    await refusedUnchanged(() => send('/api/admin/tag-types', 'POST', { name: 'area' }, w.viewerKey), 403, 'NoAccessError');
    assert.is((await send('/api/admin/tag-types', 'POST', { name: 'area', description: 'Product area' })).status, 201);
    assert.is((await send('/api/admin/tag-types/area', 'PUT', { color: '#00FF00' })).status, 200);
    const got = await body('/api/admin/tag-types/area');
    openapi.check('GET', '/api/admin/tag-types/{name}', 200, got);
    assert.equal(got, { version: 1, tagType: { name: 'area', description: 'Product area', icon: null, color: '#00FF00' } });
    await refusedUnchanged(() => send('/api/admin/tag-types/nope', 'PUT', { color: '#00FF00' }), 404, 'NotFoundError');
    assert.is((await send(FEATURE_TAGS, 'POST', { type: 'area', value: 'checkout' })).status, 201);
    await refusedUnchanged(() => send('/api/admin/tag-types/area', 'DELETE'), 409, 'ConflictError');
    await refusedUnchanged(() => send('/api/admin/tags/area/checkout', 'DELETE'), 409, 'ConflictError');
    assert.is((await send(`${FEATURE_TAGS}/area/checkout`, 'DELETE')).status, 200);
    const deleted = await send('/api/admin/tag-types/area', 'DELETE');
    assert.equal([deleted.status, await deleted.text()], [200, '']);
    assert.equal((await body('/api/admin/tags/area')).tags, []);
    await expectError(await send('/api/admin/tag-types/area'), 404, 'NotFoundError');
    const types = (await body('/api/admin/search/events?type=IS_ANY_OF:tag-type-created,tag-type-updated,tag-type-deleted')).events;
    assert.equal(
      types.map((e: { type: string }) => e.type),
      ['tag-type-deleted', 'tag-type-updated', 'tag-type-created'],
    );
  });

  test('the tag list: create (trimmed, 409 again), get, by type, delete', async () => {
    const created = await send('/api/admin/tags', 'POST', { type: 'simple', value: '  beta  ' });
    assert.is(created.status, 201);
    const answer = await created.json();
    openapi.check('POST', '/api/admin/tags', 201, answer);
    assert.equal(answer, { version: 1, tag: { type: 'simple', value: 'beta', color: '#FFFFFF' } });
    await refusedUnchanged(() => send('/api/admin/tags', 'POST', { type: 'simple', value: 'beta' }), 409, 'NameExistsError');
    assert.equal(await body('/api/admin/tags/simple/beta'), answer);
    assert.equal((await body('/api/admin/tags/simple')).tags, [answer.tag]);
    await expectError(await send('/api/admin/tags/simple/nope'), 404, 'NotFoundError');
    assert.is((await send('/api/admin/tags/simple/beta', 'DELETE')).status, 200);
    assert.equal((await body('/api/admin/tags')).tags, []);
  });

  test('bulk tagging: every feature of the project in one write; a feature of another project refuses all', async () => {
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'f2' } });
    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'other', name: 'Other' } });
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'other', body: { name: 'g1' } });
    const change = { addedTags: [{ type: 'simple', value: 'batch' }], removedTags: [] };
    await refusedUnchanged(
      () => send('/api/admin/projects/default/tags', 'PUT', { features: ['f1', 'g1'], tags: change }),
      400,
      'BadDataError',
    );
    const ok = await send('/api/admin/projects/default/tags', 'PUT', { features: ['f1', 'f2'], tags: change });
    assert.equal([ok.status, await ok.text()], [200, '']);
    assert.equal((await body('/api/admin/features/f2/tags')).tags, [{ type: 'simple', value: 'batch', color: '#FFFFFF' }]);
    const found = await body('/api/admin/search/features?tag=INCLUDE:simple:batch');
    openapi.check('GET', '/api/admin/search/features', 200, found);
    assert.equal([found.total, found.features.map((f: { name: string }) => f.name)], [2, ['f1', 'f2']]);
  });

  test('search: filters, order, paging, total; a bad filter is a 400; an offset past the end an empty page', async () => {
    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'other', name: 'Other' } });
    for (const [project, name, type] of [
      ['default', 'checkout-v2', 'experiment'],
      ['other', 'search-box', 'release'],
      ['other', 'kill-payments', 'kill-switch'],
    ] as const) {
      await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: project, body: { name, type, description: `the ${name}` } });
    }
    await send('/api/admin/projects/other/features/search-box', 'PATCH', [{ op: 'replace', path: '/stale', value: true }]);
    await send('/api/admin/projects/default/features/f1/environments/development/on', 'POST');
    const names = async (q: string) => {
      const r = await body(`/api/admin/search/features?${q}`);
      return [r.total, r.features.map((f: { name: string }) => f.name)];
    };
    assert.equal(await names('sortBy=name'), [4, ['checkout-v2', 'f1', 'kill-payments', 'search-box']]);
    assert.equal((await names(''))[0], 4);
    assert.equal(await names('project=IS:other&sortBy=name'), [2, ['kill-payments', 'search-box']]);
    assert.equal(await names('project=IS_NOT:other&sortBy=name'), [2, ['checkout-v2', 'f1']]);
    assert.equal(await names('type=IS_ANY_OF:experiment,kill-switch&sortBy=name'), [2, ['checkout-v2', 'kill-payments']]);
    assert.equal(await names('state=IS:stale'), [1, ['search-box']]);
    assert.equal(await names('query=payments,checkout&sortBy=name'), [2, ['checkout-v2', 'kill-payments']]);
    assert.equal(await names('status=development:enabled'), [1, ['f1']]);
    assert.equal(await names('sortBy=name&sortOrder=desc&offset=1&limit=2'), [4, ['kill-payments', 'f1']]);
    assert.equal(await names('offset=100'), [4, []]);
    const f1 = (await body('/api/admin/search/features?query=f1')).features[0];
    assert.equal(
      f1.environments.map((e: { name: string; enabled: boolean }) => [e.name, e.enabled]),
      [
        ['development', true],
        ['production', false],
      ],
    );
    for (const bad of [
      'project=default',
      'state=FOO:stale',
      'tag=INCLUDE:nocolon',
      'createdAt=IS_BEFORE:yesterday',
      'archived=IS:maybe',
      'status=dev',
    ]) {
      await expectError(await send(`/api/admin/search/features?${bad}`), 400, 'BadDataError');
    }
    // A project-scoped key sees its projects only.
    const scoped = (await w.admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'other', type: 'admin', projects: ['other'] } }))
      .secret;
    const seen = await (await send('/api/admin/search/features', 'GET', undefined, scoped)).json();
    assert.equal(seen.total, 2);
    // The index follows writes: a feature archived leaves the live search and shows with archived=IS:true.
    await w.admin.patchFeature(SYSTEM_PRINCIPAL, {
      projectId: 'other',
      featureName: 'kill-payments',
      patch: [{ op: 'replace', path: '/archived', value: true }],
    });
    assert.equal(await names('project=IS:other'), [1, ['search-box']]);
    assert.equal(await names('archived=IS:true'), [1, ['kill-payments']]);
  });

  test("events: a feature's own, search by filters with paging, creators; a bad filter is a 400", async () => {
    await send('/api/admin/projects/default/features/f1', 'PATCH', [{ op: 'replace', path: '/description', value: 'x' }]);
    const own = await body('/api/admin/events/f1');
    openapi.check('GET', '/api/admin/events/{featureName}', 200, own);
    assert.equal(
      [own.toggleName, own.totalEvents, own.events.map((e: { type: string }) => e.type)],
      ['f1', 2, ['feature-metadata-updated', 'feature-created']],
    );
    assert.equal((await body('/api/admin/events/unknown')).events, []);
    const page = await body('/api/admin/search/events?feature=IS:f1&limit=1&offset=1');
    openapi.check('GET', '/api/admin/search/events', 200, page);
    assert.equal([page.total, page.events.map((e: { type: string }) => e.type)], [2, ['feature-created']]);
    const all = await body('/api/admin/search/events');
    assert.is(all.total, await w.eventCount());
    assert.equal((await body('/api/admin/search/events?offset=100000')).events, []);
    await expectError(await send('/api/admin/search/events?feature=NOT:f1'), 400, 'BadDataError');
    await expectError(await send('/api/admin/search/events?from=IS:tomorrow'), 400, 'BadDataError');
    const creators = await body('/api/admin/event-creators');
    openapi.check('GET', '/api/admin/event-creators', 200, creators);
    assert.ok(creators.length >= 4);
  });

  test('dependency options and a strategy segments change', async () => {
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'parent' } });
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'child' } });
    assert.equal(await body('/api/admin/projects/default/dependencies'), false);
    assert.is((await send('/api/admin/projects/default/features/child/dependencies', 'POST', { feature: 'parent' })).status, 200);
    assert.equal(await body('/api/admin/projects/default/features/f1/parents'), ['parent']);
    assert.equal(await body('/api/admin/projects/default/dependencies'), true);
    const env = '/api/admin/projects/default/features/parent/environments/development';
    await send(`${env}/variants`, 'PUT', [{ name: 'blue' }, { name: 'amber' }]);
    assert.equal(await body('/api/admin/projects/default/features/parent/parent-variants'), ['amber', 'blue']);
    const segment = await (await send('/api/admin/segments', 'POST', { name: 'beta', constraints: [] })).json();
    const strategy = await (await send(`${env}/strategies`, 'POST', { name: 'default' })).json();
    const change = { projectId: 'default', strategyId: strategy.id, environmentId: 'development', segmentIds: [segment.id] };
    const answered = await send('/api/admin/segments/strategies', 'POST', change);
    assert.is(answered.status, 201);
    assert.equal(await answered.json(), change);
    assert.equal((await body(`${env}/strategies/${strategy.id}`)).segments, [segment.id]);
    const before = await w.eventCount();
    await expectError(await send('/api/admin/segments/strategies', 'POST', { ...change, segmentIds: [999] }), 404, 'NotFoundError');
    await expectError(await send('/api/admin/segments/strategies', 'POST', { ...change, strategyId: 'nope' }), 404, 'NotFoundError');
    assert.is(await w.eventCount(), before);
  });

  test.run();
}

for (const storage of [MEMORY, LOWDB, POSTGRES]) tagsSuite(storage);
