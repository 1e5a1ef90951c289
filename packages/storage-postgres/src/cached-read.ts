/**
 * The rows of one read transaction, from the revision cache when it has them at the transaction's
 * revision; at the first miss a REPEATABLE READ snapshot is opened and must be at that same revision
 * (else the transaction is `stale` and the storage runs it again in a plain snapshot).
 */
import { Connection } from './connection';
import type { PgPool } from './pool';
import type { RowSource, StateRow } from './read-tx';
import { cacheKey, type CachedAnswer, type RevisionCache } from './revision-cache';
import type { Statements } from './schema';

/** The snapshot opened for a miss is at another revision than the transaction began with. */
class StaleSnapshotError extends Error {
  override readonly name = 'StaleSnapshotError';
}

export class CachedSource implements RowSource {
  /** True once a miss found the database at a newer revision: the answers of this run are void. */
  stale = false;
  private snapshot: Promise<Connection> | undefined;

  constructor(
    private readonly pool: PgPool,
    private readonly sql: Statements,
    private readonly state: StateRow,
    private readonly cache: RevisionCache,
  ) {}

  async rows<R>(text: string, values: readonly unknown[]): Promise<R[]> {
    const key = cacheKey(text, values);
    const hit = this.cache.get(this.state.revision, key);
    if (hit) return hit as R[];
    const connection = await (this.snapshot ??= this.open());
    const rows = await connection.rows<R>(text, values);
    this.cache.set(this.state.revision, key, rows as CachedAnswer, this.sql.tableOf.get(text) ?? text);
    return rows;
  }

  /** Ends the snapshot, if one was opened. */
  async close(): Promise<void> {
    const connection = await this.snapshot?.catch(() => undefined);
    if (!connection) return;
    await connection.rows('COMMIT').catch(() => undefined);
    connection.release();
  }

  private async open(): Promise<Connection> {
    const connection = await Connection.open(this.pool);
    try {
      const at = await connection.begin(this.sql.beginRead);
      if (at.revision !== this.state.revision) {
        this.stale = true;
        throw new StaleSnapshotError(`revision ${at.revision}, not ${this.state.revision}`);
      }
      return connection;
    } catch (error) {
      await connection.rows('ROLLBACK').catch(() => undefined);
      connection.release();
      throw error;
    }
  }
}
