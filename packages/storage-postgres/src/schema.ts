/**
 * Where each collection lives: one table per collection, the key as `text COLLATE "C"` primary key (so
 * `ORDER BY key` is code-unit order), the record as JSON text, and the collection's project index as a
 * column: `project` (one project per record, btree) or `projects text[]` (several, GIN).
 */
import { COLLECTIONS, type CollectionName } from '@flagadmin/core';

export interface TableSpec {
  table: string;
  /** How the project index is kept: none, one project per record, or several. */
  index: 'none' | 'one' | 'many';
}

export const TABLES: { readonly [C in CollectionName]: TableSpec } = {
  projects: { table: 'projects', index: 'none' },
  environments: { table: 'environments', index: 'none' },
  features: { table: 'features', index: 'one' },
  apiKeys: { table: 'api_keys', index: 'none' },
  changeRequests: { table: 'change_requests', index: 'one' },
  clientApps: { table: 'client_apps', index: 'many' },
  projectStats: { table: 'project_stats', index: 'none' },
  segments: { table: 'segments', index: 'many' },
  changeRequestConfigs: { table: 'change_request_configs', index: 'one' },
  contextFields: { table: 'context_fields', index: 'many' },
  tagTypes: { table: 'tag_types', index: 'none' },
  tags: { table: 'tags', index: 'none' },
  strategyDefinitions: { table: 'strategy_definitions', index: 'none' },
  featureTypes: { table: 'feature_types', index: 'none' },
  settings: { table: 'settings', index: 'none' },
  addons: { table: 'addons', index: 'many' },
  usageBuckets: { table: 'usage_buckets', index: 'many' },
  users: { table: 'users', index: 'none' },
  sessions: { table: 'sessions', index: 'none' },
  personalTokens: { table: 'personal_tokens', index: 'none' },
};

/** A double-quoted SQL identifier. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The projects a record is listed under (its collection's project index). */
export function projectsOf(collection: CollectionName, record: unknown): readonly string[] {
  const projects = (COLLECTIONS[collection] as { projects?: (r: unknown) => readonly string[] }).projects;
  return projects ? projects(record) : [];
}

export function keyOf(collection: CollectionName, record: unknown): string {
  return (COLLECTIONS[collection] as { key: (r: unknown) => string }).key(record);
}

/** Every statement the storage runs, with the schema's tables qualified. Built once per storage. */
export function statements(schema: string) {
  const q = (table: string) => `${ident(schema)}.${ident(table)}`;
  const state = q('state');
  const channel = `flagadmin_commits ${schema}`.slice(0, 63);
  const get = {} as Record<CollectionName, string>;
  const listAll = {} as Record<CollectionName, string>;
  const listByProject = {} as Record<CollectionName, string | undefined>;
  const put = {} as Record<CollectionName, string>;
  /** The table each statement reads or writes (what a commit makes stale in the read cache). */
  const tableOf = new Map<string, string>();
  for (const [collection, spec] of Object.entries(TABLES) as [CollectionName, TableSpec][]) {
    const t = q(spec.table);
    get[collection] = `SELECT data::text AS data FROM ${t} WHERE key = $1`;
    listAll[collection] = `SELECT data::text AS data FROM ${t} ORDER BY key`;
    if (spec.index === 'one') {
      listByProject[collection] = `SELECT data::text AS data FROM ${t} WHERE project = $1 ORDER BY key`;
      put[collection] =
        `INSERT INTO ${t} (key, data, project) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET data = excluded.data, project = excluded.project`;
    } else if (spec.index === 'many') {
      listByProject[collection] = `SELECT data::text AS data FROM ${t} WHERE projects @> ARRAY[$1::text] ORDER BY key`;
      put[collection] =
        `INSERT INTO ${t} (key, data, projects) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET data = excluded.data, projects = excluded.projects`;
    } else {
      put[collection] = `INSERT INTO ${t} (key, data) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET data = excluded.data`;
    }
    for (const text of [get[collection], listAll[collection], listByProject[collection], put[collection]])
      if (text) tableOf.set(text, spec.table);
  }
  const events = q('events');
  const counts = q('event_counts');
  const eventReads = {
    latest: `SELECT data FROM ${events} ORDER BY id DESC LIMIT $1`,
    latestOf: `SELECT data FROM ${events} WHERE project = ANY($1::text[]) ORDER BY id DESC LIMIT $2`,
    allEvents: `SELECT data FROM ${events} ORDER BY id DESC`,
    allEventsOf: `SELECT data FROM ${events} WHERE project = ANY($1::text[]) ORDER BY id DESC`,
    countOf: `SELECT COALESCE(SUM(n), 0)::bigint AS n FROM ${counts} WHERE project = ANY($1::text[])`,
    /** With a cursor (`before`), a feature, or both; projects (`$3`) when not null, no limit when `$2` is null. */
    latestBefore: `SELECT data FROM ${events} WHERE id < $1 AND ($3::text[] IS NULL OR project = ANY($3::text[])) ORDER BY id DESC LIMIT $2`,
    countBefore: `SELECT count(*)::bigint AS n FROM ${events} WHERE id < $1 AND project = ANY($2::text[])`,
    ofFeature: `SELECT data FROM ${events} WHERE feature = $4 AND id < $1 AND ($3::text[] IS NULL OR project = ANY($3::text[])) ORDER BY id DESC LIMIT $2`,
    countOfFeature: `SELECT count(*)::bigint AS n FROM ${events} WHERE feature = $3 AND id < $1 AND ($2::text[] IS NULL OR project = ANY($2::text[]))`,
  };
  for (const text of Object.values(eventReads)) tableOf.set(text, 'events');
  return {
    schema,
    /** A table of the schema, qualified and quoted. */
    table: q,
    tableOf,
    ...eventReads,
    get,
    listAll,
    listByProject,
    put,
    /** Starts a read: one snapshot for the whole transaction, fixed by reading the revision. */
    beginRead: `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SELECT revision, last_event_id FROM ${state}`,
    /** The state row alone, outside a transaction: what a read begins with. */
    state: `SELECT revision, last_event_id FROM ${state}`,
    /** Starts a write: takes the one state row's lock, so writes run one after another across processes. */
    beginWrite: `BEGIN; SELECT revision, last_event_id FROM ${state} FOR UPDATE`,
    sequence: `SELECT value FROM ${q('sequences')} WHERE name = $1`,
    /** Opens the transaction that holds the start-up lock (it may stay open while the work runs), then takes the lock ($1: its name). */
    startUpLock: ['BEGIN; SET LOCAL idle_in_transaction_session_timeout = 0', 'SELECT pg_advisory_xact_lock(hashtext($1))'] as const,
    /** The channel commits are announced on (one per schema, by the flush: write-batch.ts), and how to listen to it. */
    channel,
    listen: `LISTEN ${ident(channel)}`,
  };
}

export type Statements = ReturnType<typeof statements>;
