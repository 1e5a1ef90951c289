// Limits over HTTP, in process and over a real socket, on a real lowdb directory and on PostgreSQL: deep
// JSON never reaches the parser or the storage, and each limit is a 400 naming it with nothing written.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_LIMITS, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { expectError, httpWorld, json, TRANSPORTS, type HttpWorld } from './helpers/http-world';
import { LOWDB, POSTGRES } from './helpers/test-storages';

const FEATURE = '/api/admin/projects/default/features/deep';
const CHANGES = '/api/admin/projects/default/environments/production/change-requests';

/** `depth` arrays nested in one another, as text (10,000 levels is 20 KB). */
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

for (const [transport, storageKind] of TRANSPORTS.flatMap((t) => [LOWDB, POSTGRES].map((s) => [t, s] as const))) {
  const test = suite(`limits over HTTP (${transport.name}, ${storageKind.name})`);
  let w: HttpWorld;

  test.before.each(async () => {
    w = await httpWorld(transport, { storageKind });
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'deep' } });
  });
  test.after.each(async () => {
    await w.close();
  });

  const unchanged = async (call: () => Promise<Response>, limit: string) => {
    const before = {
      feature: await w.send(FEATURE, { headers: { authorization: w.adminKey } }).then((r) => r.json()),
      events: await eventCount(),
    };
    const body = await expectError(await call(), 400, 'BadDataError', new RegExp(`limit ${limit}`));
    const after = {
      feature: await w.send(FEATURE, { headers: { authorization: w.adminKey } }).then((r) => r.json()),
      events: await eventCount(),
    };
    assert.equal(after, before, 'state and event count unchanged');
    return body;
  };
  const eventCount = () => w.eventCount();

  test('a value nested 10,000 levels deep is a 400 naming jsonDepth: in a PATCH and in a change request', async () => {
    const patch = `[{"op":"replace","path":"/description","value":${nested(10_000)}}]`;
    await unchanged(() => w.send(FEATURE, json(w.adminKey, 'PATCH', patch)), 'jsonDepth');
    const change = `{"feature":"deep","action":"updateEnabled","payload":{"deep":${nested(10_000)}}}`;
    await unchanged(() => w.send(CHANGES, json(w.adminKey, 'POST', change)), 'jsonDepth');
    // Brackets inside strings are text, not nesting.
    const inString = await w.send(FEATURE, json(w.adminKey, 'PATCH', [{ op: 'replace', path: '/description', value: nested(400) }]));
    assert.is(inString.status, 200, await inString.text());
  });

  test('the NUL character (\\u0000) in any body is a 400 with nothing written (PostgreSQL cannot keep it); an escaped backslash before u0000 is text', async () => {
    const before = {
      feature: await w.send(FEATURE, { headers: { authorization: w.adminKey } }).then((r) => r.json()),
      events: await eventCount(),
    };
    const refused: [string, string, unknown][] = [
      ['PATCH', FEATURE, [{ op: 'replace', path: '/description', value: 'a\u0000b' }]],
      ['POST', '/api/admin/projects/default/features', { name: 'with-nul', description: '\u0000' }],
      ['POST', '/api/admin/projects', { id: 'nul', name: 'n\u0000' }],
      ['POST', `${FEATURE}/environments/development/strategies`, { name: 'default', title: 't\u0000' }],
      ['POST', '/api/admin/context', { name: 'nul-field', description: '\u0000' }],
    ];
    for (const [method, path, body] of refused) {
      await expectError(await w.send(path, json(w.adminKey, method, body)), 400, 'BadDataError', /NUL character/);
    }
    // JSON written by hand: backslash-backslash-backslash-u0000 is a backslash and a NUL; two backslashes then u0000 is text.
    await expectError(
      await w.send(FEATURE, json(w.adminKey, 'PATCH', '[{"op":"replace","path":"/description","value":"\\\\\\u0000"}]')),
      400,
      'BadDataError',
      /NUL/,
    );
    const after = {
      feature: await w.send(FEATURE, { headers: { authorization: w.adminKey } }).then((r) => r.json()),
      events: await eventCount(),
    };
    assert.equal(after, before, 'state and event count unchanged');
    const text = await w.send(FEATURE, json(w.adminKey, 'PATCH', '[{"op":"replace","path":"/description","value":"\\\\u0000"}]'));
    assert.is(text.status, 200, await text.text());
    assert.is(
      ((await w.send(FEATURE, { headers: { authorization: w.adminKey } }).then((r) => r.json())) as { description: string }).description,
      '\\u0000',
    );
  });

  test('nesting up to the limit is read; one level more is refused before parsing', async () => {
    const atLimit = `[{"op":"test","path":"/tags","value":${nested(DEFAULT_LIMITS.jsonDepth - 2)}}]`;
    await expectError(await w.send(FEATURE, json(w.adminKey, 'PATCH', atLimit)), 409, 'ConflictError');
    const over = `[{"op":"test","path":"/tags","value":${nested(DEFAULT_LIMITS.jsonDepth - 1)}}]`;
    await unchanged(() => w.send(FEATURE, json(w.adminKey, 'PATCH', over)), 'jsonDepth');
  });

  test('tags per feature and operations per patch are 400s naming the limit', async () => {
    const tags = Array.from({ length: DEFAULT_LIMITS.tagsPerFeature + 1 }, (_, i) => ({
      op: 'add',
      path: '/tags/-',
      value: { type: 'simple', value: `t${i}` },
    }));
    await unchanged(() => w.send(FEATURE, json(w.adminKey, 'PATCH', tags)), 'operationsPerPatch');
    const replaceAll = [{ op: 'replace', path: '/tags', value: tags.map((t) => t.value) }];
    await unchanged(() => w.send(FEATURE, json(w.adminKey, 'PATCH', replaceAll)), 'tagsPerFeature');
  });

  test.run();
}
