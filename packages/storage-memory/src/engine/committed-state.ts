import { COLLECTION_NAMES, type CollectionName, type SequenceName } from '@flagadmin/core';
import {
  defOf,
  putEntry,
  type AnyRecord,
  type ChangeSet,
  type PutEntry,
  type RecordChange,
  type StateImage,
  type StateText,
} from './change-set';

/**
 * What one read transaction sees: the committed state as of its start. Commits applied while it is
 * open save here the record texts they replace (undefined: the key did not exist), the first time
 * each key changes, so the read still answers from the state it began with.
 */
export class ReadSnapshot {
  /** Replaced record texts by collection and key: the state this snapshot sees where it differs. */
  replaced: Map<CollectionName, Map<string, string | undefined>> | undefined;

  constructor(
    readonly revision: number,
    /** How many events were committed when the snapshot was taken. */
    readonly events: number,
  ) {}

  save(collection: CollectionName, key: string, previous: string | undefined): void {
    this.replaced ??= new Map();
    let map = this.replaced.get(collection);
    if (!map) this.replaced.set(collection, (map = new Map()));
    if (!map.has(key)) map.set(key, previous);
  }
}

/**
 * The committed records as JSON text, with their project index, and the sequences: the state every
 * read transaction answers from. Changes only through `apply`, one whole change set at a time.
 */
export class CommittedState {
  /** Committed records as JSON text: compact, and every read parses a fresh copy. */
  private readonly records = new Map<CollectionName, Map<string, string>>();
  private readonly byProject = new Map<CollectionName, Map<string, Set<string>>>();
  /** The projects each indexed record is filed under (one project as a plain string), so a put needs no parse of the record it replaces. */
  private readonly filedUnder = new Map<CollectionName, Map<string, string | readonly string[]>>();
  readonly sequences = new Map<SequenceName, number>();
  /** Counts applied commits (the storage revision). */
  revision = 0;
  /** Read transactions open now: each keeps the state it began with. */
  private readonly readers = new Set<ReadSnapshot>();

  constructor(image?: StateImage) {
    for (const name of COLLECTION_NAMES) {
      this.records.set(name, new Map());
      this.byProject.set(name, new Map());
      this.filedUnder.set(name, new Map());
    }
    if (image) this.load(image);
  }

  /** Records and sequences of a change set (its events go to the event store). */
  apply(changes: ChangeSet): void {
    this.revision++;
    if (this.readers.size) {
      this.saveForReaders(changes.puts);
      this.saveForReaders(changes.deletes);
    }
    for (const put of changes.puts) this.store(put);
    for (const gone of changes.deletes) this.remove(gone.collection, gone.key);
    for (const [name, value] of changes.sequences) this.sequences.set(name, value);
  }

  /** Starts a read transaction's view of the state; `close` it when the read ends. */
  open(events: number): ReadSnapshot {
    const snapshot = new ReadSnapshot(this.revision, events);
    this.readers.add(snapshot);
    return snapshot;
  }

  close(snapshot: ReadSnapshot): void {
    this.readers.delete(snapshot);
  }

  private saveForReaders(changes: readonly RecordChange[]): void {
    for (const change of changes) {
      const previous = this.records.get(change.collection)!.get(change.key);
      for (const reader of this.readers) reader.save(change.collection, change.key, previous);
    }
  }

  /** The JSON text of a committed record, as `snapshot` sees it (or as it is now). */
  get(collection: CollectionName, key: string, snapshot?: ReadSnapshot): string | undefined {
    const replaced = snapshot?.replaced?.get(collection);
    if (replaced?.has(key)) return replaced.get(key);
    return this.records.get(collection)!.get(key);
  }

  /**
   * The keys of a collection (or of one project in its index), plus any `snapshot` saw differently:
   * candidates, to be looked up and (for a project) checked against the record.
   */
  keys(collection: CollectionName, where: { project: string } | undefined, snapshot?: ReadSnapshot): Iterable<string> {
    let keys: Iterable<string>;
    if (where) {
      if (!defOf(collection).projects) throw new TypeError(`collection ${collection} has no project index`);
      keys = this.byProject.get(collection)!.get(where.project) ?? [];
    } else {
      keys = this.records.get(collection)!.keys();
    }
    const replaced = snapshot?.replaced?.get(collection);
    return replaced ? new Set([...keys, ...replaced.keys()]) : keys;
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

  /** Removes a record and its entries in the project index (nothing when there is no such record). */
  private remove(collection: CollectionName, key: string): void {
    if (!this.records.get(collection)!.delete(key)) return;
    const filed = this.filedUnder.get(collection)!;
    this.unfile(collection, key, filed.get(key));
    filed.delete(key);
  }

  private unfile(collection: CollectionName, key: string, filed: string | readonly string[] | undefined): void {
    const index = this.byProject.get(collection)!;
    for (const p of typeof filed === 'string' ? [filed] : (filed ?? [])) {
      const keys = index.get(p);
      keys?.delete(key);
      if (keys?.size === 0) index.delete(p);
    }
  }

  /** Files a record in the project index under its projects (moving it when they changed). */
  private file(put: PutEntry): void {
    const filed = this.filedUnder.get(put.collection)!;
    const previous = filed.get(put.key);
    const projects = put.projects ?? [];
    if (previous !== undefined && sameProjects(previous, projects)) return;
    const index = this.byProject.get(put.collection)!;
    this.unfile(put.collection, put.key, previous);
    for (const p of projects) {
      let keys = index.get(p);
      if (!keys) index.set(p, (keys = new Set()));
      keys.add(put.key);
    }
    filed.set(put.key, projects.length === 1 ? projects[0]! : projects);
  }
}

function sameProjects(filed: string | readonly string[], projects: readonly string[]): boolean {
  if (typeof filed === 'string') return projects.length === 1 && projects[0] === filed;
  return filed.length === projects.length && filed.every((p, i) => p === projects[i]);
}
