// A PostgreSQL write batch sends its values as SQL literals, with its COMMIT in the same message: every
// awkward text (quotes, backslashes, what looks like SQL or a parameter, line breaks, characters outside
// the BMP) is stored and read back exactly, as records, keys, projects, deletes and events; a NUL that
// PostgreSQL cannot hold fails only the write that carries it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { postgresStorage, type PostgresStorage } from '@flagadmin/storage-postgres';
import { sql, startPostgres, type TestPostgres } from './helpers/postgres';
import { makeEvent, makeFeature, makeProject } from './helpers/records';

const test = suite('PostgreSQL write batches: values as literals');

const AWKWARD = [
  "it's",
  "''",
  'back\\slash',
  "\\'; DROP TABLE flagadmin.features; --",
  "E'x'",
  '$1 $2::text',
  'line\nbreak\ttab\r',
  '😀 ünïcödé 中文',
  '"quoted" \\"json\\"',
  "'; COMMIT; BEGIN; --",
  '\\\\',
  '\u007f\u0001',
];

let server: TestPostgres;
let storage: PostgresStorage;

test.before(async () => {
  server = await startPostgres();
  storage = await postgresStorage({ url: server.url });
});

test.after(async () => {
  await storage?.close();
  await server?.stop();
});

test('records, keys, projects and events with awkward texts are stored and read back exactly', async () => {
  await storage.write(async (tx) => {
    for (const [i, text] of AWKWARD.entries()) {
      await tx.put('projects', makeProject(text, { name: text, description: `${text} #${i}` }));
      await tx.put('features', makeFeature(`f ${text}`, text, { description: text }));
      await tx.appendEvent(makeEvent({ project: text, featureName: `f ${text}`, data: { text } }));
    }
  });
  const { projects, features, events } = await storage.read(async (tx) => ({
    projects: await tx.list('projects'),
    features: await Promise.all(AWKWARD.map((text) => tx.list('features', { project: text }))),
    events: (await tx.events({})).map((e) => JSON.parse(e) as { id: number; project: string; data: { text: string } }),
  }));
  assert.equal(projects.map((p) => p.id).sort(), [...AWKWARD].sort());
  for (const project of projects) assert.is(project.name, project.id);
  assert.equal(
    features.map((list) => list.map((f) => [f.name, f.project, f.description])),
    AWKWARD.map((text) => [[`f ${text}`, text, text]]),
  );
  assert.equal(
    events.reverse().map((e) => [e.id, e.project, e.data.text]),
    AWKWARD.map((text, i) => [i + 1, text, text]),
  );
  // What the database holds is the same text (not only what this process's read cache kept).
  const stored = await sql<{ key: string; data: string }>(
    server.url,
    'SELECT key, data::text AS data FROM flagadmin.projects ORDER BY key',
  );
  assert.equal(
    stored.map((r) => [r.key, (JSON.parse(r.data) as { name: string }).name]),
    [...AWKWARD].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1)).map((t) => [t, t]),
  );
  await storage.write(async (tx) => {
    for (const text of AWKWARD) await tx.delete('projects', text);
  });
  assert.equal(await storage.read((tx) => tx.list('projects')), []);
});

test('a NUL fails only the write that stores it where PostgreSQL cannot hold it; the writes batched with it commit', async () => {
  const before = await storage.read((tx) => tx.countEvents({}));
  const results = await Promise.allSettled([
    storage.write(async (tx) => {
      await tx.put('projects', makeProject('kept-1'));
      await tx.appendEvent(makeEvent({ project: 'kept-1', data: { text: 'a \\u0000 typed' } }));
    }),
    // JSON text escapes a NUL: a record (a json column) keeps it as \u0000.
    storage.write((tx) => tx.put('projects', makeProject('nul-record', { description: 'a\u0000b' }))),
    // An event with \u0000 in a text is refused: PostgreSQL's JSON functions cannot read it.
    storage.write(async (tx) => {
      await tx.put('projects', makeProject('nul-event'));
      await tx.appendEvent(makeEvent({ project: 'nul-event', data: { text: 'x\u0000y' } }));
    }),
    // A key cannot hold it at all.
    storage.write((tx) => tx.put('projects', makeProject('bad\u0000key'))),
    storage.write(async (tx) => {
      await tx.put('projects', makeProject('kept-2'));
      await tx.appendEvent(makeEvent({ project: 'kept-2' }));
    }),
  ]);
  assert.equal(
    results.map((r) => (r.status === 'fulfilled' ? 'stored' : (r.reason as Error).name)),
    ['stored', 'stored', 'TypeError', 'TypeError', 'stored'],
  );
  const after = await storage.read(async (tx) => ({
    record: await tx.get('projects', 'nul-record'),
    refused: [await tx.get('projects', 'nul-event'), await tx.get('projects', 'bad\u0000key')],
    kept: [await tx.get('projects', 'kept-1'), await tx.get('projects', 'kept-2')],
    events: (await tx.events({ limit: 2 })).map((e) => JSON.parse(e) as { id: number; project: string; data?: { text?: string } }),
  }));
  assert.is(after.record?.description, 'a\u0000b');
  assert.equal(after.refused, [undefined, undefined]);
  assert.ok(after.kept.every(Boolean));
  assert.equal(
    after.events.map((e) => [e.id, e.project, e.data?.text]),
    [
      [before + 2, 'kept-2', undefined],
      [before + 1, 'kept-1', 'a \\u0000 typed'],
    ],
  );
});

test.run();
