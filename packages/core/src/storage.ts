/**
 * The pluggable storage interface. Core owns the domain logic; a storage only keeps records,
 * runs transactions and keeps the indexes named here. Everything is async so a storage may live
 * in another process (PostgreSQL) as well as in memory.
 *
 * Rules every storage keeps (the contract suite in test/ checks them):
 * - `write(fn)` is all-or-nothing: when `fn` throws, nothing it did is visible, ever. It resolves only
 *   once the change is durable (for a disk storage: written and fsynced).
 * - Writes are serializable: two write transactions never interleave their effects.
 * - Everything a read hands out is a copy: mutating it changes nothing stored.
 * - Event ids are increasing integers assigned at commit, in commit order.
 * - `latestEvents` and `projectEvents` use indexes: they never scan the whole history.
 */
import type {
  ApiKeyRecord,
  ChangeRequestRecord,
  ClientAppRecord,
  EnvironmentRecord,
  EventRecord,
  FeatureRecord,
  NewEvent,
  ProjectRecord,
  ProjectStatsRecord,
  SegmentRecord,
} from './records';

/** Keyed collections and the record type each holds. */
export interface Collections {
  projects: ProjectRecord;
  environments: EnvironmentRecord;
  features: FeatureRecord;
  apiKeys: ApiKeyRecord;
  changeRequests: ChangeRequestRecord;
  clientApps: ClientAppRecord;
  projectStats: ProjectStatsRecord;
  segments: SegmentRecord;
}
export type CollectionName = keyof Collections;

/**
 * Each collection's primary key and its one optional secondary index (`project`): the values a record
 * is listed under by `list(collection, { project })`. A storage keeps this index itself (a Map, an SQL
 * index on a column); core never asks for a full scan where an index exists.
 */
export const COLLECTIONS: {
  readonly [C in CollectionName]: {
    readonly key: (record: Collections[C]) => string;
    readonly projects?: (record: Collections[C]) => readonly string[];
  };
} = {
  projects: { key: (p) => p.id },
  environments: { key: (e) => e.name },
  features: { key: (f) => f.name, projects: (f) => [f.project] },
  apiKeys: { key: (k) => k.secretHash },
  changeRequests: { key: (c) => String(c.id), projects: (c) => [c.project] },
  clientApps: { key: (a) => a.appName, projects: (a) => a.projects },
  projectStats: { key: (s) => s.project },
  segments: { key: (s) => String(s.id), projects: (s) => (s.project === null ? [] : [s.project]) },
};

export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

/** Named counters for ids that are not event ids (api keys, change requests, changes). */
export type SequenceName = 'apiKey' | 'changeRequest' | 'change' | 'segment';

export interface EventQuery {
  /** Only events of these projects; `undefined` = every event, instance events included. */
  projects?: readonly string[];
}

export interface ReadTx {
  get<C extends CollectionName>(collection: C, key: string): Promise<Collections[C] | undefined>;
  /** All records, or those under one project in the collection's secondary index. Order: by key. */
  list<C extends CollectionName>(collection: C, where?: { project: string }): Promise<Collections[C][]>;
  /** Newest first, at most `limit`. */
  latestEvents(query: EventQuery & { limit: number }): Promise<EventRecord[]>;
  /** Newest first, every event of one project. */
  projectEvents(project: string): Promise<EventRecord[]>;
  /**
   * The same as `latestEvents`, as the JSON text of each event: what storages keep anyway, so a
   * response can be built from it without parsing and serializing every event again.
   */
  latestEventsJson(query: EventQuery & { limit: number }): Promise<string[]>;
  /** The same as `projectEvents`, as the JSON text of each event. */
  projectEventsJson(project: string): Promise<string[]>;
  countEvents(query: EventQuery): Promise<number>;
  /**
   * A number that changes with every committed write (and only then), for caches of derived data:
   * equal revisions mean equal committed state.
   */
  revision(): Promise<number>;
}

export interface WriteTx extends ReadTx {
  put<C extends CollectionName>(collection: C, record: Collections[C]): Promise<void>;
  /** Appends an event; its id is assigned at commit. */
  appendEvent(event: NewEvent): Promise<void>;
  nextSequence(name: SequenceName): Promise<number>;
}

export interface Storage {
  read<T>(fn: (tx: ReadTx) => Promise<T>): Promise<T>;
  write<T>(fn: (tx: WriteTx) => Promise<T>): Promise<T>;
  /** Flushes what is pending and releases files, locks and connections. Idempotent. */
  close(): Promise<void>;
}
