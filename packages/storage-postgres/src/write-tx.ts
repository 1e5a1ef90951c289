/**
 * The writes of a transaction. Puts go to the database at once (so the transaction's own reads see
 * them); events wait in memory until `finish()`, which gives them ids from the state row's last event
 * id (locked since the transaction began, so ids follow commit order without gaps) and writes them, the
 * per-project counters and the new revision in one statement.
 */
import type { CollectionName, Collections, NewEvent, SequenceName, WriteTx } from '@flagadmin/core';
import { PgReadTx, type StateRow } from './read-tx';
import { keyOf, projectsOf, TABLES, type Statements } from './schema';
import type { WriteSource } from './write-source';

interface PendingEvent {
  project: string | null;
  /** The event's JSON text without an id, taken at append time. */
  json: string;
}

export class PgWriteTx extends PgReadTx implements WriteTx {
  private readonly pending: PendingEvent[] = [];

  constructor(
    private readonly writes: WriteSource,
    sql: Statements,
    state: StateRow,
  ) {
    super(writes, sql, state);
  }

  async put<C extends CollectionName>(collection: C, record: Collections[C]): Promise<void> {
    const values: unknown[] = [keyOf(collection, record), JSON.stringify(record)];
    const { index } = TABLES[collection];
    if (index === 'one') values.push(projectsOf(collection, record)[0]);
    else if (index === 'many') values.push([...projectsOf(collection, record)]);
    await this.rows(this.sql.put[collection], values);
  }

  async appendEvent(event: NewEvent): Promise<void> {
    const { id: _ignored, ...rest } = event as NewEvent & { id?: unknown };
    this.pending.push({ project: rest.project ?? null, json: JSON.stringify(rest) });
  }

  async nextSequence(name: SequenceName): Promise<number> {
    const [row] = await this.rows<{ value: string | number }>(this.sql.nextSequence, [name]);
    return Number(row!.value);
  }

  /** The last statement before COMMIT: events with their ids, counters, revision + 1. */
  async finish(): Promise<void> {
    const first = this.state.lastEventId + 1;
    const ids = this.pending.map((_, i) => first + i);
    const texts = this.pending.map((e, i) => (e.json === '{}' ? `{"id":${ids[i]}}` : `{"id":${ids[i]},${e.json.slice(1)}`));
    await this.rows(this.sql.finish, [ids, this.pending.map((e) => e.project), texts, this.state.lastEventId + this.pending.length]);
    if (this.pending.length > 0) this.writes.appended();
  }
}
