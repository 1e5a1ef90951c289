// A flag's lifecycle over real HTTP on 127.0.0.1, on lowdb and on PostgreSQL: archive (DELETE and the
// batch, refused while live children depend on it), revive, delete for good, PUT, clone, validate, stale
// and on/off in bulk, lifecycle stages (complete, uncomplete, and pre-live and live entered from SDK
// metrics) and links, with Unleash 8.2.0's statuses; every refusal is a JSON error that changes neither
// the flags nor the event count.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { expectError, freshWorldEachTest, json, OVER_SOCKET, type HttpWorld, type OpenApiChecker } from './helpers/http-world';
import { LOWDB, POSTGRES, type TestStorage } from './helpers/test-storages';

const PROJECT = '/api/admin/projects/default';
const FEATURES = `${PROJECT}/features`;
const OPEN_FEATURE = '/api/admin/projects/{projectId}/features/{featureName}';

interface FeatureDoc {
  archived: boolean;
  stale: boolean;
  lifecycle: { stage: string };
  environments: { name: string; enabled: boolean }[];
  links?: { id: string; url: string; title: string | null; feature: string }[];
}

function lifecycleSuite(storageKind: TestStorage): void {
  const test = suite(`flag lifecycle over HTTP on 127.0.0.1 (${storageKind.name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;
  freshWorldEachTest(test, { transport: OVER_SOCKET, storageKind }, (world, checker) => {
    w = world;
    openapi = checker;
  });

  const send = (method: string, path: string, body?: unknown, key = w.adminKey) =>
    w.send(path, body === undefined ? { method, headers: { authorization: key } } : json(key, method, body));
  /** Status and text of an answer (the lifecycle's writes answer with no body). */
  const answer = async (res: Response) => [res.status, await res.text()] as const;
  const feature = async (name: string) => {
    const res = await send('GET', `${FEATURES}/${name}`);
    assert.is(res.status, 200, `GET ${name}`);
    return (await res.json()) as FeatureDoc;
  };
  const exists = async (name: string) => (await send('GET', `${FEATURES}/${name}`)).status === 200;
  const state = async () => ({ features: await w.admin.context.read((tx) => tx.list('features')), events: await w.eventCount() });
  /** A request that must be refused with that status and name, changing nothing. */
  const refused = async (method: string, path: string, body: unknown, status: number, name: string, message?: RegExp) => {
    const before = await state();
    await expectError(await send(method, path, body), status, name, message);
    assert.equal(await state(), before, `${method} ${path}: flags and events unchanged`);
  };
  const create = (name: string) => w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name } });
  const lastEventTypes = async (n: number) => (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events.slice(0, n).map((e) => e.type);

  test('archive (DELETE 202), read-only while archived (400), revive (200, off everywhere), delete for good (200)', async () => {
    assert.is((await send('POST', `${FEATURES}/f1/environments/development/on`)).status, 200);
    assert.equal(await answer(await send('DELETE', `${FEATURES}/f1`)), [202, '']);
    const archived = await feature('f1');
    assert.equal([archived.archived, archived.lifecycle.stage], [true, 'archived']);
    assert.equal(await lastEventTypes(1), ['feature-archived']);

    await refused('PUT', `${FEATURES}/f1`, { description: 'x' }, 400, 'BadDataError', /archived/);
    await refused('PATCH', `${FEATURES}/f1`, [{ op: 'replace', path: '/description', value: 'x' }], 400, 'BadDataError', /archived/);
    await refused('POST', `${FEATURES}/f1/environments/development/off`, undefined, 400, 'BadDataError', /archived/);
    await refused('POST', `${FEATURES}/f1/link`, { url: 'example.com' }, 400, 'BadDataError', /archived/);
    await refused('POST', `${FEATURES}/f1/lifecycle/complete`, { status: 'kept' }, 400, 'BadDataError', /archived/);
    await refused('DELETE', `${FEATURES}/f1`, undefined, 400, 'BadDataError');

    assert.equal(await answer(await send('POST', '/api/admin/archive/revive/f1')), [200, '']);
    const revived = await feature('f1');
    assert.is(revived.archived, false);
    assert.ok(
      revived.environments.every((e) => !e.enabled),
      'off in every environment',
    );
    assert.equal(await lastEventTypes(1), ['feature-revived']);
    await refused('POST', '/api/admin/archive/revive/f1', undefined, 400, 'BadDataError', /not archived/);
    await refused('DELETE', '/api/admin/archive/f1', undefined, 400, 'BadDataError', /archive it first/);

    assert.equal(await answer(await send('DELETE', `${FEATURES}/f1`)), [202, '']);
    assert.equal(await answer(await send('DELETE', '/api/admin/archive/f1')), [200, '']);
    assert.is(await exists('f1'), false, 'gone');
    assert.equal(await lastEventTypes(1), ['feature-deleted']);
    assert.is((await send('POST', '/api/admin/features/validate', { name: 'f1' })).status, 200, 'the name is free again');
  });

  test("the project's flag list leaves archived flags out (as Unleash's getFeatures); the archived search lists them", async () => {
    const listed = async () =>
      ((await (await send('GET', FEATURES)).json()) as { features: { name: string }[] }).features.map((f) => f.name);
    const archive = async () =>
      (
        (await (await send('GET', '/api/admin/search/features?project=IS:default&archived=IS:true')).json()) as {
          features: { name: string }[];
        }
      ).features.map((f) => f.name);
    assert.ok((await listed()).includes('f1'));
    assert.equal(await answer(await send('DELETE', `${FEATURES}/f1`)), [202, '']);
    assert.not.ok((await listed()).includes('f1'), 'archived: not in the project list');
    assert.ok((await archive()).includes('f1'), 'archived: found by the archived search');
    assert.equal(await answer(await send('POST', '/api/admin/archive/revive/f1')), [200, '']);
    assert.ok((await listed()).includes('f1'), 'revived: listed again');
  });

  test('unknown flags: 404 on every route, nothing changed', async () => {
    await refused('DELETE', `${FEATURES}/nope`, undefined, 404, 'NotFoundError');
    await refused('PUT', `${FEATURES}/nope`, { description: 'x' }, 404, 'NotFoundError');
    await refused('POST', '/api/admin/archive/revive/nope', undefined, 404, 'NotFoundError');
    await refused('DELETE', '/api/admin/archive/nope', undefined, 404, 'NotFoundError');
    await refused('POST', `${FEATURES}/nope/clone`, { name: 'copy' }, 404, 'NotFoundError');
    await refused('POST', `${FEATURES}/nope/lifecycle/complete`, { status: 'kept' }, 404, 'NotFoundError');
    await refused('POST', `${FEATURES}/nope/link`, { url: 'example.com' }, 404, 'NotFoundError');
    await refused('POST', `${PROJECT}/archive`, { features: ['f1', 'nope'] }, 404, 'NotFoundError', /nope/);
    await refused('POST', `${PROJECT}/revive`, { features: ['nope'] }, 404, 'NotFoundError');
    await refused('POST', `${PROJECT}/delete`, { features: ['nope'] }, 404, 'NotFoundError');
    await refused('POST', `${PROJECT}/stale`, { features: ['nope'], stale: true }, 404, 'NotFoundError');
    await refused('POST', `${PROJECT}/bulk_features/environments/development/on`, { features: ['nope'] }, 404, 'NotFoundError');
    await expectError(await send('GET', `${FEATURES}/nope/lifecycle`), 404, 'NotFoundError');
  });

  test('bad input: 400 with nothing changed; a delete of a live flag is a 400, by name and in the batch', async () => {
    await refused('DELETE', '/api/admin/archive/f1', undefined, 400, 'BadDataError', /only an archived feature can be deleted/);
    await refused('POST', `${PROJECT}/delete`, { features: ['f1'] }, 400, 'BadDataError');
    await refused('POST', `${PROJECT}/revive`, { features: ['f1'] }, 400, 'BadDataError');
    await refused('PUT', `${FEATURES}/f1`, { archived: true }, 400, 'BadDataError');
    await refused('PUT', `${FEATURES}/f1`, { name: 'other' }, 400, 'BadDataError');
    await refused('PUT', `${FEATURES}/f1`, { type: 'nope' }, 400, 'BadDataError');
    await refused('POST', `${FEATURES}/f1/clone`, { name: 'not a name' }, 400, 'BadDataError');
    await refused('POST', `${FEATURES}/f1/clone`, { name: 'f1' }, 409, 'NameExistsError');
    await refused('POST', `${PROJECT}/archive`, { features: 'f1' }, 400, 'BadDataError');
    await refused('POST', `${PROJECT}/archive`, '{"features":', 400, 'BadDataError');
    await refused('POST', `${PROJECT}/stale`, { features: ['f1'] }, 400, 'BadDataError');
    await refused('POST', `${FEATURES}/f1/lifecycle/complete`, { status: 'maybe' }, 400, 'BadDataError');
    await refused('POST', `${FEATURES}/f1/link`, { url: 'javascript:alert(1)' }, 400, 'BadDataError', /Invalid URL/);
    await refused('PUT', `${FEATURES}/f1/link/999`, { url: 'example.com' }, 404, 'NotFoundError');
    await refused('DELETE', `${FEATURES}/f1/link/999`, undefined, 404, 'NotFoundError');
    await refused('POST', `${PROJECT}/bulk_features/environments/nope/on`, { features: ['f1'] }, 404, 'NotFoundError');
    await expectError(await send('POST', '/api/admin/features/validate', { name: 'f1' }), 409, 'NameExistsError');
    await expectError(await send('POST', '/api/admin/features/validate', { name: 'a b' }), 400, 'BadDataError');
    const before = await state();
    await expectError(await send('DELETE', `${FEATURES}/f1`, undefined, w.viewerKey), 403, 'NoAccessError');
    assert.equal(await state(), before, 'a viewer archives nothing');
  });

  test('a parent with live children: 409 alone, the dependents told in advance, archived together in the batch (202)', async () => {
    await create('child');
    assert.is((await send('POST', `${FEATURES}/child/dependencies`, { feature: 'f1' })).status, 200);
    await refused('DELETE', `${FEATURES}/f1`, undefined, 409, 'ConflictError', /"child" depend/);
    await refused('POST', `${PROJECT}/archive`, { features: ['f1'] }, 409, 'ConflictError');
    const alone = await send('POST', `${PROJECT}/archive/validate`, { features: ['f1'] });
    const aloneBody = await alone.json();
    assert.equal([alone.status, aloneBody], [200, { parentsWithChildFeatures: ['f1'], hasDeletedDependencies: true }]);
    openapi.check('POST', '/api/admin/projects/{projectId}/archive/validate', 200, aloneBody);
    const together = await send('POST', `${PROJECT}/archive/validate`, { features: ['f1', 'child'] });
    assert.equal((await together.json()).parentsWithChildFeatures, []);
    assert.equal(await answer(await send('POST', `${PROJECT}/archive`, { features: ['f1', 'child'] })), [202, '']);
    assert.equal([(await feature('f1')).archived, (await feature('child')).archived], [true, true]);
    assert.equal(await answer(await send('POST', `${PROJECT}/revive`, { features: ['f1', 'child'] })), [200, '']);
    assert.equal(await answer(await send('POST', `${PROJECT}/archive`, { features: ['f1', 'child'] })), [202, '']);
    assert.equal(await answer(await send('POST', `${PROJECT}/delete`, { features: ['child', 'f1'] })), [200, '']);
    assert.equal([await exists('f1'), await exists('child')], [false, false]);
  });

  test('PUT (200 with its ETag), clone (201), stale in bulk (202), on and off in bulk (200)', async () => {
    const put = await send('PUT', `${FEATURES}/f1`, { description: 'checkout', type: 'experiment' });
    const putBody = await put.json();
    assert.equal([put.status, putBody.description, putBody.type], [200, 'checkout', 'experiment']);
    assert.ok(put.headers.get('etag'));
    openapi.check('PUT', OPEN_FEATURE, 200, putBody);
    const clone = await send('POST', `${FEATURES}/f1/clone`, { name: 'f1-copy' });
    const cloneBody = await clone.json();
    assert.equal([clone.status, cloneBody.name, cloneBody.description, cloneBody.type], [201, 'f1-copy', 'checkout', 'experiment']);
    openapi.check('POST', `${OPEN_FEATURE}/clone`, 201, cloneBody);
    assert.equal(await answer(await send('POST', `${PROJECT}/stale`, { features: ['f1', 'f1-copy'], stale: true })), [202, '']);
    assert.equal([(await feature('f1')).stale, (await feature('f1-copy')).stale], [true, true]);
    const events = await w.eventCount();
    assert.equal(await answer(await send('POST', `${PROJECT}/stale`, { features: ['f1'], stale: true })), [202, '']);
    assert.is(await w.eventCount(), events, 'already stale: no event');
    const on = `${PROJECT}/bulk_features/environments/production/on`;
    assert.equal(await answer(await send('POST', on, { features: ['f1', 'f1-copy'] })), [200, '']);
    const enabledIn = async (name: string) => (await feature(name)).environments.find((e) => e.name === 'production')?.enabled;
    assert.equal([await enabledIn('f1'), await enabledIn('f1-copy')], [true, true]);
    assert.equal(await answer(await send('POST', on.replace(/on$/, 'off'), { features: ['f1-copy'] })), [200, '']);
    assert.equal([await enabledIn('f1'), await enabledIn('f1-copy')], [true, false]);
  });

  test('lifecycle: complete and uncomplete (200), the stages and their count; links added (204), changed, removed', async () => {
    assert.equal(await answer(await send('POST', `${FEATURES}/f1/lifecycle/complete`, { status: 'kept', statusValue: 'v2' })), [200, '']);
    const stages = await send('GET', `${FEATURES}/f1/lifecycle`);
    const stagesBody = await stages.json();
    assert.equal(
      stagesBody.map((s: { stage: string; status?: string }) => [s.stage, s.status]),
      [
        ['initial', undefined],
        ['completed', 'kept'],
      ],
    );
    openapi.check('GET', `${OPEN_FEATURE}/lifecycle`, 200, stagesBody);
    const count = await (await send('GET', '/api/admin/lifecycle/count')).json();
    assert.equal(count, { initial: 0, preLive: 0, live: 0, completed: 1, archived: 0 });
    assert.equal(await answer(await send('POST', `${FEATURES}/f1/lifecycle/uncomplete`)), [200, '']);
    assert.is((await feature('f1')).lifecycle.stage, 'initial');

    assert.equal(await answer(await send('POST', `${FEATURES}/f1/link`, { url: 'example.com/issue/1', title: 'Issue' })), [204, '']);
    const [link] = (await feature('f1')).links ?? [];
    assert.equal([link!.url, link!.title], ['https://example.com/issue/1', 'Issue']);
    assert.equal(await answer(await send('PUT', `${FEATURES}/f1/link/${link!.id}`, { url: 'https://example.org', title: null })), [
      204,
      '',
    ]);
    assert.equal((await feature('f1')).links, [{ id: link!.id, url: 'https://example.org', title: null, feature: 'f1' }]);
    assert.equal(await answer(await send('DELETE', `${FEATURES}/f1/link/${link!.id}`)), [204, '']);
    assert.is((await feature('f1')).links, undefined);
    assert.equal(await lastEventTypes(3), ['feature-link-removed', 'feature-link-updated', 'feature-link-added']);
  });

  test('SDK metrics move the lifecycle as Unleash: pre-live where seen, live where seen on in production; no event', async () => {
    await create('f2');
    await create('gone');
    const production = (
      await w.admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'prod', type: 'client', environment: 'production' } })
    ).secret;
    assert.is((await send('POST', `${FEATURES}/f1/environments/production/on`)).status, 200);
    assert.equal(await answer(await send('DELETE', `${FEATURES}/gone`)), [202, '']);
    const metrics = (toggles: Record<string, { yes: number; no: number }>) => ({
      appName: 'checkout',
      instanceId: 'i-1',
      bucket: { start: '2024-01-01T00:00:00.000Z', stop: '2024-01-01T00:01:00.000Z', toggles },
    });
    const stages = async (name: string) =>
      ((await (await send('GET', `${FEATURES}/${name}/lifecycle`)).json()) as { stage: string }[]).map((s) => s.stage);
    const events = await w.eventCount();

    // Zero counts are no use of the flag.
    assert.is((await send('POST', '/api/client/metrics', metrics({ f1: { yes: 0, no: 0 } }), w.clientKey)).status, 202);
    assert.equal(await stages('f1'), ['initial']);
    // Development: pre-live only, whether on or off there.
    const seen = { yes: 1, no: 2 };
    assert.is((await send('POST', '/api/client/metrics', metrics({ f1: seen, gone: seen }), w.clientKey)).status, 202);
    assert.equal(await stages('f1'), ['initial', 'pre-live']);
    assert.equal(await stages('gone'), ['initial', 'archived'], 'an archived flag enters nothing');
    // Production: live only where the flag is on there (f1); f2 is off, so pre-live.
    assert.is((await send('POST', '/api/client/metrics', metrics({ f1: seen, f2: seen }), production)).status, 202);
    assert.equal(await stages('f1'), ['initial', 'pre-live', 'live']);
    assert.equal(await stages('f2'), ['initial', 'pre-live']);
    assert.equal((await feature('f1')).lifecycle.stage, 'live');
    // Each stage is entered once: another report changes no date.
    const before = await (await send('GET', `${FEATURES}/f1/lifecycle`)).json();
    assert.is((await send('POST', '/api/client/metrics', metrics({ f1: seen }), production)).status, 202);
    assert.equal(await (await send('GET', `${FEATURES}/f1/lifecycle`)).json(), before);
    const count = await (await send('GET', '/api/admin/lifecycle/count')).json();
    assert.equal(count, { initial: 0, preLive: 1, live: 1, completed: 0, archived: 1 });
    assert.is(await w.eventCount(), events, 'stages from metrics write no event, as Unleash');
  });

  test.run();
}

for (const storage of [LOWDB, POSTGRES]) lifecycleSuite(storage);
