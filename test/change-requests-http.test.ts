import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import {
  expectError,
  freshWorldEachTest,
  HTTP_SETUPS,
  json,
  type HttpSetup,
  type HttpWorld,
  type OpenApiChecker,
} from './helpers/http-world';

const PROJECT = '/api/admin/projects/default';
const OPEN = '/api/admin/projects/{projectId}';

/**
 * The change-request workflow over HTTP (in process and over a real 127.0.0.1 socket, on memory and on
 * PostgreSQL), answers checked against the OpenAPI document.
 */
function changeRequestSuite(setup: HttpSetup): void {
  const test = suite(`change requests over HTTP (${setup.name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;

  freshWorldEachTest(test, setup, (world, checker) => {
    w = world;
    openapi = checker;
  });

  const send = (key: string, path: string, method: string, body?: unknown) =>
    w.send(path, body === undefined ? { method, headers: { authorization: key } } : json(key, method, body));
  const eventCount = () => w.eventCount();
  /** The editor's draft with one change (f1 on in development): its path and the change's id. */
  const draftTurningF1On = async () => {
    const draft = await (
      await send(w.editorKey, `${PROJECT}/environments/development/change-requests`, 'POST', {
        feature: 'f1',
        action: 'updateEnabled',
        payload: { enabled: true },
      })
    ).json();
    return { path: `${PROJECT}/change-requests/${draft.id}`, changeId: draft.features[0].changes[0].id };
  };

  test('settings, draft, review, approval, apply: Unleash paths, shapes matching the OpenAPI document', async () => {
    await expectError(
      await send(w.editorKey, `${PROJECT}/environments/production/change-requests/config`, 'PUT', { changeRequestsEnabled: true }),
      403,
      'NoAccessError',
      /ADMIN/,
    );
    const put = await send(w.adminKey, `${PROJECT}/environments/production/change-requests/config`, 'PUT', {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    assert.is(put.status, 204);
    const config = await (await send(w.viewerKey, `${PROJECT}/change-requests/config`, 'GET')).json();
    openapi.check('GET', `${OPEN}/change-requests/config`, 200, config);
    assert.equal(
      config.map((c: { changeRequestEnabled: boolean }) => c.changeRequestEnabled),
      [false, true],
    );
    const denied = await expectError(
      await send(w.editorKey, `${PROJECT}/features/f1/environments/production/on`, 'POST'),
      403,
      'NoAccessError',
      /SKIP_CHANGE_REQUEST/,
    );
    assert.equal(denied['permissions'], ['SKIP_CHANGE_REQUEST']);

    const created = await send(w.editorKey, `${PROJECT}/environments/production/change-requests`, 'POST', {
      feature: 'f1',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    assert.is(created.status, 201);
    const cr = await created.json();
    openapi.check('POST', `${OPEN}/environments/{environment}/change-requests`, 201, cr);
    const path = `${PROJECT}/change-requests/${cr.id}`;
    const moved = async (key: string, body: unknown) => {
      const response = await send(key, `${path}/state`, 'PUT', body);
      assert.is(response.status, 200, await response.clone().text());
      const answer = await response.json();
      openapi.check('PUT', `${OPEN}/change-requests/{id}/state`, 200, answer);
      return answer;
    };
    await expectError(await send(w.adminKey, `${path}/state`, 'PUT', { state: 'Applied' }), 409, 'ConflictError', /Draft/);
    await moved(w.editorKey, { state: 'In review' });
    await expectError(await send(w.editorKey, `${path}/state`, 'PUT', { state: 'Approved' }), 403, 'NoAccessError');
    await expectError(await send(w.viewerKey, `${path}/state`, 'PUT', { state: 'Approved' }), 403, 'NoAccessError');
    assert.is((await moved(w.adminKey, { state: 'Approved' })).state, 'Approved');
    const list = await (await send(w.viewerKey, `${PROJECT}/change-requests`, 'GET')).json();
    openapi.check('GET', `${OPEN}/change-requests`, 200, list);
    assert.equal(
      list.map((c: { id: number }) => c.id),
      [cr.id],
    );
    assert.is((await moved(w.editorKey, { state: 'Applied' })).state, 'Applied');
    const feature = await (await send(w.adminKey, `${PROJECT}/features/f1`, 'GET')).json();
    assert.is(feature.environments.find((e: { name: string }) => e.name === 'production').enabled, true);
    const got = await (await send(w.viewerKey, path, 'GET')).json();
    openapi.check('GET', `${OPEN}/change-requests/{id}`, 200, got);
    await expectError(await send(w.adminKey, `${path}/state`, 'PUT', { state: 'Cancelled' }), 409, 'ConflictError', /Applied/);
  });

  test('a conflict is a 409 with conflicts[] and nothing applied; bad bodies are 400 naming the field; nothing written', async () => {
    const strategy = await w.admin.addStrategy(SYSTEM_PRINCIPAL, {
      projectId: 'default',
      featureName: 'f1',
      environment: 'production',
      body: { name: 'default' },
    });
    const draft = await (
      await send(w.editorKey, `${PROJECT}/environments/production/change-requests`, 'POST', {
        feature: 'f1',
        action: 'deleteStrategy',
        payload: { id: strategy.result.id },
      })
    ).json();
    const path = `${PROJECT}/change-requests/${draft.id}`;
    await send(w.editorKey, `${path}/state`, 'PUT', { state: 'In review' });
    await send(w.adminKey, `${path}/state`, 'PUT', { state: 'Approved' });
    await w.admin.updateStrategy(SYSTEM_PRINCIPAL, {
      projectId: 'default',
      featureName: 'f1',
      environment: 'production',
      strategyId: strategy.result.id,
      body: { name: 'default', title: 'renamed' },
    });
    const before = await eventCount();
    const conflict = await expectError(await send(w.editorKey, `${path}/state`, 'PUT', { state: 'Applied' }), 409, 'ConflictError');
    assert.equal(conflict['conflicts'], [
      {
        changeId: draft.features[0].changes[0].id,
        feature: 'f1',
        id: strategy.result.id,
        kind: 'strategyChanged',
        message: 'Strategy has been changed since this change was made',
      },
    ]);
    assert.is(await eventCount(), before);

    const bad = await expectError(
      await send(w.editorKey, `${PROJECT}/environments/production/change-requests`, 'POST', [
        { feature: 'f1', action: 'addStrategy', payload: { name: 'gradualRolloutRandom', parameters: { percentage: 'most' } } },
      ]),
      400,
      'BadDataError',
    );
    assert.match((bad['details'] as { path: string }[])[0]!.path, /^\/0\/payload\/parameters/);
    await expectError(
      await send(w.editorKey, `${path}/state`, 'PUT', { state: 'Scheduled', scheduledAt: '2001-01-01T00:00:00Z' }),
      400,
      'BadDataError',
      /future/,
    );
    await expectError(await send(w.editorKey, `${path}/state`, 'PUT', { state: 'Merged' }), 400, 'BadDataError');
    await expectError(await send(w.editorKey, `${path}/comments`, 'POST', { text: '' }), 400, 'BadDataError');
    await expectError(await send(w.editorKey, `${PROJECT}/change-requests/abc`, 'GET'), 404, 'NotFoundError');
    await expectError(await send(w.clientKey, `${PROJECT}/change-requests`, 'GET'), 403, 'NoAccessError');
    assert.is(await eventCount(), before);

    const forced = await send(w.editorKey, `${path}/state`, 'PUT', { state: 'Applied', force: true });
    assert.is(forced.status, 200);
    const feature = await (await send(w.adminKey, `${PROJECT}/features/f1`, 'GET')).json();
    assert.equal(feature.environments.find((e: { name: string }) => e.name === 'production').strategies, []);
  });

  test('edits, comments, title and discarding over HTTP', async () => {
    const { path, changeId } = await draftTurningF1On();
    const edited = await send(w.editorKey, `${path}/changes/${changeId}`, 'PUT', { action: 'updateEnabled', payload: { enabled: false } });
    assert.is(edited.status, 200);
    openapi.check('PUT', `${OPEN}/change-requests/{id}/changes/{changeId}`, 200, await edited.json());
    const titled = await (await send(w.editorKey, `${path}/title`, 'PUT', { title: 'Off in development' })).json();
    assert.is(titled.title, 'Off in development');
    const commented = await (await send(w.adminKey, `${path}/comments`, 'POST', { text: 'fine' })).json();
    assert.equal(
      commented.comments.map((c: { text: string }) => c.text),
      ['fine'],
    );
    await expectError(await send(w.viewerKey, path, 'GET'), 404, 'NotFoundError');
    const emptied = await (await send(w.editorKey, `${path}/changes/${changeId}`, 'DELETE')).json();
    assert.equal(emptied.features, []);
    assert.is((await send(w.editorKey, path, 'DELETE')).status, 200);
    await expectError(await send(w.editorKey, path, 'GET'), 404, 'NotFoundError');
  });

  test("PUT of a change accepts Unleash's UI body {feature, action, payload} naming the change's feature; another feature: 400, nothing changed", async () => {
    const { path, changeId } = await draftTurningF1On();
    const before = await (await send(w.editorKey, path, 'GET')).json();
    const count = await eventCount();
    const wrong = await expectError(
      await send(w.editorKey, `${path}/changes/${changeId}`, 'PUT', {
        feature: 'f2',
        action: 'updateEnabled',
        payload: { enabled: false },
      }),
      400,
      'BadDataError',
      /f2/,
    );
    assert.equal(
      (wrong['details'] as { path: string }[]).map((d) => d.path),
      ['/feature'],
    );
    assert.equal(await (await send(w.editorKey, path, 'GET')).json(), before, 'the request is unchanged');
    assert.is(await eventCount(), count, 'no event');
    const edited = await send(w.editorKey, `${path}/changes/${changeId}`, 'PUT', {
      feature: 'f1',
      action: 'updateEnabled',
      payload: { enabled: false },
    });
    assert.is(edited.status, 200, await edited.clone().text());
    const answer = await edited.json();
    openapi.check('PUT', `${OPEN}/change-requests/{id}/changes/{changeId}`, 200, answer);
    assert.equal(answer.features[0].changes[0].payload, { enabled: false });
    assert.equal((await (await send(w.editorKey, path, 'GET')).json()).features[0].changes[0].payload, { enabled: false });
    assert.is(await eventCount(), count + 1, 'change-edited');
  });

  test.run();
}

for (const setup of HTTP_SETUPS) changeRequestSuite(setup);
