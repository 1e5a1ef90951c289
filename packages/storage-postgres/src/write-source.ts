/**
 * The statements of a write transaction. It holds the state row's lock, so until it writes a table, that
 * table is exactly as at the revision it locked: its reads may come from the read cache (and fill it).
 * After COMMIT the cache moves to the new revision, dropping only the tables this write touched.
 */
import type { Connection } from './connection';
import type { RowSource, StateRow } from './read-tx';
import { cacheKey, type CachedAnswer, type RevisionCache } from './revision-cache';
import type { Statements } from './schema';

export class WriteSource implements RowSource {
  private readonly touched = new Set<string>();

  constructor(
    private readonly connection: Connection,
    private readonly sql: Statements,
    private readonly state: StateRow,
    private readonly cache: RevisionCache,
  ) {}

  async rows<R>(text: string, values: readonly unknown[]): Promise<R[]> {
    const table = this.sql.tableOf.get(text);
    if (table === undefined) return this.connection.rows<R>(text, values);
    if (!text.startsWith('SELECT')) {
      this.touched.add(table);
      return this.connection.rows<R>(text, values);
    }
    if (this.touched.has(table)) return this.connection.rows<R>(text, values);
    const key = cacheKey(text, values);
    const hit = this.cache.get(this.state.revision, key);
    if (hit) return hit as R[];
    const rows = await this.connection.rows<R>(text, values);
    this.cache.set(this.state.revision, key, rows as CachedAnswer, table);
    return rows;
  }

  /** The events were written (the commit statement). */
  appended(): void {
    this.touched.add('events');
  }

  /** After COMMIT: the cache follows to the revision this write made. */
  committed(): void {
    this.cache.advance(this.state.revision, this.state.revision + 1, this.touched);
  }
}
