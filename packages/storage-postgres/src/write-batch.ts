/**
 * Writes that share one PostgreSQL transaction: the writes queued while the batch runs run one after
 * another inside it (each sees those before it), then one statement writes all their records (puts and
 * deletes), events (ids in order from the locked state row), counters, sequences and the revision (+1 per
 * write) and announces the commit (revisions, tables touched), and one COMMIT (one WAL flush) makes them durable together. A write that failed left only its dropped layer.
 */
import type { CollectionName, SequenceName } from '@flagadmin/core';
import type { StateRow } from './read-tx';
import { noticeText, type NoticeRecord } from './notified-state';
import { TABLES, type Statements } from './schema';
import { arrayLiteral, literal } from './sql-literal';

export interface Put {
  json: string;
  projects: readonly string[];
}

/** What one write did, in memory. */
export interface Layer {
  /** The last change to each key: its put, or null when deleted. */
  records: Map<CollectionName, Map<string, Put | null>>;
  /** Each event's project and feature name (its columns) and JSON text without its id. */
  events: { project: string | null; feature: string | null; json: string }[];
  sequences: Map<SequenceName, number>;
}

export const eventMatches = (project: string | null, projects: readonly string[] | undefined): boolean =>
  projects === undefined || (project !== null && projects.includes(project));

export class WriteBatch {
  /** The last change to each key over the batch's writes: its put, or null when deleted. */
  readonly records = new Map<CollectionName, Map<string, Put | null>>();
  readonly events: { id: number; project: string | null; feature: string | null; text: string }[] = [];
  readonly sequences = new Map<SequenceName, number>();
  /** Writes merged so far. */
  writes = 0;

  constructor(readonly locked: StateRow) {}

  /** The state the next write starts from: the locked row plus the writes merged before it. */
  state(): StateRow {
    return { revision: this.locked.revision + this.writes, lastEventId: this.locked.lastEventId + this.events.length };
  }

  /** A write succeeded: its layer becomes part of the batch, its events get their ids. */
  merge(layer: Layer): void {
    for (const [collection, puts] of layer.records) {
      let mine = this.records.get(collection);
      if (!mine) this.records.set(collection, (mine = new Map()));
      for (const [key, put] of puts) mine.set(key, put);
    }
    for (const event of layer.events) {
      const id = this.locked.lastEventId + this.events.length + 1;
      this.events.push({
        id,
        project: event.project,
        feature: event.feature,
        text: event.json === '{}' ? `{"id":${id}}` : `{"id":${id},${event.json.slice(1)}`,
      });
    }
    for (const [name, value] of layer.sequences) this.sequences.set(name, value);
    this.writes++;
  }

  /** The tables the flush changes, by puts and deletes alike (what the read cache drops when it moves to the new revision). */
  touched(): Set<string> {
    const tables = new Set([...this.records.keys()].map((c) => TABLES[c].table));
    if (this.events.length > 0) tables.add('events');
    return tables;
  }

  /** Every record the batch puts (its JSON text) or deletes (null). */
  written(): NoticeRecord[] {
    const out: NoticeRecord[] = [];
    for (const [collection, changes] of this.records) for (const [key, put] of changes) out.push([collection, key, put ? put.json : null]);
    return out;
  }

  /**
   * The one statement that writes the batch, its values written out as literals (it is sent with the
   * COMMIT in one message: see sql-literal.ts).
   */
  flush(sql: Statements): string {
    const $ = (value: string | number | (string | number | null)[], type: string) =>
      Array.isArray(value) ? arrayLiteral(value, type) : `${literal(value)}::${type}`;
    const parts: string[] = [];
    for (const [collection, changes] of this.records) {
      const { table, index } = TABLES[collection];
      const t = sql.table(table);
      const puts = new Map<string, Put>();
      const deleted: string[] = [];
      for (const [key, put] of changes) {
        if (put) puts.set(key, put);
        else deleted.push(key);
      }
      // A key is put or deleted in a batch, never both: the statements touch different rows.
      if (deleted.length > 0) parts.push(`DELETE FROM ${t} WHERE key = ANY(${$(deleted, 'text[]')})`);
      if (puts.size === 0) continue;
      const keys = $([...puts.keys()], 'text[]');
      const data = $(
        [...puts.values()].map((p) => p.json),
        'text[]',
      );
      if (index === 'none') {
        parts.push(`INSERT INTO ${t} (key, data) SELECT k, d::json FROM unnest(${keys}, ${data}) AS u(k, d)
          ON CONFLICT (key) DO UPDATE SET data = excluded.data`);
      } else if (index === 'one') {
        const projects = $(
          [...puts.values()].map((p) => p.projects[0] ?? null),
          'text[]',
        );
        parts.push(`INSERT INTO ${t} (key, data, project) SELECT k, d::json, p FROM unnest(${keys}, ${data}, ${projects}) AS u(k, d, p)
          ON CONFLICT (key) DO UPDATE SET data = excluded.data, project = excluded.project`);
      } else {
        const projects = $(
          [...puts.values()].map((p) => JSON.stringify(p.projects)),
          'text[]',
        );
        parts.push(`INSERT INTO ${t} (key, data, projects)
          SELECT k, d::json, ARRAY(SELECT json_array_elements_text(p::json)) FROM unnest(${keys}, ${data}, ${projects}) AS u(k, d, p)
          ON CONFLICT (key) DO UPDATE SET data = excluded.data, projects = excluded.projects`);
      }
    }
    if (this.events.length > 0) {
      const ids = $(
        this.events.map((e) => e.id),
        'bigint[]',
      );
      const projects = $(
        this.events.map((e) => e.project),
        'text[]',
      );
      const features = $(
        this.events.map((e) => e.feature),
        'text[]',
      );
      const texts = $(
        this.events.map((e) => e.text),
        'text[]',
      );
      const counts = sql.table('event_counts');
      parts.push(
        `INSERT INTO ${sql.table('events')} (id, project, feature, data) SELECT * FROM unnest(${ids}, ${projects}, ${features}, ${texts})`,
      );
      parts.push(`INSERT INTO ${counts} (project, n) SELECT p, count(*) FROM unnest(${projects}) AS p WHERE p IS NOT NULL GROUP BY p
        ON CONFLICT (project) DO UPDATE SET n = ${counts}.n + excluded.n`);
    }
    if (this.sequences.size > 0) {
      const names = $([...this.sequences.keys()], 'text[]');
      const next = $([...this.sequences.values()], 'bigint[]');
      parts.push(`INSERT INTO ${sql.table('sequences')} (name, value) SELECT * FROM unnest(${names}, ${next})
        ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
    }
    const end = this.state();
    // The notification goes out at COMMIT, to every listening process, with what it needs to follow (notified-state.ts).
    const notice = $(noticeText(this.locked.revision, end, this.touched(), this.written()), 'text');
    const update = `UPDATE ${sql.table('state')} SET revision = ${$(end.revision, 'bigint')}, last_event_id = ${$(end.lastEventId, 'bigint')}
      RETURNING pg_notify(${$(sql.channel, 'text')}, ${notice})`;
    return parts.length ? `WITH ${parts.map((p, i) => `w${i} AS (${p})`).join(',\n')}\n${update}` : update;
  }
}
