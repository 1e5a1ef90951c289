// A feature's events on PostgreSQL (EventQuery.feature, getEventsForToggle) through the events' `feature`
// column: filled by the migration from the events an older schema holds, written with each new event, and
// read through its index; the event texts compressed with lz4 where the server has it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { postgresStorage, SCHEMA_VERSION, type PostgresStorage } from '@flagadmin/storage-postgres';
import { statements } from '../packages/storage-postgres/src/schema';
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

async function open(queryTimeoutMs?: number): Promise<PostgresStorage> {
  const storage = await postgresStorage({ url: server.url, schema, ...(queryTimeoutMs ? { queryTimeoutMs } : {}) });
  opened.push(storage);
  return storage;
}

const featureEvents = (storage: PostgresStorage, feature: string) =>
  storage.read(async (tx) => ({
    ids: (await tx.events({ feature })).map((text) => (JSON.parse(text) as { id: number }).id),
    count: await tx.countEvents({ feature }),
  }));

/** The schema as the version before migration 8 left it: no feature column, the index on the JSON expression. */
async function schemaOfVersion7(): Promise<void> {
  await (await open()).close();
  opened.length = 0;
  const q = `"${schema.replaceAll('"', '""')}"`;
  await sql(
    server.url,
    `DROP TRIGGER events_fill_feature ON ${q}.events;
     DROP FUNCTION ${q}.events_fill_feature();
     DROP INDEX ${q}.events_by_feature_name;
     ALTER TABLE ${q}.events DROP COLUMN feature;
     CREATE INDEX events_by_feature ON ${q}.events (((data::json ->> 'featureName') COLLATE "C"), id);
     DELETE FROM ${q}.migrations WHERE version = ${SCHEMA_VERSION}`,
  );
}

test('a schema one version older, holding events, is migrated: each feature finds exactly its events', async () => {
  await schemaOfVersion7();
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

test('new events carry their feature: found before their batch commits (by a later write of it) and after', async () => {
  const storage = await open();
  const seenInBatch = await Promise.all([
    storage.write(async (tx) => {
      await tx.put('projects', makeProject('p1'));
      await tx.appendEvent(makeEvent({ project: 'p1', featureName: 'alpha' }));
      await tx.appendEvent(makeEvent({ project: 'p1', featureName: 'beta' }));
      await tx.appendEvent(makeEvent({ project: 'p1', featureName: 'alpha' }));
    }),
    storage.write(async (tx) => {
      await tx.appendEvent(makeEvent({ project: 'p1', featureName: 'gamma' }));
      await tx.appendEvent(makeEvent({ project: null, featureName: null, type: 'project-created' }));
    }),
    storage.write(async (tx) => {
      const found = async (feature: string) => ({ ids: (await tx.events({ feature })).length, count: await tx.countEvents({ feature }) });
      return { alpha: await found('alpha'), beta: await found('beta'), gamma: await found('gamma'), none: await found('delta') };
    }),
  ]);
  assert.equal(seenInBatch[2], {
    alpha: { ids: 2, count: 2 },
    beta: { ids: 1, count: 1 },
    gamma: { ids: 1, count: 1 },
    none: { ids: 0, count: 0 },
  });
  assert.equal(await featureEvents(storage, 'alpha'), { ids: [3, 1], count: 2 });
  assert.equal(await featureEvents(storage, 'beta'), { ids: [2], count: 1 });
  assert.equal(await featureEvents(storage, 'gamma'), { ids: [4], count: 1 });
  const columns = await sql<{ id: string; feature: string | null }>(server.url, `SELECT id, feature FROM "${schema}".events ORDER BY id`);
  assert.equal(
    columns.map((r) => [Number(r.id), r.feature]),
    [
      [1, 'alpha'],
      [2, 'beta'],
      [3, 'alpha'],
      [4, 'gamma'],
      [5, null],
    ],
  );
});

test("the storage's own statements by feature are served by the index, as generic plans with their parameters", async () => {
  await open();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    // The table is tiny: sequential scans are ruled out to ask whether the index can serve the query at all.
    await client.query('SET enable_seqscan = off');
    await client.query('SET plan_cache_mode = force_generic_plan');
    const sqlOf = statements(schema);
    const cases: [string, string, string][] = [
      ['ofFeature', sqlOf.ofFeature, "(10, 5, NULL, 'alpha')"],
      ['ofFeature of projects', sqlOf.ofFeature, "(10, 5, ARRAY['p1'], 'alpha')"],
      ['countOfFeature', sqlOf.countOfFeature, "(10, NULL, 'alpha')"],
    ];
    for (const [name, text, args] of cases) {
      await client.query(`PREPARE q AS ${text}`);
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE q${args}`);
      assert.match(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), /events_by_feature_name/, name);
      await client.query('DEALLOCATE q');
    }
  } finally {
    await client.end();
  }
});

test('events of a process of the version before (no feature column in its insert), still running, get their feature', async () => {
  const storage = await open();
  const q = `"${schema.replaceAll('"', '""')}"`;
  const insert = (id: number, data: Record<string, unknown>) =>
    sql(server.url, `INSERT INTO ${q}.events (id, project, data) VALUES ($1, 'p1', $2)`, [id, JSON.stringify({ id, ...data })]);
  await insert(1, { type: 'feature-updated', featureName: 'alpha' });
  await insert(2, { type: 'project-updated', featureName: null, data: { featureName: 'nested, not the event' } });
  await sql(server.url, `UPDATE ${q}.state SET revision = 2, last_event_id = 2`);
  const columns = await sql<{ id: string; feature: string | null }>(server.url, `SELECT id, feature FROM ${q}.events ORDER BY id`);
  assert.equal(
    columns.map((r) => [Number(r.id), r.feature]),
    [
      [1, 'alpha'],
      [2, null],
    ],
  );
  assert.equal(await featureEvents(storage, 'alpha'), { ids: [1], count: 1 });
});

test('migration 8 over 300,000 events completes under a pool whose statements time out after a second', async () => {
  await schemaOfVersion7();
  const q = `"${schema.replaceAll('"', '""')}"`;
  await sql(
    server.url,
    `INSERT INTO ${q}.events (id, project, data)
       SELECT g, 'p1', json_build_object('id', g, 'type', 'feature-updated', 'featureName', 'f' || (g % 100), 'data', repeat('x', 250))::text
       FROM generate_series(1, 300000) AS g;
     UPDATE ${q}.state SET revision = 300000, last_event_id = 300000`,
  );
  const storage = await open(1_000);
  assert.equal((await featureEvents(storage, 'f7')).count, 3_000);
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

test('a schema of any name migrates, quotes, dollar quotes and backslashes in it, with standard_conforming_strings on or off', async () => {
  for (const conforming of ['on', 'off']) {
    await sql(server.url, `ALTER DATABASE postgres SET standard_conforming_strings = ${conforming}`);
    try {
      schema = `odd $$ $migration$ '" back\\slash ${conforming}`;
      const storage = await open();
      await storage.write((tx) => tx.appendEvent(makeEvent({ project: null, featureName: 'alpha' })));
      assert.equal(await featureEvents(storage, 'alpha'), { ids: [1], count: 1 }, conforming);
      for (const s of opened.splice(0)) await s.close();
      await sql(server.url, `DROP SCHEMA "${schema.replaceAll('"', '""')}" CASCADE`);
    } finally {
      await sql(server.url, 'ALTER DATABASE postgres RESET standard_conforming_strings');
    }
  }
});

test.run();
