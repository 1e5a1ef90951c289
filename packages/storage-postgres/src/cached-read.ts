/**
 * The rows of one transaction at a known revision: from the read cache when it has them, else from
 * the transaction's connection (and then cached). A read transaction opens its snapshot only at its first
 * miss; a write transaction (which holds the lock, so the database is at its revision) gives its own.
 */
import type { Connection } from './connection';
import type { RowSource, StateRow } from './read-tx';
import { cacheKey, type CachedAnswer, type ReadCache } from './read-cache';
import type { Statements } from './schema';

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

  /** The connection, if a miss opened one. */
  opened(): Promise<Connection> | undefined {
    return this.connection;
  }
}
