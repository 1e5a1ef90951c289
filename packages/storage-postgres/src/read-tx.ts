/**
 * The reads of a transaction: records by key or by the project index (ordered by key, COLLATE "C"),
 * events newest first through the primary key or the (project, id) index, counts from the counters.
 * Every record is parsed from its JSON text here, so each read hands out a fresh copy.
 */
import type { CollectionName, Collections, EventQuery, ReadTx } from '@flagadmin/core';
import { TABLES, type Statements } from './schema';

/** The state row as a transaction first read it. */
export interface StateRow {
  revision: number;
  lastEventId: number;
}

type Row = { data: string };

/** PostgreSQL text cannot hold U+0000: no stored key or project has it. */
export const hasNul = (value: string): boolean => value.includes('\u0000');

/** Where a transaction's statements go: a connection, or the read cache in front of one. */
export interface RowSource {
  rows<R>(text: string, values: readonly unknown[]): Promise<R[]>;
  /** The token of a table's rows as the transaction reads them (the read cache's, see read-cache.ts); none from a bare connection. */
  version?(table: string): object | undefined;
}

export class PgReadTx implements ReadTx {
  constructor(
    private readonly source: RowSource,
    protected readonly sql: Statements,
    protected readonly state: StateRow,
  ) {}

  protected rows<R>(text: string, values: readonly unknown[]): Promise<R[]> {
    return this.source.rows<R>(text, values);
  }

  async get<C extends CollectionName>(collection: C, key: string): Promise<Collections[C] | undefined> {
    if (hasNul(key)) return undefined;
    const [row] = await this.rows<Row>(this.sql.get[collection], [key]);
    return row ? (JSON.parse(row.data) as Collections[C]) : undefined;
  }

  async list<C extends CollectionName>(collection: C, where?: { project: string }): Promise<Collections[C][]> {
    let rows: Row[];
    if (!where) rows = await this.rows<Row>(this.sql.listAll[collection], []);
    else {
      const byProject = this.sql.listByProject[collection];
      if (!byProject) throw new TypeError(`${collection} has no project index`);
      if (hasNul(where.project)) return [];
      rows = await this.rows<Row>(byProject, [where.project]);
    }
    return rows.map((r) => JSON.parse(r.data) as Collections[C]);
  }

  async events(query: EventQuery): Promise<string[]> {
    const { limit, feature, before } = query;
    if (limit !== undefined && limit <= 0) return [];
    const projects = query.projects && [...new Set(query.projects)].filter((p) => !hasNul(p));
    if (projects && projects.length === 0) return [];
    let rows: Row[];
    if (feature !== undefined || before !== undefined) {
      if (feature !== undefined && hasNul(feature)) return [];
      const values = [this.below(before), limit ?? null, projects ?? null];
      rows = await this.rows<Row>(
        feature === undefined ? this.sql.latestBefore : this.sql.ofFeature,
        feature === undefined ? values : [...values, feature],
      );
    } else if (projects)
      rows = await this.rows<Row>(
        limit === undefined ? this.sql.allEventsOf : this.sql.latestOf,
        limit === undefined ? [projects] : [projects, limit],
      );
    else rows = await this.rows<Row>(limit === undefined ? this.sql.allEvents : this.sql.latest, limit === undefined ? [] : [limit]);
    return rows.map((r) => r.data);
  }

  async countEvents(query: EventQuery): Promise<number> {
    const { feature, before } = query;
    if (!query.projects && feature === undefined) return Math.max(0, this.below(before) - 1);
    const projects = query.projects && [...new Set(query.projects)].filter((p) => !hasNul(p));
    if (projects?.length === 0) return 0;
    let rows: { n: string | number }[];
    if (feature !== undefined) {
      if (hasNul(feature)) return 0;
      rows = await this.rows(this.sql.countOfFeature, [this.below(before), projects ?? null, feature]);
    } else if (before !== undefined) rows = await this.rows(this.sql.countBefore, [this.below(before), projects]);
    else rows = await this.rows(this.sql.countOf, [projects]);
    return Number(rows[0]?.n ?? 0);
  }

  /** The cursor as the bound of `id < $1`: `before`, or past every event this transaction sees. */
  protected below(before: number | undefined): number {
    const end = this.state.lastEventId + 1;
    return before === undefined ? end : Math.max(0, Math.min(end, Math.ceil(before)));
  }

  async revision(): Promise<number> {
    return this.state.revision;
  }

  /** The read cache's token for the collection's table, when the cache is at this transaction's revision. */
  collectionVersion(collection: CollectionName): object | undefined {
    return this.source.version?.(TABLES[collection].table);
  }
}
