/**
 * The pluggable storage interface. Core owns the domain logic; a storage only keeps records,
 * runs transactions and keeps the indexes named here. Everything is async so a storage may live
 * in another process (PostgreSQL) as well as in memory. A storage can be written from this file
 * alone; the contract suite in the repository's `test/storage-contract/` checks every rule below.
 *
 * Transactions
 * - `read(fn)` is isolated: a read never sees part of a write, nor anything not committed. Every call
 *   of one `read(fn)` answers from the same committed state (one snapshot per read transaction), so
 *   what it reads belongs together, and `revision()` keys exactly the data read beside it.
 * - `write(fn)` is all-or-nothing: when `fn` throws (or rejects), nothing it did is visible, ever, and
 *   the error reaches the caller unchanged. It resolves only once the change is durable (for a disk
 *   storage: written and fsynced; for a database: committed).
 * - Writes are serialized: two write transactions never interleave their effects (as if one ran
 *   after the other). A write transaction reads the records and sequence values left by every write
 *   before it, plus its own puts and deletes (its own events are not read back: their ids come at commit).
 * - Everything a read hands out is a copy: mutating it changes nothing stored. `put` and
 *   `appendEvent` keep a copy of what they are given, taken at the call.
 *
 * Records
 * - One record per key in each collection (`COLLECTIONS[c].key`); `put` replaces the record under
 *   its key. `delete` removes the record under a key (nothing when there is none): from then on the
 *   transaction's own `get` answers undefined and its `list`s (the project index's too) leave it out, a
 *   later `put` of the key in the same transaction stores it again (the last of the two wins), and it is
 *   all-or-nothing and durable with the rest of the write. A read transaction open while the delete
 *   commits still sees the record (its snapshot). The key may be used again by any later write.
 * - `list` is ordered by key in JS code-unit order (what `<` on strings gives: 'B' < 'a' < 'é';
 *   in SQL: `COLLATE "C"`, whose UTF-8 byte order agrees except between characters above U+FFFF and
 *   U+E000..U+FFFF). `list(c, { project })` uses the collection's project index.
 *
 * Events and sequences
 * - Event ids are increasing integers assigned at commit, in commit order, without gaps: 1, 2, 3...
 *   A failed write consumes no id. An `id` field on a `NewEvent` is ignored. So in a write transaction
 *   `countEvents({})` is the id of the last event before it, and its own events get the next ids in
 *   the order they were appended (a change request's apply names the events it caused this way).
 * - `events` selects through indexes (never a scan of the whole history for a project, a feature or a
 *   page): by project, and by feature name (`EventQuery.feature`); `before` starts a page after an id.
 *   `countEvents` may come from counters kept beside the events (for a feature: its index).
 * - Sequences count per name from 1 without gaps, and a failed write rolls back the values it took.
 *
 * Unavailability (a database down, a disk full)
 * - When the storage cannot be reached, or cannot make a write durable for a reason that may pass (its
 *   database is down or too slow; its disk is full, over quota, read-only or failing), `read`/`write`
 *   reject with an error whose `name` is `FlagadminStorageUnavailableError`, and nothing of that write
 *   is kept (a failed write, as above). core answers it as 503 ServiceUnavailableError with
 *   `Retry-After`. Its message is sent to the client only when the error has `expose: true` (then it
 *   names the cause, e.g. `The storage cannot write: no space left on its disk (ENOSPC); try again when
 *   space is freed`, and nothing secret: no path, no address); otherwise the client gets a generic one.
 * - The storage recovers by itself: the next call tries again; no reopen is needed.
 * - Readiness (`GET /ready`): a read transaction, then `ready()` when the storage has it. A storage
 *   whose reads can succeed while its writes fail (a full disk) implements `ready()` so probes see it.
 *
 * Change notification (optional: `onCommit`)
 * - `onCommit(listener)` calls `listener` after writes commit, whichever process made them (a database
 *   shared by several processes tells each of them), and returns a function that stops the calls. A
 *   call says only "read again": it carries nothing, may come once for several commits, and may come
 *   when nothing changed (a reconnect); a read started after the call sees the commit. A storage whose
 *   notifications may be lost (a connection dropped) calls the listener once it is back, so a lost
 *   notification can only delay. Listeners must return at once (they schedule work, they do not do it).
 *   Without `onCommit`, core learns only of the writes it makes itself.
 *
 * Read freshness (optional: the second argument of `read`)
 * - By default a read sees every write acknowledged before it began, by any process of the instance.
 * - `read(fn, NOTIFIED_READ)` (what SDK-facing reads ask) lets a storage shared by several processes
 *   answer at the newest state it has learned of without asking the database: this process's own
 *   acknowledged writes, and other processes' once their notification arrived. It must learn of every
 *   commit within a bounded time (a lost notification only delays) and still answers one consistent
 *   snapshot. A storage of one process, or one that cannot tell, ignores the argument.
 */
import {
  appSeenDay,
  appSeenIndex,
  type ApiKeyRecord,
  type ClientAppRecord,
  type FeatureRecord,
  type NewEvent,
  type ProjectRecord,
  type ProjectStatsRecord,
  type SegmentRecord,
} from './records';
import type { ChangeRequestConfigRecord, ChangeRequestRecord } from './change-request-records';
import type { EnvironmentRecord } from './vocabulary-records';
import type { PersonalTokenRecord, SessionRecord, UserRecord } from './people-records';
import { usageBucketKey, usageIndex, type UsageBucketRecord } from './usage-records';
import type {
  AddonRecord,
  ContextFieldRecord,
  SettingRecord,
  StrategyDefinitionRecord,
  TagRecord,
  TagTypeRecord,
  FeatureTypeRecord,
} from './vocabulary-records';

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
  changeRequestConfigs: ChangeRequestConfigRecord;
  contextFields: ContextFieldRecord;
  tagTypes: TagTypeRecord;
  tags: TagRecord;
  strategyDefinitions: StrategyDefinitionRecord;
  featureTypes: FeatureTypeRecord;
  settings: SettingRecord;
  addons: AddonRecord;
  usageBuckets: UsageBucketRecord;
  users: UserRecord;
  sessions: SessionRecord;
  personalTokens: PersonalTokenRecord;
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
  // Listed under its projects and the day it was last seen (records.ts, appSeenIndex).
  clientApps: {
    key: (a) => a.appName,
    projects: (a) => {
      const day = appSeenDay(a);
      return day === undefined ? a.projects : [...a.projects, appSeenIndex(day)];
    },
  },
  projectStats: { key: (s) => s.project },
  segments: { key: (s) => String(s.id), projects: (s) => (s.project === null ? [] : [s.project]) },
  changeRequestConfigs: { key: (c) => JSON.stringify([c.project, c.environment]), projects: (c) => [c.project] },
  contextFields: { key: (c) => c.name, projects: (c) => (c.project === null ? [] : [c.project]) },
  tagTypes: { key: (t) => t.name },
  tags: { key: (t) => JSON.stringify([t.type, t.value]) },
  strategyDefinitions: { key: (s) => s.name },
  featureTypes: { key: (t) => t.id },
  settings: { key: (s) => s.name },
  addons: { key: (a) => String(a.id), projects: (a) => a.projects },
  // Listed under its feature, its application and its hour (usage-records.ts), not under a project.
  usageBuckets: {
    key: usageBucketKey,
    projects: (b) => [usageIndex.feature(b.feature), usageIndex.app(b.appName), usageIndex.hour(b.start)],
  },
  users: { key: (u) => String(u.id) },
  sessions: { key: (s) => s.idHash },
  personalTokens: { key: (t) => t.secretHash },
};

export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

/** Named counters for ids that are not event ids (api keys, change requests, changes). */
export type SequenceName = 'apiKey' | 'changeRequest' | 'change' | 'segment' | 'addon' | 'featureLink' | 'personalToken';

export interface EventQuery {
  /** Only events of these projects; `undefined` = every event, instance events (project null) included. */
  projects?: readonly string[];
  /**
   * Only events whose `featureName` is this (through the storage's index by feature: the cost depends on
   * the feature's events, never on the history); with `projects`, those of the feature in these projects.
   */
  feature?: string;
  /** Only events with an id below this: the cursor of the next page (the last id of a page). */
  before?: number;
  /** At most this many, newest first; `undefined` = every matching event. */
  limit?: number;
}

export interface ReadTx {
  get<C extends CollectionName>(collection: C, key: string): Promise<Collections[C] | undefined>;
  /** All records, or those under one project in the collection's project index. Order: by key (code units). */
  list<C extends CollectionName>(collection: C, where?: { project: string }): Promise<Collections[C][]>;
  /**
   * The matching events newest first (by id), as the JSON text of each `EventRecord`: what storages
   * keep anyway, so a response is built from it without parsing and serializing every event again.
   */
  events(query: EventQuery): Promise<string[]>;
  /** How many events match (`limit` ignored). */
  countEvents(query: EventQuery): Promise<number>;
  /**
   * A number that changes with every committed write (and only then), for caches of derived data:
   * equal revisions mean equal committed state. It keys the data read in the same transaction.
   */
  revision(): Promise<number>;
  /**
   * Optional: a token for one collection's records as this transaction sees them, for caches of what
   * is derived from them (the environment index, the feature types' lifetimes) that every write would
   * otherwise list again. The same object while those records are the same, a new one after any change
   * to them (committed, pending, or undone); `undefined` when the storage cannot tell, e.g. this
   * transaction changed the collection itself. Core keeps derived data in a WeakMap keyed by the
   * token, so a token must never be handed out again for other content.
   */
  collectionVersion?(collection: CollectionName): object | undefined;
}

export interface WriteTx extends ReadTx {
  put<C extends CollectionName>(collection: C, record: Collections[C]): Promise<void>;
  /** Removes the record under `key` (nothing when absent); seen by this transaction's later reads, as puts are. */
  delete<C extends CollectionName>(collection: C, key: string): Promise<void>;
  /** Appends an event; its id is assigned at commit. */
  appendEvent(event: NewEvent): Promise<void>;
  nextSequence(name: SequenceName): Promise<number>;
}

/** How fresh a read must be (see "Read freshness" above). */
export interface ReadOptions {
  /** `latest` (the default): every write acknowledged before the read began; `notified`: see above. */
  readonly freshness?: 'latest' | 'notified';
}

/** The freshness SDK-facing reads ask for (the client API, the frontend API, delta, streams, OFREP). */
export const NOTIFIED_READ: ReadOptions = Object.freeze({ freshness: 'notified' });

export interface Storage {
  read<T>(fn: (tx: ReadTx) => Promise<T>, options?: ReadOptions): Promise<T>;
  write<T>(fn: (tx: WriteTx) => Promise<T>): Promise<T>;
  /**
   * Optional: whether a write can be made durable now, for readiness probes. Resolves when it can;
   * rejects (a FlagadminStorageUnavailableError naming the cause) when it cannot. Called on every
   * probe, so it must be cheap and bounded: e.g. nothing while writes succeed, and after a write failed,
   * one small trial write. A storage without it is ready whenever a read answers.
   */
  ready?(): Promise<void>;
  /** Optional: calls `listener` after commits, from any process (see "Change notification" above). */
  onCommit?(listener: () => void): () => void;
  /** Flushes what is pending and releases files, locks and connections. Idempotent. */
  close(): Promise<void>;
}
