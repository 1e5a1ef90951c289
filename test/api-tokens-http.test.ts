// Token management as Unleash over HTTP: a token's expiry changed (PUT /api/admin/api-tokens/:token),
// tokens by name (GET /api/admin/api-tokens/:name), `backend` tokens, and a project's tokens
// (/api/admin/projects/:projectId/api-tokens[/:token]). Once per transport and storage; every refusal
// is a JSON error with Unleash's status and changes neither the keys nor the events.
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

const TOKENS = '/api/admin/api-tokens';
const PROJECT_TOKENS = '/api/admin/projects/default/api-tokens';
const OPEN_PROJECT_TOKENS = '/api/admin/projects/{projectId}/api-tokens';
const FUTURE = '2099-06-01T00:00:00.000Z';

function apiTokensSuite(setup: HttpSetup): void {
  const test = suite(`API token management over HTTP (${setup.name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;

  freshWorldEachTest(test, setup, (world, checker) => {
    w = world;
    openapi = checker;
  });

  const keys = () => w.admin.context.read((tx) => tx.list('apiKeys'));
  const state = async () => ({ keys: await keys(), events: await w.eventCount() });
  const get = (path: string, key = w.adminKey) => w.send(path, { headers: { authorization: key } });
  const createToken = async (body: Record<string, unknown>, path = TOKENS, key = w.adminKey) => {
    const res = await w.send(path, json(key, 'POST', body));
    assert.is(res.status, 201, await res.clone().text());
    return (await res.json()) as { id: number; secret: string; tokenName: string; type: string; expiresAt: string | null };
  };
  /** A request that must be refused with that status and name, changing nothing. */
  const refused = async (path: string, init: RequestInit, status: number, name: string, message?: RegExp) => {
    const before = await state();
    await expectError(await w.send(path, init), status, name, message);
    assert.equal(await state(), before, `${init.method} ${path}: nothing changed`);
  };

  test('PUT /api/admin/api-tokens/:token changes the expiry (200, no body), by secret or id; the key is then a 401; the event has no secret', async () => {
    const token = await createToken({ tokenName: 'ci', type: 'client' });
    const res = await w.send(`${TOKENS}/${encodeURIComponent(token.secret)}`, json(w.adminKey, 'PUT', { expiresAt: FUTURE }));
    assert.equal([res.status, await res.text()], [200, '']);
    const { tokens } = await (await get(`${TOKENS}/ci`)).json();
    assert.equal(
      tokens.map((t: { expiresAt: string }) => t.expiresAt),
      [FUTURE],
    );
    const [event] = (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events.filter((e) => e.type === 'api-token-updated');
    assert.equal([(event!.preData as { expiresAt: null }).expiresAt, (event!.data as { expiresAt: string }).expiresAt], [null, FUTURE]);
    assert.not.ok(JSON.stringify(event).includes(token.secret.split('.')[1]!));
    // By id, to an instant just ahead: once it has come, the key is refused.
    const soon = new Date(Date.now() + 1500).toISOString();
    assert.is((await w.send(`${TOKENS}/${token.id}`, json(w.adminKey, 'PUT', { expiresAt: soon }))).status, 200);
    assert.is((await get('/api/client/features', token.secret)).status, 200);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 50));
    await expectError(await get('/api/client/features', token.secret), 401, 'AuthenticationRequired');
  });

  test('PUT refusals: 400 bad or past expiry, 404 unknown token, 403 not ADMIN, 415, 401; nothing changed', async () => {
    const token = await createToken({ tokenName: 'ci', type: 'client' });
    const path = `${TOKENS}/${token.id}`;
    for (const body of [{ expiresAt: '2020-01-01T00:00:00Z' }, { expiresAt: 'soon' }, {}, { expiresAt: FUTURE, type: 'admin' }]) {
      await refused(path, json(w.adminKey, 'PUT', body), 400, 'BadDataError');
    }
    await refused(path, json(w.adminKey, 'PUT', '{"expiresAt":'), 400, 'BadDataError');
    await refused(`${TOKENS}/9999`, json(w.adminKey, 'PUT', { expiresAt: FUTURE }), 404, 'NotFoundError');
    await refused(path, json(w.editorKey, 'PUT', { expiresAt: FUTURE }), 403, 'NoAccessError', /ADMIN/);
    await refused(path, json(w.clientKey, 'PUT', { expiresAt: FUTURE }), 403, 'NoAccessError');
    await refused(
      path,
      { method: 'PUT', headers: { authorization: w.adminKey, 'content-type': 'text/plain' }, body: 'x' },
      415,
      'ContentTypeerror',
    );
    await refused(path, json(undefined, 'PUT', { expiresAt: FUTURE }), 401, 'AuthenticationRequired');
  });

  test('GET /api/admin/api-tokens/:name: the tokens of that name as documented, never a secret; an empty list; ADMIN only', async () => {
    const a = await createToken({ tokenName: 'terraform web', type: 'backend', environment: 'production' });
    const b = await createToken({ tokenName: 'terraform web', type: 'frontend' });
    await createToken({ tokenName: 'other', type: 'client' });
    const res = await get(`${TOKENS}/${encodeURIComponent('terraform web')}`);
    assert.is(res.status, 200);
    const body = await res.json();
    openapi.check('GET', `${TOKENS}/{token}`, 200, body);
    assert.equal(
      body.tokens.map((t: { id: number; type: string }) => [t.id, t.type]),
      [
        [a.id, 'backend'],
        [b.id, 'frontend'],
      ],
    );
    for (const t of [a, b]) assert.not.ok(JSON.stringify(body).includes(t.secret.split('.')[1]!), 'no secret');
    assert.equal(await (await get(`${TOKENS}/nobody`)).json(), { tokens: [] });
    await expectError(await get(`${TOKENS}/other`, w.editorKey), 403, 'NoAccessError');
    // backend: answered as created, and it reads the client API.
    assert.is((await get('/api/client/features', a.secret)).status, 200);
  });

  test("project tokens: an editor creates one for the path's project (201, the secret once), lists it without secrets, deletes it", async () => {
    const created = await createToken({ tokenName: 'web', type: 'backend', environment: 'production' }, PROJECT_TOKENS, w.editorKey);
    openapi.check('POST', OPEN_PROJECT_TOKENS, 201, created);
    assert.match(created.secret, /^default:production\.[0-9a-f]{64}$/);
    await createToken({ tokenName: 'everywhere', type: 'client' });
    const listed = await get(PROJECT_TOKENS, w.editorKey);
    assert.is(listed.status, 200);
    const body = await listed.json();
    openapi.check('GET', OPEN_PROJECT_TOKENS, 200, body);
    assert.equal(
      body.tokens.map((t: { tokenName: string }) => t.tokenName),
      ['web'],
    );
    assert.not.ok(JSON.stringify(body).includes(created.secret.split('.')[1]!));
    assert.is((await get('/api/client/features', created.secret)).status, 200);
    const deleted = await w.send(`${PROJECT_TOKENS}/${encodeURIComponent(created.secret)}`, {
      method: 'DELETE',
      headers: { authorization: w.editorKey },
    });
    assert.equal([deleted.status, await deleted.text()], [200, '']);
    await expectError(await get('/api/client/features', created.secret), 401, 'AuthenticationRequired');
    assert.equal(await (await get(PROJECT_TOKENS)).json(), { tokens: [] });
  });

  test('project token refusals: 403 viewer or out of scope, 404 unknown project or not its token, 400 bodies and shared tokens; nothing changed', async () => {
    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'billing', name: 'Billing' } });
    const billingEditor = (
      await w.admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'be', type: 'admin', role: 'editor', projects: ['billing'] } })
    ).secret;
    const shared = await createToken({ tokenName: 'shared', type: 'client', projects: ['default', 'billing'] });
    const billingOnly = await createToken({ tokenName: 'billing-only', type: 'client', projects: ['billing'] });
    const body = { tokenName: 'x', type: 'client' };
    await refused(PROJECT_TOKENS, json(w.viewerKey, 'POST', body), 403, 'NoAccessError', /CREATE_PROJECT_API_TOKEN/);
    await refused(PROJECT_TOKENS, json(billingEditor, 'POST', body), 403, 'NoAccessError', /CREATE_PROJECT_API_TOKEN/);
    await refused(PROJECT_TOKENS, { method: 'GET', headers: { authorization: billingEditor } }, 404, 'NotFoundError');
    await refused(
      PROJECT_TOKENS,
      { method: 'GET', headers: { authorization: w.viewerKey } },
      403,
      'NoAccessError',
      /READ_PROJECT_API_TOKEN/,
    );
    await refused(
      `${PROJECT_TOKENS}/${shared.id}`,
      { method: 'DELETE', headers: { authorization: billingEditor } },
      403,
      'NoAccessError',
      /DELETE_PROJECT_API_TOKEN/,
    );
    await refused('/api/admin/projects/nope/api-tokens', json(w.adminKey, 'POST', body), 404, 'NotFoundError');
    await refused('/api/admin/projects/nope/api-tokens', { method: 'GET', headers: { authorization: w.adminKey } }, 404, 'NotFoundError');
    for (const bad of [
      { ...body, type: 'admin' },
      { ...body, projects: ['billing'] },
      { ...body, expiresAt: '2020-01-01T00:00:00Z' },
      { type: 'client' },
    ]) {
      await refused(PROJECT_TOKENS, json(w.adminKey, 'POST', bad), 400, 'BadDataError');
    }
    await refused(
      `${PROJECT_TOKENS}/${billingOnly.id}`,
      { method: 'DELETE', headers: { authorization: w.adminKey } },
      404,
      'NotFoundError',
    );
    await refused(`${PROJECT_TOKENS}/${shared.id}`, { method: 'DELETE', headers: { authorization: w.adminKey } }, 400, 'BadDataError');
  });

  test.run();
}

for (const setup of HTTP_SETUPS) apiTokensSuite(setup);
