import {
  COLLECTIONS,
  COLLECTION_NAMES,
  type CollectionName,
  type Collections,
  type EventQuery,
  type EventRecord,
  type NewEvent,
  type ReadTx,
  type SequenceName,
  type WriteTx,
} from '@flagadmin/core';

/**
 * An event ready to commit: its id, its project (for the indexes) and its JSON text, which starts
 * with `{"id":<id>,"project":<project>` (so a disk log can index a line without parsing it).
 */
export interface PreparedEvent {
  id: number;
  project: string | null;
  json: string;
}

/**
 * Where committed events live. The memory storage keeps their text in arrays; a disk storage keeps
 * them in a file and only their offsets in memory. Either way the queries below are served from indexes.
 */
export interface EventStore {
  /** Id of the newest event, 0 when there is none. */
  readonly lastId: number;
  /** Called once the events are durable, in id order. */
  append(events: readonly PreparedEvent[]): void;
  /** The JSON text of each event, newest first. */
  latest(limit: number, projects?: readonly string[]): Promise<string[]>;
  /** The JSON text of each event of the project, newest first. */
  ofProject(project: string): Promise<string[]>;
  count(projects?: readonly string[]): number;
}

/** One record written by a transaction: its key, the projects it is indexed under, its JSON text. */
export interface PutEntry {
  collection: CollectionName;
  key: string;
  projects: readonly string[] | undefined;
  json: string;
}

/** Everything one write transaction changes; applied as a whole, or not at all. */
export interface ChangeSet {
  puts: PutEntry[];
  events: PreparedEvent[];
  sequences: [SequenceName, number][];
}

/** The state of an engine (no events) as records, or their JSON text: what a snapshot is loaded from. */
export interface StateImage {
  collections: { [C in CollectionName]?: (Collections[C] | string)[] };
  sequences: { [S in SequenceName]?: number };
}

/** The state of an engine (no events) as the JSON text of each record: what a snapshot is written from. */
export interface StateText {
  collections: { [C in CollectionName]?: string[] };
  sequences: { [S in SequenceName]?: number };
}

type AnyRecord = Collections[CollectionName];
type CollectionDef = { key(r: AnyRecord): string; projects?(r: AnyRecord): readonly string[] };
const defOf = (c: CollectionName): CollectionDef => COLLECTIONS[c] as CollectionDef;

/**
 * A record as a put entry: serialized once, here (unless its JSON text is given); what the
 * transaction keeps and commits.
 */
export function putEntry(collection: CollectionName, record: unknown, json?: string): PutEntry {
  const def = defOf(collection);
  const r = record as AnyRecord;
  return { collection, key: def.key(r), projects: def.projects?.(r), json: json ?? JSON.stringify(r) };
}

/** An event serialized without its id (assigned at commit); an own `id` field never overrides it. */
interface PendingEvent {
  project: string | null;
  /** JSON text of the event's other fields. */
  body: string;
}

function pendingEvent(event: NewEvent): PendingEvent {
  const { project, ...rest } = event as NewEvent & { id?: unknown };
  delete (rest as { id?: unknown }).id;
  return { project, body: JSON.stringify(rest) };
}

/** The event's JSON text with its id, `id` and `project` first. */
function eventJson(id: number, e: PendingEvent): string {
  return `{"id":${id},"project":${JSON.stringify(e.project)}${e.body.length > 2 ? `,${e.body.slice(1)}` : '}'}`;
}

const parse = <T>(json: string): T => JSON.parse(json) as T;

/**
 * Keyed records with their project index, events, and sequences, all in memory; transactions over
 * them with copy-on-write overlays. It knows nothing of durability: a storage decides what happens
 * between `prepare` (the change set is final) and `apply` (the change becomes visible).
 */
export class MemoryEngine {
  /** Committed records as JSON text: compact, and every read parses a fresh copy. */
  private readonly records = new Map<CollectionName, Map<string, string>>();
  private readonly byProject = new Map<CollectionName, Map<string, Set<string>>>();
  /** The projects each indexed record is filed under (one project as a plain string), so a put needs no parse of the record it replaces. */
  private readonly filedUnder = new Map<CollectionName, Map<string, string | readonly string[]>>();
  private readonly sequences = new Map<SequenceName, number>();
  /** Counts applied commits (the storage revision). */
  private revision = 0;
  /** Serializes the bodies of write transactions (not their durability). */
  private queue: Promise<unknown> = Promise.resolve();
  /** Prepared change sets not yet durable, oldest first: later write transactions read through them. */
  private readonly pending: Pending[] = [];
  /** How many of `pending` (from the front) the running flush holds. */
  private flushing = 0;
  private flushed: Promise<void> = Promise.resolve();

  /**
   * @param commit makes a batch of change sets durable, in order, all or nothing. Without it, changes
   *   apply at once (memory). With it, write transactions run one after another without waiting for
   *   the previous one to be durable, and all change sets prepared while a commit is under way go to
   *   the next commit together (group commit: one fsync for many writes).
   */
  constructor(
    readonly events: EventStore,
    image?: StateImage,
    private readonly commit?: (batch: readonly ChangeSet[]) => Promise<void>,
  ) {
    for (const name of COLLECTION_NAMES) {
      this.records.set(name, new Map());
      this.byProject.set(name, new Map());
      this.filedUnder.set(name, new Map());
    }
    if (image) this.load(image);
  }

  /** Runs `fn` against committed state. Reads are read-committed and hand out copies. */
  read<T>(fn: (tx: ReadTx) => Promise<T>): Promise<T> {
    return fn((this.readTx ??= this.transaction(undefined)));
  }

  /** A read transaction holds no state of its own: one serves every read. */
  private readTx: ReadTx | undefined;

  /**
   * Runs `fn` as a write transaction: bodies run one at a time, each against committed state plus the
   * changes of earlier transactions still being made durable. Resolves once its change is durable and
   * applied (visible to reads). When `fn` throws, nothing of it is applied. When a commit fails, its
   * batch and every transaction prepared on top of it reject, and nothing of them is applied.
   */
  write<T>(fn: (tx: WriteTx) => Promise<T>): Promise<T> {
    let durable!: Promise<void>;
    const run = async (): Promise<T> => {
      const overlay = new Overlay();
      const result = await fn(this.transaction(overlay));
      durable = this.enqueue(this.prepare(overlay));
      return result;
    };
    const body = this.queue.then(run, run);
    this.queue = body.catch(() => undefined);
    return body.then(async (result) => {
      await durable;
      return result;
    });
  }

  /**
   * Runs `fn` with no write in progress or pending: for work that needs the committed state to hold
   * still (a snapshot). Writes queued meanwhile wait for it.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      await this.drain();
      return fn();
    };
    const body = this.queue.then(run, run);
    this.queue = body.catch(() => undefined);
    return body;
  }

  /** Resolves when every write queued so far has settled. */
  async idle(): Promise<void> {
    await this.queue;
    await this.drain();
  }

  private async drain(): Promise<void> {
    while (this.pending.length) await this.flushed.catch(() => undefined);
  }

  private enqueue(changes: ChangeSet): Promise<void> {
    const empty = !changes.puts.length && !changes.events.length && !changes.sequences.length;
    if (!this.commit || (empty && !this.pending.length)) {
      if (!empty) this.apply(changes);
      return Promise.resolve();
    }
    const entry = new Pending(changes, empty);
    this.pending.push(entry);
    if (!this.flushing) this.flushed = this.flush();
    return entry.done;
  }

  /** Commits everything pending in batches until nothing is left. */
  private async flush(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending.slice();
      this.flushing = batch.length;
      const real = batch.filter((p) => !p.empty).map((p) => p.changes);
      try {
        if (real.length) await this.commit!(real);
      } catch (error) {
        // Everything pending was prepared on top of this batch: none of it can become true.
        const failed = this.pending.splice(0);
        this.flushing = 0;
        for (const p of failed) p.reject(error);
        return;
      }
      this.pending.splice(0, batch.length);
      this.flushing = 0;
      for (const p of batch) {
        if (!p.empty) this.apply(p.changes);
        p.resolve();
      }
    }
  }

  apply(changes: ChangeSet): void {
    this.revision++;
    for (const put of changes.puts) this.store(put);
    for (const [name, value] of changes.sequences) this.sequences.set(name, value);
    if (changes.events.length) this.events.append(changes.events);
  }

  /** The committed state as the JSON text of each record (for a snapshot). */
  text(): StateText {
    const collections: StateText['collections'] = {};
    for (const name of COLLECTION_NAMES) collections[name] = [...this.records.get(name)!.values()];
    return { collections, sequences: Object.fromEntries(this.sequences) };
  }

  private load(image: StateImage): void {
    for (const name of COLLECTION_NAMES) {
      const list = (image.collections as Record<string, (AnyRecord | string)[] | undefined>)[name] ?? [];
      for (const record of list) {
        if (typeof record !== 'string') this.store(putEntry(name, record));
        else this.store(putEntry(name, JSON.parse(record), record));
      }
    }
    for (const [name, value] of Object.entries(image.sequences)) {
      if (typeof value === 'number') this.sequences.set(name as SequenceName, value);
    }
  }

  private store(put: PutEntry): void {
    if (put.projects || defOf(put.collection).projects) this.file(put);
    this.records.get(put.collection)!.set(put.key, put.json);
  }

  /** Files a record in the project index under its projects (moving it when they changed). */
  private file(put: PutEntry): void {
    const filed = this.filedUnder.get(put.collection)!;
    const previous = filed.get(put.key);
    const projects = put.projects ?? [];
    if (previous !== undefined && sameProjects(previous, projects)) return;
    const index = this.byProject.get(put.collection)!;
    for (const p of typeof previous === 'string' ? [previous] : (previous ?? [])) index.get(p)?.delete(put.key);
    for (const p of projects) {
      let keys = index.get(p);
      if (!keys) index.set(p, (keys = new Set()));
      keys.add(put.key);
    }
    filed.set(put.key, projects.length === 1 ? projects[0]! : projects);
  }

  private prepare(overlay: Overlay): ChangeSet {
    const puts: PutEntry[] = [];
    for (const map of overlay.puts.values()) for (const put of map.values()) puts.push(put);
    let id = this.lastPendingEventId();
    const events = overlay.events.map((e): PreparedEvent => {
      const at = ++id;
      return { id: at, project: e.project, json: eventJson(at, e) };
    });
    return { puts, events, sequences: [...overlay.sequences] };
  }

  private lastPendingEventId(): number {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const events = this.pending[i]!.changes.events;
      if (events.length) return events[events.length - 1]!.id;
    }
    return this.events.lastId;
  }

  /** A record as a write transaction sees it: its own changes, then pending ones (newest first), then committed. */
  private pendingRecord(collection: CollectionName, key: string): string | undefined {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const found = this.pending[i]!.puts(collection).get(key);
      if (found) return found.json;
    }
    return undefined;
  }

  private pendingSequence(name: SequenceName): number | undefined {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const found = this.pending[i]!.changes.sequences.find(([n]) => n === name);
      if (found) return found[1];
    }
    return undefined;
  }

  private transaction(overlay: Overlay | undefined): Tx {
    return new Tx((this.view ??= this.makeView()), overlay);
  }

  /** What a transaction needs of the engine: made once, shared by every transaction (no closures per transaction). */
  private view: EngineView | undefined;

  private makeView(): EngineView {
    /** The JSON text of a record as a transaction sees it. */
    const lookup = (overlay: Overlay | undefined, collection: CollectionName, key: string): string | undefined =>
      overlay
        ? (overlay.puts.get(collection)?.get(key)?.json ?? this.pendingRecord(collection, key) ?? this.records.get(collection)!.get(key))
        : this.records.get(collection)!.get(key);
    return {
      events: this.events,
      lookup,
      keys: (overlay, collection, where) => {
        let keys: Iterable<string>;
        if (where) {
          if (!defOf(collection).projects) throw new TypeError(`collection ${collection} has no project index`);
          keys = this.byProject.get(collection)!.get(where.project) ?? [];
        } else {
          keys = this.records.get(collection)!.keys();
        }
        const all = new Set(keys);
        if (overlay) {
          for (const p of this.pending) for (const key of p.puts(collection).keys()) all.add(key);
          const own = overlay.puts.get(collection);
          if (own) for (const key of own.keys()) all.add(key);
        }
        return [...all].sort();
      },
      revision: () => this.revision,
      nextSequence: (overlay, name) => {
        const value = (overlay.sequences.get(name) ?? this.pendingSequence(name) ?? this.sequences.get(name) ?? 0) + 1;
        overlay.sequences.set(name, value);
        return value;
      },
    };
  }
}

interface EngineView {
  readonly events: EventStore;
  lookup(overlay: Overlay | undefined, collection: CollectionName, key: string): string | undefined;
  /** The keys a transaction sees in a collection (of one project's index), sorted. */
  keys(overlay: Overlay | undefined, collection: CollectionName, where: { project: string } | undefined): string[];
  revision(): number;
  nextSequence(overlay: Overlay, name: SequenceName): number;
}

/** A read transaction (no overlay) or a write transaction (its changes collect in the overlay). */
class Tx implements WriteTx {
  constructor(
    private readonly view: EngineView,
    private readonly overlay: Overlay | undefined,
  ) {}

  async get<C extends CollectionName>(collection: C, key: string): Promise<Collections[C] | undefined> {
    const found = this.view.lookup(this.overlay, collection, key);
    return found === undefined ? undefined : parse<Collections[C]>(found);
  }

  async list<C extends CollectionName>(collection: C, where?: { project: string }): Promise<Collections[C][]> {
    const def = defOf(collection);
    const out: Collections[C][] = [];
    for (const key of this.view.keys(this.overlay, collection, where)) {
      const text = this.view.lookup(this.overlay, collection, key);
      if (text === undefined) continue;
      const record = parse<Collections[C]>(text);
      if (where && !def.projects!(record as AnyRecord).includes(where.project)) continue;
      out.push(record);
    }
    return out;
  }

  async latestEvents({ limit, projects }: EventQuery & { limit: number }): Promise<EventRecord[]> {
    return parseEvents(await this.view.events.latest(limit, projects));
  }

  async projectEvents(project: string): Promise<EventRecord[]> {
    return parseEvents(await this.view.events.ofProject(project));
  }

  latestEventsJson({ limit, projects }: EventQuery & { limit: number }): Promise<string[]> {
    return this.view.events.latest(limit, projects);
  }

  projectEventsJson(project: string): Promise<string[]> {
    return this.view.events.ofProject(project);
  }

  async countEvents({ projects }: EventQuery): Promise<number> {
    return this.view.events.count(projects);
  }

  async revision(): Promise<number> {
    return this.view.revision();
  }

  async put<C extends CollectionName>(collection: C, record: Collections[C]): Promise<void> {
    const overlay = this.writable();
    const put = putEntry(collection, record);
    let map = overlay.puts.get(collection);
    if (!map) overlay.puts.set(collection, (map = new Map()));
    map.set(put.key, put);
  }

  async appendEvent(event: NewEvent): Promise<void> {
    // Serialized now: a caller changing the object later changes nothing.
    this.writable().events.push(pendingEvent(event));
  }

  async nextSequence(name: SequenceName): Promise<number> {
    return this.view.nextSequence(this.writable(), name);
  }

  private writable(): Overlay {
    if (!this.overlay) throw new TypeError('a read transaction cannot write');
    return this.overlay;
  }
}

function sameProjects(filed: string | readonly string[], projects: readonly string[]): boolean {
  if (typeof filed === 'string') return projects.length === 1 && projects[0] === filed;
  return filed.length === projects.length && filed.every((p, i) => p === projects[i]);
}

class Pending {
  readonly done: Promise<void>;
  resolve!: () => void;
  reject!: (error: unknown) => void;
  private byCollection?: Map<CollectionName, Map<string, PutEntry>>;

  constructor(
    readonly changes: ChangeSet,
    readonly empty: boolean,
  ) {
    this.done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.done.catch(() => undefined); // the writer awaits it; never an unhandled rejection here
  }

  /** This change set's puts of one collection, by key (built on first use). */
  puts(collection: CollectionName): Map<string, PutEntry> {
    if (!this.byCollection) {
      this.byCollection = new Map();
      for (const put of this.changes.puts) {
        let map = this.byCollection.get(put.collection);
        if (!map) this.byCollection.set(put.collection, (map = new Map()));
        map.set(put.key, put);
      }
    }
    return this.byCollection.get(collection) ?? EMPTY;
  }
}

const EMPTY: Map<string, PutEntry> = new Map();

class Overlay {
  readonly puts = new Map<CollectionName, Map<string, PutEntry>>();
  readonly events: PendingEvent[] = [];
  readonly sequences = new Map<SequenceName, number>();
}

const parseEvents = (texts: readonly string[]): EventRecord[] => texts.map((t) => JSON.parse(t) as EventRecord);

/**
 * Events held in memory as JSON text (compact, and every read is a copy by nature), with a
 * per-project index of positions.
 */
export class MemoryEventStore implements EventStore {
  private readonly all: string[] = [];
  private readonly positions = new Map<string, number[]>();
  private last = 0;

  get lastId(): number {
    return this.last;
  }

  append(events: readonly PreparedEvent[]): void {
    for (const event of events) {
      const at = this.all.push(event.json) - 1;
      this.last = event.id;
      if (event.project !== null) {
        let list = this.positions.get(event.project);
        if (!list) this.positions.set(event.project, (list = []));
        list.push(at);
      }
    }
  }

  async latest(limit: number, projects?: readonly string[]): Promise<string[]> {
    return latestPositions(limit, this.all.length, projects, (p) => this.positions.get(p)).map((i) => this.all[i]!);
  }

  async ofProject(project: string): Promise<string[]> {
    const list = this.positions.get(project) ?? [];
    const out: string[] = [];
    for (let i = list.length - 1; i >= 0; i--) out.push(this.all[list[i]!]!);
    return out;
  }

  count(projects?: readonly string[]): number {
    if (!projects) return this.all.length;
    let n = 0;
    for (const p of new Set(projects)) n += this.positions.get(p)?.length ?? 0;
    return n;
  }
}

/**
 * Positions (newest first) of the last `limit` events, of every event when `projects` is undefined,
 * else of those projects: a merge of the tails of the per-project position lists, so the cost depends
 * on `limit` and the number of projects, never on the length of the history.
 */
export function latestPositions(
  limit: number,
  total: number,
  projects: readonly string[] | undefined,
  positionsOf: (project: string) => ArrayLike<number> | undefined,
): number[] {
  if (limit <= 0) return [];
  if (!projects) {
    const out: number[] = [];
    for (let i = total - 1; i >= 0 && out.length < limit; i--) out.push(i);
    return out;
  }
  const tails: number[] = [];
  for (const p of new Set(projects)) {
    const list = positionsOf(p);
    if (!list) continue;
    for (let i = list.length - 1, taken = 0; i >= 0 && taken < limit; i--, taken++) tails.push(list[i]!);
  }
  return tails.sort((a, b) => b - a).slice(0, limit);
}
