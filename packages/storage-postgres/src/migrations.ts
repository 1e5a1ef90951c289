/**
 * Versioned migrations, run at start in one transaction under an advisory lock (so several processes
 * starting at once apply each migration once, and the others wait, then find nothing to do). The
 * applied versions are rows of `migrations`; a database with a version this code does not know is
 * refused with FlagadminSchemaTooNewError.
 */
import { FlagadminSchemaTooNewError } from './errors';
import { lastResult, type PgPool } from './pool';
import type { CollectionName } from '@flagadmin/core';
import { ident, TABLES, type TableSpec } from './schema';
import { literal } from './sql-literal';

/** Each migration's statements, given the quoted schema name. Append only: never edit a released one. */
const MIGRATIONS: readonly ((s: string) => string)[] = [
  (s) => {
    const first: readonly CollectionName[] = [
      'projects',
      'environments',
      'features',
      'apiKeys',
      'changeRequests',
      'clientApps',
      'projectStats',
    ];
    const tables = first.map((collection) => createTable(s, TABLES[collection]));
    return `
      CREATE TABLE ${s}.state (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        revision bigint NOT NULL,
        last_event_id bigint NOT NULL
      );
      INSERT INTO ${s}.state (revision, last_event_id) VALUES (0, 0);
      CREATE TABLE ${s}.events (id bigint PRIMARY KEY, project text COLLATE "C", data text NOT NULL);
      CREATE INDEX events_by_project ON ${s}.events (project, id);
      CREATE TABLE ${s}.event_counts (project text COLLATE "C" PRIMARY KEY, n bigint NOT NULL);
      CREATE TABLE ${s}.sequences (name text PRIMARY KEY, value bigint NOT NULL);
      ${tables.join('\n      ')}`;
  },
  (s) => createTable(s, TABLES.segments),
  (s) => createTable(s, TABLES.changeRequestConfigs),
  (s) =>
    (['contextFields', 'tagTypes', 'tags', 'strategyDefinitions', 'featureTypes', 'settings', 'addons'] as const)
      .map((collection) => createTable(s, TABLES[collection]))
      .join('\n'),
  (s) => (['users', 'sessions', 'personalTokens'] as const).map((collection) => createTable(s, TABLES[collection])).join('\n'),
  // The index by feature: each event's featureName, read by the database from its text, with its id.
  (s) => `CREATE INDEX events_by_feature ON ${s}.events (((data::json ->> 'featureName') COLLATE "C"), id);`,
  (s) => createTable(s, TABLES.usageBuckets),
  // The feature name in a column of its own, written with the event: the index on the expression above made
  // every event's insert parse its whole JSON text (half of the flush's work for a batch of PATCHes). The old
  // index goes before the column is filled (else each row the UPDATE writes is parsed for it once more). A
  // trigger fills the column for the inserts of processes of the version before, still running during a
  // rolling deploy (theirs name no feature column; the WHEN keeps this version's inserts from parsing). lz4
  // for the event texts, most of them over the size PostgreSQL compresses, where the server has it (pglz costs
  // more CPU).
  (s) => {
    const lz4 = `BEGIN EXECUTE ${literal(`ALTER TABLE ${s}.events ALTER COLUMN data SET COMPRESSION lz4`)};
      EXCEPTION WHEN feature_not_supported OR syntax_error THEN NULL; END`;
    return `
    ALTER TABLE ${s}.events ADD COLUMN feature text COLLATE "C";
    DROP INDEX ${s}.events_by_feature;
    UPDATE ${s}.events SET feature = data::json ->> 'featureName' WHERE json_typeof(data::json -> 'featureName') = 'string';
    CREATE INDEX events_by_feature_name ON ${s}.events (feature, id) WHERE feature IS NOT NULL;
    CREATE FUNCTION ${s}.events_fill_feature() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF json_typeof(NEW.data::json -> 'featureName') = 'string' THEN NEW.feature := NEW.data::json ->> 'featureName'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER events_fill_feature BEFORE INSERT ON ${s}.events FOR EACH ROW
      WHEN (NEW.feature IS NULL AND strpos(NEW.data, '"featureName":"') > 0) EXECUTE FUNCTION ${s}.events_fill_feature();
    DO ${literal(lz4)};`;
  },
];

/** A collection's table: the key, the record, and its project index as the spec says. */
function createTable(s: string, { table, index }: TableSpec): string {
  const t = `${s}.${ident(table)}`;
  const column = index === 'one' ? ', project text COLLATE "C" NOT NULL' : index === 'many' ? ', projects text[] NOT NULL' : '';
  const create = `CREATE TABLE ${t} (key text COLLATE "C" PRIMARY KEY, data json NOT NULL${column});`;
  if (index === 'one') return `${create} CREATE INDEX ${ident(`${table}_by_project`)} ON ${t} (project, key);`;
  if (index === 'many') return `${create} CREATE INDEX ${ident(`${table}_by_project`)} ON ${t} USING gin (projects);`;
  return create;
}

/** The schema version this code writes and reads. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings `schema` up to SCHEMA_VERSION (creating it when missing); returns the versions applied now. */
export async function migrate(pool: PgPool, schema: string): Promise<number[]> {
  const s = ident(schema);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      // A migration over a big table may take minutes: one cut by a timeout would fail every start again.
      await client.query('SET LOCAL statement_timeout = 0');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`flagadmin migrations ${schema}`]);
      await client.query(
        `CREATE SCHEMA IF NOT EXISTS ${s}; CREATE TABLE IF NOT EXISTS ${s}.migrations (version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const { rows } = lastResult(await client.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${s}.migrations`));
      const current = rows[0]?.version ?? 0;
      if (current > SCHEMA_VERSION) throw new FlagadminSchemaTooNewError(current, SCHEMA_VERSION, schema);
      const applied: number[] = [];
      for (let version = current + 1; version <= SCHEMA_VERSION; version++) {
        await client.query(MIGRATIONS[version - 1]!(s));
        await client.query(`INSERT INTO ${s}.migrations (version) VALUES (${version})`);
        applied.push(version);
      }
      await client.query('COMMIT');
      return applied;
    } catch (error) {
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw error;
    }
  } finally {
    client.release(broken ?? false);
  }
}
