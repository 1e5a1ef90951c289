// A feature's events on PostgreSQL (EventQuery.feature, getEventsForToggle) through the events' `feature`
// column: filled by the migration from the events an older schema holds, written with each new event, and
// read through its index; the event texts compressed with lz4 where the server has it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { postgresStorage, SCHEMA_VERSION, type PostgresStorage } from '@flagadmin/storage-postgres';
import { sql, startPostgres, type TestPostgres } from './helpers/postgres';
import { makeEvent, makeProject } from './helpers/records';

const test = suite('events by feature on PostgreSQL');

let server: TestPostgres;
let schemas = 0;
let schema = '';
const opened: PostgresStorage[] = [];

test.before(async () => {
  server = await startPostgres();
});
test.before.each(() => {
  schema = `by_feature_${++schemas}`;
});
test.after.each(async () => {
  for (const storage of opened.splice(0)) await storage.close();
  await sql(server.url, `DROP SCHEMA IF EXISTS "${schema.replaceAll('"', '""')}" CASCADE`);
});
test.after(async () => {
  await server?.stop();
});

async function open(): Promise<PostgresStorage> {
  const storage = await postgresStorage({ url: server.url, schema });
  opened.push(storage);
  return storage;
}

const featureEvents = (storage: PostgresStorage, feature: string) =>
  storage.read(async (tx) => ({
    ids: (await tx.events({ feature })).map((text) => (JSON.parse(text) as { id: number }).id),
    count: await tx.countEvents({ feature }),
  }));

test('a schema one version older, holding events, is migrated: each feature finds exactly its events', async () => {
  await (await open()).close();
  opened.length = 0;
  // The schema as the version before held it: no feature column, the index on the JSON expression.
  await sql(
    server.url,
    `DROP INDEX "${schema}".events_by_feature_name;
     ALTER TABLE "${schema}".events DROP COLUMN feature;
     CREATE INDEX events_by_feature ON "${schema}".events (((data::json ->> 'featureName') COLLATE "C"), id);
     DELETE FROM "${schema}".migrations WHERE version = ${SCHEMA_VERSION}`,
  );
  const rows: [number, string | null, Record<string, unknown>][] = [
    [1, 'p1', { type: 'feature-created', featureName: 'alpha' }],
    [2, 'p1', { type: 'feature-created', featureName: 'beta' }],
    [3, null, { type: 'project-created' }], // no feature
    [4, 'p1', { type: 'feature-updated', featureName: 'alpha' }],
    [5, 'p2', { type: 'feature-updated', featureName: 42 }], // not a name: matches no feature
    [6, 'p2', { type: 'feature-updated', featureName: null }],
  ];
  for (const [id, project, data] of rows)
    await sql(server.url, `INSERT INTO "${schema}".events (id, project, data) VALUES ($1, $2, $3)`, [
      id,
      project,
      JSON.stringify({ id, ...data }),
    ]);
  await sql(server.url, `UPDATE "${schema}".state SET revision = 6, last_event_id = 6`);

  const storage = await open();
  assert.equal(await featureEvents(storage, 'alpha'), { ids: [4, 1], count: 2 });
  assert.equal(await featureEvents(storage, 'beta'), { ids: [2], count: 1 });
  assert.equal(await featureEvents(storage, '42'), { ids: [], count: 0 });
  const [migrated] = await sql<{ version: number }>(server.url, `SELECT max(version) AS version FROM "${schema}".migrations`);
  assert.is(migrated?.version, SCHEMA_VERSION);
  // The events as they were: not one text changed by the migration.
  const texts = await sql<{ data: string }>(server.url, `SELECT data FROM "${schema}".events ORDER BY id`);
  assert.equal(
    texts.map((r) => r.data),
    rows.map(([id, , data]) => JSON.stringify({ id, ...data })),
  );
});

test('new events carry their feature: found before their batch commits (by a later write of it) and after, through the index', async () => {
  const storage = await open();
  const seenInBatch = await Promise.all([
    storage.write(async (tx) => {
      await tx.put('projects', makeProject('p1'));
      await tx.appendEvent(makeEvent({ project: 'p1', featureName: 'alpha' }));
    }),
    storage.write(async (tx) => {
      await tx.appendEvent(makeEvent({ project: 'p1', featureName: 'beta' }));
      await tx.appendEvent(makeEvent({ project: null, featureName: null, type: 'project-created' }));
      return { ids: (await tx.events({ feature: 'alpha' })).length, count: await tx.countEvents({ feature: 'alpha' }) };
    }),
  ]);
  assert.equal(seenInBatch[1], { ids: 1, count: 1 });
  assert.equal(await featureEvents(storage, 'alpha'), { ids: [1], count: 1 });
  assert.equal(await featureEvents(storage, 'beta'), { ids: [2], count: 1 });
  const columns = await sql<{ id: string; feature: string | null }>(server.url, `SELECT id, feature FROM "${schema}".events ORDER BY id`);
  assert.equal(columns, [
    { id: '1', feature: 'alpha' },
    { id: '2', feature: 'beta' },
    { id: '3', feature: null },
  ]);
  // The query by feature is one the index serves (the table is tiny: sequential scans are ruled out to ask).
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query('SET enable_seqscan = off');
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT data FROM "${schema}".events WHERE feature = $1 AND id < 10 ORDER BY id DESC LIMIT 5`,
      ['alpha'],
    );
    assert.match(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), /events_by_feature_name/);
  } finally {
    await client.end();
  }
});

test("the event texts are compressed with lz4 when the server has it, with PostgreSQL's default otherwise", async () => {
  await open();
  const lz4 = await sql(server.url, 'SET default_toast_compression = lz4').then(
    () => true,
    () => false,
  );
  const [column] = await sql<{ method: string }>(
    server.url,
    `SELECT attcompression AS method FROM pg_attribute WHERE attrelid = '"${schema}".events'::regclass AND attname = 'data'`,
  );
  assert.is(column?.method, lz4 ? 'l' : '');
});

test('a schema of any name migrates, quotes and dollar quotes in it', async () => {
  schema = `odd $$ $migration$ '" name`;
  const storage = await open();
  await storage.write((tx) => tx.appendEvent(makeEvent({ project: null, featureName: 'alpha' })));
  assert.equal(await featureEvents(storage, 'alpha'), { ids: [1], count: 1 });
});

test.run();
