/**
 * The rows of one transaction at a known revision: from the read cache when it has them, else from
 * the transaction's connection (and then cached). A read transaction opens its snapshot only at its first
 * miss; a write transaction (which holds the lock, so the database is at its revision) gives its own.
 */
import type { Connection } from './connection';
import type { RowSource, StateRow } from './read-tx';
import type { CollectionName } from '@flagadmin/core';
import type { NoticeRecord } from './notified-state';
import { cacheKey, type CachedAnswer, type ReadCache } from './read-cache';
import { TABLES, type Statements } from './schema';

export class CachedSource implements RowSource {
  private connection: Promise<Connection> | undefined;

  constructor(
    private readonly sql: Statements,
    private readonly state: StateRow,
    private readonly cache: ReadCache,
    /** The connection at `state.revision`, asked for at the first miss. */
    private readonly connect: () => Promise<Connection>,
  ) {}

  async rows<R>(text: string, values: readonly unknown[]): Promise<R[]> {
    const table = this.sql.tableOf.get(text);
    const connection = () => (this.connection ??= this.connect());
    if (table === undefined) return (await connection()).rows<R>(text, values);
    const key = cacheKey(text, values);
    const hit = this.cache.get(this.state.revision, key);
    if (hit) return hit as R[];
    const rows = await (await connection()).rows<R>(text, values);
    this.cache.set(this.state.revision, key, rows as CachedAnswer, table);
    return rows;
  }

  version(table: string): object | undefined {
    return this.cache.version(this.state.revision, table);
  }

  /** The connection, if a miss opened one. */
  opened(): Promise<Connection> | undefined {
    return this.connection;
  }
}

/**
 * Keeps, at `revision` (a commit's, the cache already there), the answer of a lookup by key for every
 * record the commit wrote: what reading it again would give (`data::text` of a `json` column is the text
 * written), so the next write or read of it needs no round trip.
 */
export function keepWritten(cache: ReadCache, sql: Statements, revision: number, records: readonly NoticeRecord[]): void {
  for (const record of records) {
    if (!Array.isArray(record)) continue;
    const [collection, key, json] = record;
    if (typeof collection !== 'string' || typeof key !== 'string' || !Object.hasOwn(TABLES, collection)) continue;
    const name = collection as CollectionName;
    cache.set(revision, cacheKey(sql.get[name], [key]), json === null ? [] : [{ data: json }], TABLES[name].table);
  }
}
