import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import {
  expectError,
  freshWorldEachTest,
  HTTP_SETUPS,
  httpWorld,
  json,
  type OpenApiChecker,
  storageWithFailingReads,
  TRANSPORTS,
  type HttpSetup,
  type HttpWorld,
} from './helpers/http-world';

const FEATURE = '/api/admin/projects/default/features/f1';

/** The same HTTP cases, run once per transport (in process and over a socket) and storage (memory, PostgreSQL). */
function httpSuite({ transport, storageKind, name }: HttpSetup): void {
  const test = suite(`HTTP API (${name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;

  freshWorldEachTest(test, { transport, storageKind, feature: { description: 'one' } }, (world, checker) => {
    w = world;
    openapi = checker;
  });

  const eventCount = () => w.eventCount();
  const description = async () =>
    (await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f1' })).feature.description;

  /** Sends a PATCH that must fail, and proves nothing changed. */
  async function patchFails(init: RequestInit, status: number, name: string, path = FEATURE, message?: RegExp) {
    const events = await eventCount();
    const body = await expectError(await w.send(path, { method: 'PATCH', ...init }), status, name, message);
    assert.is(await eventCount(), events, 'event count unchanged');
    assert.is(await description(), 'one', 'feature unchanged');
    return body;
  }

  test('GET /health and the OpenAPI document need no key', async () => {
    const health = await w.send('/health');
    assert.is(health.status, 200);
    assert.equal(await health.json(), { health: 'GOOD' });
    const docs = await w.send('/docs/openapi.json');
    const doc = (await docs.json()) as { openapi: string; paths: Record<string, unknown> };
    assert.is(doc.openapi, '3.1.0');
    for (const path of [
      '/api/admin/projects/{projectId}/features/{featureName}',
      '/api/admin/events',
      '/api/admin/projects',
      '/api/admin/projects/{projectId}/change-requests/{id}',
      '/api/admin/projects/{projectId}/sdks/outdated',
      '/api/client/features',
      '/api/client/register',
      '/api/client/metrics',
      '/api/admin/api-tokens',
    ])
      assert.ok(doc.paths[path], `documents ${path}`);
  });

  test('the five operations answer 200 with documents that match the OpenAPI schemas', async () => {
    const patched = await w.send(FEATURE, json(w.editorKey, 'PATCH', [{ op: 'replace', path: '/description', value: 'two' }]));
    assert.is(patched.status, 200);
    assert.is(patched.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.is(patched.headers.get('etag'), '"2"');
    assert.ok(patched.headers.get('x-request-id'));
    const feature = await patched.json();
    assert.is(feature.description, 'two');
    openapi.check('PATCH', '/api/admin/projects/{projectId}/features/{featureName}', 200, feature);

    const events = await w.send('/api/admin/events', { headers: { authorization: w.viewerKey } });
    const eventsBody = await events.json();
    openapi.check('GET', '/api/admin/events', 200, eventsBody);
    assert.is(eventsBody.events[0].type, 'feature-metadata-updated');
    const projectEvents = await (await w.send('/api/admin/events?project=default', { headers: { authorization: w.viewerKey } })).json();
    assert.ok(projectEvents.events.every((e: { project: string }) => e.project === 'default'));

    const projects = await w.send('/api/admin/projects', { headers: { authorization: `Bearer ${w.viewerKey}` } });
    openapi.check('GET', '/api/admin/projects', 200, await projects.json());

    const created = await w.send(
      '/api/admin/projects/default/environments/production/change-requests',
      json(w.editorKey, 'POST', { feature: 'f1', action: 'updateEnabled', payload: { enabled: true } }),
    );
    assert.is(created.status, 201);
    const cr = await created.json();
    const again = await w.send(
      '/api/admin/projects/default/environments/production/change-requests',
      json(w.editorKey, 'POST', [{ feature: 'f1', action: 'archiveFeature', payload: {} }]),
    );
    assert.is(again.status, 200);
    // A Draft is seen by its author and admin keys; other keys get 404 until it is sent to review.
    await expectError(
      await w.send(`/api/admin/projects/default/change-requests/${cr.id}`, { headers: { authorization: w.viewerKey } }),
      404,
      'NotFoundError',
    );
    const read = await w.send(`/api/admin/projects/default/change-requests/${cr.id}`, { headers: { authorization: w.adminKey } });
    assert.is(read.status, 200);
    const crBody = await read.json();
    openapi.check('GET', '/api/admin/projects/{projectId}/change-requests/{id}', 200, crBody);
    assert.is(crBody.features[0].changes.length, 2);

    const outdated = await w.send('/api/admin/projects/default/sdks/outdated', { headers: { authorization: w.viewerKey } });
    assert.is(outdated.status, 200);
    openapi.check('GET', '/api/admin/projects/{projectId}/sdks/outdated', 200, await outdated.json());
  });

  test('401 AuthenticationRequired: missing, unknown and malformed keys', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'nope' },
      { authorization: 'Bearer ' },
      { authorization: `*:*.${'0'.repeat(64)}` },
    ]) {
      await expectError(await w.send('/api/admin/projects', { headers }), 401, 'AuthenticationRequired');
      await expectError(await w.send('/api/admin/events', { headers }), 401, 'AuthenticationRequired');
    }
    await patchFails({ headers: { 'content-type': 'application/json' }, body: '[]' }, 401, 'AuthenticationRequired');
    // The key is checked before the body, also for a body far over the limit (declared or chunked).
    await patchFails({ headers: { 'content-type': 'application/json' }, body: 'x'.repeat(200_000) }, 401, 'AuthenticationRequired');
    const chunked = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('x'.repeat(200_000)));
        c.close();
      },
    });
    await patchFails(
      { headers: { 'content-type': 'application/json' }, body: chunked, duplex: 'half' } as RequestInit,
      401,
      'AuthenticationRequired',
    );
  });

  test('403 NoAccessError: key types, roles and environments, with the permission named', async () => {
    await expectError(
      await w.send('/api/admin/projects', { headers: { authorization: w.clientKey } }),
      403,
      'NoAccessError',
      /invalid token type/,
    );
    await expectError(
      await w.send('/api/client/features', { headers: { authorization: w.adminKey } }),
      403,
      'NoAccessError',
      /invalid token type/,
    );
    const body = await patchFails(
      json(w.viewerKey, 'PATCH', [{ op: 'replace', path: '/description', value: 'x' }]),
      403,
      'NoAccessError',
      FEATURE,
      /UPDATE_FEATURE/,
    );
    assert.equal(body['permissions'], ['UPDATE_FEATURE'], 'permission names, as Unleash sends them');
    assert.equal((body['details'] as { project?: string }[])[0]!.project, 'default');
    await patchFails(json(w.editorKey, 'PATCH', [{ op: 'replace', path: '/variants', value: [] }]), 403, 'OperationDeniedError');
    // Every write route checks the permission before the body: no 415 or 400 for a key that may not write.
    const plain = (key: string, body = 'not json') => ({
      method: 'POST',
      headers: { authorization: key, 'content-type': 'text/plain' },
      body,
    });
    await expectError(await w.send('/api/admin/projects/default/features', plain(w.viewerKey)), 403, 'NoAccessError', /UPDATE_FEATURE/);
    await expectError(await w.send('/api/admin/projects', plain(w.editorKey)), 403, 'NoAccessError', /ADMIN/);
    await expectError(await w.send('/api/admin/api-tokens', plain(w.editorKey)), 403, 'NoAccessError', /ADMIN/);
    await expectError(
      await w.send('/api/admin/projects/default/environments/production/change-requests', plain(w.viewerKey)),
      403,
      'NoAccessError',
    );
    await expectError(await w.send('/api/admin/projects/default/features', plain(w.editorKey)), 415, 'ContentTypeerror');
  });

  test('PATCH check order: 401 → 403 → 415 → 413 → 400 → 404 → 412', async () => {
    // A viewer with no content type and a broken body: the permission comes first.
    await patchFails({ headers: { authorization: w.viewerKey }, body: 'x' }, 403, 'NoAccessError');
    // 415 before looking at the body.
    await patchFails({ headers: { authorization: w.editorKey, 'content-type': 'text/plain' }, body: 'not json' }, 415, 'ContentTypeerror');
    await patchFails({ headers: { authorization: w.editorKey }, body: '[]' }, 415, 'ContentTypeerror');
    // 413 before parsing, for a declared length and for a chunked body.
    await patchFails(json(w.editorKey, 'PATCH', `[${' '.repeat(110_000)}`), 413, 'PayloadTooLargeError');
    const chunked = new ReadableStream({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new TextEncoder().encode(' '.repeat(10_000)));
        c.close();
      },
    });
    await patchFails(
      { headers: { authorization: w.editorKey, 'content-type': 'application/json' }, body: chunked, duplex: 'half' } as RequestInit,
      413,
      'PayloadTooLargeError',
    );
    // Exactly at the limit is accepted (then judged as JSON).
    const exact = await w.send(FEATURE, json(w.editorKey, 'PATCH', `[${' '.repeat(102_398)}]`));
    assert.is(exact.status, 200, 'a body of exactly 102,400 bytes is accepted');
    // 400 (syntax, then schema) before 404.
    await patchFails(
      json(w.editorKey, 'PATCH', '[{"op":'),
      400,
      'BadDataError',
      '/api/admin/projects/default/features/missing',
      /not valid JSON/,
    );
    await patchFails(json(w.editorKey, 'PATCH', { op: 'replace' }), 400, 'BadDataError', '/api/admin/projects/default/features/missing');
    // 404 before 412.
    await patchFails(
      json(w.editorKey, 'PATCH', [], { 'if-match': '"99"' }),
      404,
      'NotFoundError',
      '/api/admin/projects/default/features/missing',
    );
    await patchFails(
      json(w.editorKey, 'PATCH', [{ op: 'replace', path: '/description', value: 'x' }], { 'if-match': '"99"' }),
      412,
      'PreconditionFailedError',
    );
  });

  test('PATCH content type may carry parameters; If-Match with the current ETag applies', async () => {
    const r = await w.send(
      FEATURE,
      json(w.editorKey, 'PATCH', [{ op: 'replace', path: '/description', value: 'two' }], {
        'content-type': 'application/json; charset=utf-8',
        'if-match': '"1"',
      }),
    );
    assert.is(r.status, 200);
    assert.is(r.headers.get('etag'), '"2"');
  });

  test('PATCH rules at the HTTP level: bad path 400, failed test 409, read-only 400, prototype 400', async () => {
    const details = await patchFails(
      json(w.editorKey, 'PATCH', [
        { op: 'test', path: '/stale', value: false },
        { op: 'remove', path: '/tags/3' },
      ]),
      400,
      'BadDataError',
    );
    assert.equal((details['details'] as { path: string }[])[0]!.path, '/1');
    await patchFails(
      json(w.editorKey, 'PATCH', [
        { op: 'test', path: '/description', value: 'zzz' },
        { op: 'replace', path: '/description', value: 'x' },
      ]),
      409,
      'ConflictError',
    );
    await patchFails(json(w.editorKey, 'PATCH', [{ op: 'replace', path: '/name', value: 'x' }]), 400, 'BadDataError', FEATURE, /read-only/);
    await patchFails(json(w.editorKey, 'PATCH', [{ op: 'add', path: '/__proto__/polluted', value: 1 }]), 400, 'BadDataError');
    await patchFails(
      json(w.editorKey, 'PATCH', '[{"op":"add","path":"/tags/-","value":{"__proto__":{"polluted":1},"type":"a","value":"b"}}]'),
      400,
      'BadDataError',
    );
    assert.is(({} as Record<string, unknown>)['polluted'], undefined);
  });

  test('PATCH bodies that once answered 500 are 400s naming the operation (RFC 6902 / 6901)', async () => {
    for (const [ops, named] of [
      [[{ op: 'move', from: '/lifecycle', path: '/lifecycle/stage' }], /operation 0 \(move\)/],
      [[{ op: 'move', from: '/environments/0', path: '/environments/1/enabled' }], /operation 0 \(move\)/],
      [
        [
          { op: 'remove', path: '' },
          { op: 'remove', path: '/tags/0' },
        ],
        /operation 0 \(remove\)/,
      ],
      [
        [
          { op: 'copy', from: '/lastSeenAt', path: '' },
          { op: 'add', path: '/environments', value: 1 },
        ],
        /operation 1 \(add\)/,
      ],
      [[{ op: 'add', path: '/tags/01', value: { type: 'a', value: 'b' } }], /operation 0 \(add\)/],
      [[{ op: 'add', path: '/tags/4294967296', value: { type: 'a', value: 'b' } }], /operation 0 \(add\)/],
      [[{ op: 'add', path: '/tags/', value: { type: 'a', value: 'b' } }], /operation 0 \(add\)/],
      [[{ op: 'test', path: '/environments/4294967296/enabled', value: false }], /operation 0 \(test\)/],
      [[{ op: 'remove', path: '/hasOwnProperty' }], /operation 0 \(remove\)/],
    ] as const) {
      await patchFails(json(w.editorKey, 'PATCH', ops), 400, 'BadDataError', FEATURE, named);
    }
  });

  test('404 JSON for unknown routes and resources; 405 with Allow', async () => {
    await expectError(await w.send('/nope'), 404, 'NotFoundError');
    await expectError(await w.send('/api/admin/unknown', { headers: { authorization: w.adminKey } }), 404, 'NotFoundError');
    await expectError(
      await w.send('/api/admin/projects/default/change-requests/abc', { headers: { authorization: w.adminKey } }),
      404,
      'NotFoundError',
    );
    await expectError(
      await w.send('/api/admin/projects/nope/sdks/outdated', { headers: { authorization: w.adminKey } }),
      404,
      'NotFoundError',
    );
    const r = await w.send('/api/admin/projects', { method: 'DELETE', headers: { authorization: w.adminKey } });
    await expectError(r, 405, 'MethodNotAllowedError');
    assert.is(r.headers.get('allow'), 'GET, HEAD, POST');
  });

  test('409 NameExistsError and 400 for invalid creation bodies', async () => {
    await expectError(
      await w.send('/api/admin/projects/default/features', json(w.editorKey, 'POST', { name: 'f1' })),
      409,
      'NameExistsError',
    );
    await expectError(
      await w.send('/api/admin/projects/default/features', json(w.editorKey, 'POST', { name: 'bad name' })),
      400,
      'BadDataError',
    );
    await expectError(await w.send('/api/admin/projects', json(w.adminKey, 'POST', { id: 'default', name: 'x' })), 409, 'NameExistsError');
    const created = await w.send('/api/admin/projects', json(w.adminKey, 'POST', { id: 'new-one', name: 'New' }));
    assert.is(created.status, 201);
    openapi.check('POST', '/api/admin/projects', 201, await created.json());
    const token = await w.send(
      '/api/admin/api-tokens',
      json(w.adminKey, 'POST', { tokenName: 'sdk', type: 'client', environment: 'production' }),
    );
    assert.is(token.status, 201);
    const tokenBody = await token.json();
    openapi.check('POST', '/api/admin/api-tokens', 201, tokenBody);
    assert.match(tokenBody.secret, /^\*:production\.[0-9a-f]{64}$/);
    const feature = await w.send('/api/client/features', { headers: { authorization: tokenBody.secret } });
    assert.is(feature.status, 200, 'the new key works at once');
  });

  test('API tokens: listed as documented without secrets, deleted by id then 401, unknown ones 404', async () => {
    const listed = await w.send('/api/admin/api-tokens', { headers: { authorization: w.adminKey } });
    assert.is(listed.status, 200);
    const { tokens } = await listed.json();
    openapi.check('GET', '/api/admin/api-tokens', 200, { tokens });
    const client = tokens.find((t: { type: string }) => t.type === 'client');
    assert.not.ok(JSON.stringify(tokens).includes(w.clientKey.split('.')[1]!));
    await expectError(await w.send('/api/admin/api-tokens', { headers: { authorization: w.editorKey } }), 403, 'NoAccessError');
    const deleted = await w.send(`/api/admin/api-tokens/${client.id}`, { method: 'DELETE', headers: { authorization: w.adminKey } });
    assert.is(deleted.status, 200);
    await expectError(await w.send('/api/client/features', { headers: { authorization: w.clientKey } }), 401, 'AuthenticationRequired');
    await expectError(
      await w.send(`/api/admin/api-tokens/${client.id}`, { method: 'DELETE', headers: { authorization: w.adminKey } }),
      404,
      'NotFoundError',
    );
  });

  test("GET /api/admin/user: the calling key's id, name, role and scope as documented, never its secret; client keys 403", async () => {
    const secret = (key: string) => key.split('.')[1]!;
    const seen: { user: { id: number; username: string }; role: string }[] = [];
    for (const key of [w.adminKey, w.editorKey]) {
      const res = await w.send('/api/admin/user', { headers: { authorization: key } });
      assert.is(res.status, 200);
      const body = await res.json();
      openapi.check('GET', '/api/admin/user', 200, body);
      assert.not.ok(JSON.stringify(body).includes(secret(key)), 'no secret');
      seen.push(body);
    }
    const { tokens } = await (await w.send('/api/admin/api-tokens', { headers: { authorization: w.adminKey } })).json();
    const byId = new Map(tokens.map((t: { id: number; tokenName: string; role: string }) => [t.id, t]));
    for (const me of seen)
      assert.equal(
        [me.user.username, me.role],
        [(byId.get(me.user.id) as { tokenName: string }).tokenName, (byId.get(me.user.id) as { role: string }).role],
        'the key listed under that id',
      );
    assert.equal(
      seen.map((me) => me.role),
      ['admin', 'editor'],
    );
    await expectError(await w.send('/api/admin/user', { headers: { authorization: w.clientKey } }), 403, 'NoAccessError');
    await expectError(await w.send('/api/admin/user'), 401, 'AuthenticationRequired');
  });

  test('a malformed escape in a path parameter is 400, not a crash', async () => {
    await expectError(
      await w.send('/api/admin/projects/%E0%A4%A/features/x', { method: 'PATCH', headers: { authorization: w.adminKey } }),
      400,
      'BadDataError',
    );
    const encoded = await w.send('/api/admin/projects/default/features/f%31', { headers: { authorization: w.adminKey } });
    assert.is(encoded.status, 200, 'path parameters are decoded once');
  });

  test('client API: register and metrics 202, features with ETag and 304', async () => {
    const headers = {
      authorization: w.clientKey,
      'content-type': 'application/json',
      'unleash-sdk': 'unleash-client-node:3.9.1',
      'unleash-appname': 'shop',
    };
    const reg = await w.send('/api/client/register', {
      method: 'POST',
      headers,
      body: JSON.stringify({ appName: 'shop', instanceId: 'i1', strategies: [], started: new Date().toISOString(), interval: 1000 }),
    });
    assert.is(reg.status, 202);
    const met = await w.send('/api/client/metrics', {
      method: 'POST',
      headers,
      body: JSON.stringify({ appName: 'shop', instanceId: 'i1', bucket: { start: '', stop: '', toggles: { f1: { yes: 1, no: 0 } } } }),
    });
    assert.is(met.status, 202);
    const outdated = await (await w.send('/api/admin/projects/default/sdks/outdated', { headers: { authorization: w.adminKey } })).json();
    assert.equal(
      outdated,
      { sdks: [{ sdkVersion: 'unleash-client-node:3.9.1', applications: ['shop'] }] },
      'the SDK header counts as the version',
    );
    const features = await w.send('/api/client/features', { headers: { authorization: w.clientKey } });
    assert.is(features.status, 200);
    const etag = features.headers.get('etag')!;
    assert.ok(etag);
    const body = await features.json();
    openapi.check('GET', '/api/client/features', 200, body);
    assert.equal(
      body.features.map((f: { name: string; enabled: boolean }) => [f.name, f.enabled]),
      [['f1', false]],
    );
    const cached = await w.send('/api/client/features', { headers: { authorization: w.clientKey, 'if-none-match': etag } });
    assert.is(cached.status, 304);
    await w.send(FEATURE, json(w.editorKey, 'PATCH', [{ op: 'replace', path: '/environments/0/enabled', value: true }]));
    const changed = await w.send('/api/client/features', { headers: { authorization: w.clientKey, 'if-none-match': etag } });
    assert.is(changed.status, 200);
    assert.is((await changed.json()).features[0].enabled, true);
  });

  test('every request is logged once with method, route, status, duration and request id; never a key', async () => {
    w.logged.length = 0;
    const r = await w.send(FEATURE, json(w.editorKey, 'PATCH', []));
    const lines = w.logged.filter((l) => l['msg'] === 'request');
    assert.is(lines.length, 1);
    const fields = lines[0]!;
    assert.equal(
      [fields['method'], fields['route'], fields['status'], fields['requestId']],
      ['PATCH', '/api/admin/projects/:projectId/features/:featureName', 200, r.headers.get('x-request-id')],
    );
    assert.type(fields['durationMs'], 'number');
    assert.not.ok(JSON.stringify(w.logged).includes(w.editorKey));
  });

  test.run();
}

for (const setup of HTTP_SETUPS) httpSuite(setup);

// 500: a storage that fails answers a generic message; the stack goes to the log only.
const failing = suite('HTTP 500');
failing('a failing storage is a 500 with a generic message, logged with its stack, on both transports', async () => {
  for (const transport of TRANSPORTS) {
    const failing = storageWithFailingReads('disk on fire at /secret/path');
    const w = await httpWorld(transport, { storage: failing.storage });
    failing.broken = true;
    const body = await expectError(
      await w.send('/api/admin/projects', { headers: { authorization: w.adminKey } }),
      500,
      'InternalError',
      /^Internal server error$/,
    );
    assert.not.ok(JSON.stringify(body).includes('secret/path'));
    const logged = w.logged.find((l) => l['msg'] === 'request failed');
    assert.ok(logged, 'the failure is logged');
    const err = logged!['err'] as { type: string; message: string; stack: string };
    assert.equal([err.type, err.message], ['Error', 'disk on fire at /secret/path'], "the thrown error, through pino's err serializer");
    assert.match(err.stack, /^Error: disk on fire[^\n]*\n\s+at /);
    assert.is(logged!['requestId'], body['id']);
    await w.close();
  }
});
failing.run();
