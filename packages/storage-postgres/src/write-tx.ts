/**
 * One write of a batch. Its puts, deletes, events and sequence values stay in memory (its layer) until the
 * batch flushes; its reads see the database at the batch's revision, the writes of the batch before it, and
 * its own puts and deletes. When it fails its layer is dropped: nothing of it reaches the database.
 */
import type { CollectionName, Collections, EventQuery, NewEvent, SequenceName, WriteTx } from '@flagadmin/core';
import { hasNul, PgReadTx, type RowSource } from './read-tx';
import { keyOf, projectsOf, type Statements } from './schema';
import { eventMatches, type Layer, type Put, type WriteBatch } from './write-batch';

export class PgWriteTx extends PgReadTx implements WriteTx {
  readonly layer: Layer = { records: new Map(), events: [], sequences: new Map() };

  constructor(
    source: RowSource,
    sql: Statements,
    private readonly batch: WriteBatch,
  ) {
    super(source, sql, batch.state());
  }

  override async get<C extends CollectionName>(collection: C, key: string): Promise<Collections[C] | undefined> {
    const change = this.change(collection, key);
    if (change === undefined) return super.get(collection, key);
    return change ? (JSON.parse(change.json) as Collections[C]) : undefined;
  }

  /** The last change to a key: this write's own, else the batch's (null: deleted); undefined when none touched it. */
  private change(collection: CollectionName, key: string): Put | null | undefined {
    for (const records of [this.layer.records, this.batch.records]) {
      const changes = records.get(collection);
      if (changes?.has(key)) return changes.get(key);
    }
    return undefined;
  }

  override async list<C extends CollectionName>(collection: C, where?: { project: string }): Promise<Collections[C][]> {
    const stored = await super.list(collection, where);
    const layers = [this.batch.records.get(collection), this.layer.records.get(collection)].filter((m) => m !== undefined);
    if (layers.length === 0) return stored;
    const byKey = new Map(stored.map((r) => [keyOf(collection, r), r] as const));
    for (const layer of layers) {
      for (const [key, put] of layer) {
        if (put && (!where || put.projects.includes(where.project))) byKey.set(key, JSON.parse(put.json) as Collections[C]);
        else byKey.delete(key);
      }
    }
    return [...byKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((k) => byKey.get(k)!);
  }

  /**
   * None for a collection this write or an earlier one of its batch changed: the token names the rows at
   * the locked revision, and what the batch changed may yet be rolled back.
   */
  override collectionVersion(collection: CollectionName): object | undefined {
    if (this.layer.records.get(collection)?.size || this.batch.records.get(collection)?.size) return undefined;
    return super.collectionVersion(collection);
  }

  /** The events of the writes before this one in the batch come first (they are newer). */
  override async events(query: EventQuery): Promise<string[]> {
    const batched = this.batch.events
      .filter((e) => batchedMatches(e, query))
      .map((e) => e.text)
      .reverse();
    if (query.limit !== undefined && batched.length >= query.limit) return batched.slice(0, Math.max(0, query.limit));
    const stored = await super.events(query.limit === undefined ? query : { ...query, limit: query.limit - batched.length });
    return [...batched, ...stored];
  }

  override async countEvents(query: EventQuery): Promise<number> {
    if (!query.projects && query.feature === undefined) return Math.max(0, this.below(query.before) - 1);
    return (await super.countEvents(query)) + this.batch.events.filter((e) => batchedMatches(e, query)).length;
  }

  async put<C extends CollectionName>(collection: C, record: Collections[C]): Promise<void> {
    const key = keyOf(collection, record);
    const projects = projectsOf(collection, record);
    if (hasNul(key) || projects.some(hasNul))
      throw new TypeError(`${collection}: a key or project with the NUL character cannot be stored in PostgreSQL`);
    let puts = this.layer.records.get(collection);
    if (!puts) this.layer.records.set(collection, (puts = new Map()));
    puts.set(key, { json: JSON.stringify(record), projects });
  }

  async delete<C extends CollectionName>(collection: C, key: string): Promise<void> {
    if (hasNul(key)) return; // no stored key has it (a put of one is refused): nothing to remove
    let changes = this.layer.records.get(collection);
    if (!changes) this.layer.records.set(collection, (changes = new Map()));
    changes.set(key, null);
  }

  async appendEvent(event: NewEvent): Promise<void> {
    const { id: _ignored, ...rest } = event as NewEvent & { id?: unknown };
    if (rest.project && hasNul(rest.project)) throw new TypeError('An event project with the NUL character cannot be stored in PostgreSQL');
    const json = JSON.stringify(rest);
    // An event may still be read as JSON by the database (the trigger that fills the feature column of an
    // older process's insert), which refuses a NUL in any text: refused here, the write fails alone (not its
    // whole batch at the flush), as before that column.
    if (NUL_ESCAPE.test(json)) throw new TypeError('An event with the NUL character in a text cannot be stored in PostgreSQL');
    const feature = typeof rest.featureName === 'string' ? rest.featureName : null;
    this.layer.events.push({ project: rest.project ?? null, feature, json });
  }

  async nextSequence(name: SequenceName): Promise<number> {
    let current = this.layer.sequences.get(name) ?? this.batch.sequences.get(name);
    if (current === undefined) {
      const [row] = await this.rows<{ value: string | number }>(this.sql.sequence, [name]);
      current = Number(row?.value ?? 0);
    }
    this.layer.sequences.set(name, current + 1);
    return current + 1;
  }
}

/** `\u0000` in JSON text: the escape itself, not an escaped backslash followed by `u0000`. */
const NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/;

/** Whether an event of the batch (written by an earlier write, not yet in the table) is one `query` selects. */
function batchedMatches(e: { id: number; project: string | null; feature: string | null }, query: EventQuery): boolean {
  if (!eventMatches(e.project, query.projects)) return false;
  if (query.before !== undefined && e.id >= query.before) return false;
  return query.feature === undefined || e.feature === query.feature;
}
