import type { CollectionName, ReadTx, SequenceName, WriteTx } from '@flagadmin/core';
import {
  eventJson,
  isEmpty,
  type ChangeSet,
  type DeleteEntry,
  type PreparedEvent,
  type PutEntry,
  type RecordChange,
  type StateImage,
  type StateText,
} from './change-set';
import { CommittedState } from './committed-state';
import type { EventStore } from './event-store';
import { GroupCommit, type CommitBatch } from './group-commit';
import { Overlay, Tx, type EngineView } from './transaction';

/**
 * Keyed records with their project index, events, and sequences, all in memory; transactions over
 * them with copy-on-write overlays. It knows nothing of durability: a storage decides what happens
 * between `prepare` (the change set is final) and `apply` (the change becomes visible).
 */
export class MemoryEngine {
  private readonly state: CommittedState;
  /** Serializes the bodies of write transactions (not their durability). */
  private queue: Promise<unknown> = Promise.resolve();
  /** Present when a storage makes commits durable (see the constructor). */
  private readonly group: GroupCommit | undefined;
  /** Told after each commit is applied (Storage.onCommit). */
  private readonly commitListeners = new Set<() => void>();
  /**
   * ReadTx.collectionVersion for write transactions: one token per collection, replaced when a change
   * set touching it is prepared (write transactions see it from then on) and all replaced when pending
   * change sets are dropped.
   */
  private readonly versions = new Map<CollectionName, object>();

  /**
   * @param commit makes a batch of change sets durable, in order, all or nothing. Without it, changes
   *   apply at once (memory). With it, write transactions run one after another without waiting for
   *   the previous one to be durable, and all change sets prepared while a commit is under way go to
   *   the next commit together (group commit: one fsync for many writes).
   */
  constructor(
    readonly events: EventStore,
    image?: StateImage,
    commit?: CommitBatch,
  ) {
    this.state = new CommittedState(image);
    this.group =
      commit &&
      new GroupCommit(
        commit,
        (changes) => this.apply(changes),
        () => this.versions.clear(),
      );
  }

  /**
   * Runs `fn` against the committed state as of the call: commits applied while it runs are not seen
   * (one snapshot per read transaction). Reads hand out copies.
   */
  read<T>(fn: (tx: ReadTx) => Promise<T>): Promise<T> {
    const snapshot = this.state.open(this.events.lastId);
    const close = (): void => this.state.close(snapshot);
    let reading: Promise<T>;
    try {
      reading = fn(new Tx(this.view(), undefined, snapshot));
    } catch (err) {
      close();
      throw err;
    }
    reading.then(close, close);
    return reading;
  }

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
      const result = await fn(new Tx(this.view(), overlay, undefined));
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
      await this.group?.drain();
      return fn();
    };
    const body = this.queue.then(run, run);
    this.queue = body.catch(() => undefined);
    return body;
  }

  /** Resolves when every write queued so far has settled. */
  async idle(): Promise<void> {
    await this.queue;
    await this.group?.drain();
  }

  /** Makes a change set the committed state (also: replays a durable storage's journal at open). */
  apply(changes: ChangeSet): void {
    this.state.apply(changes);
    if (changes.events.length) this.events.append(changes.events);
    for (const listener of this.commitListeners) listener();
  }

  /** Storage.onCommit: `listener` is called after every commit is applied (visible to reads). */
  onCommit(listener: () => void): () => void {
    const own = () => listener();
    this.commitListeners.add(own);
    return () => void this.commitListeners.delete(own);
  }

  /** The committed state as the JSON text of each record (for a snapshot). */
  text(): StateText {
    return this.state.text();
  }

  private enqueue(changes: ChangeSet): Promise<void> {
    if (this.group) return this.group.enqueue(changes);
    if (!isEmpty(changes)) this.apply(changes);
    return Promise.resolve();
  }

  /** The overlay as a change set: its event ids assigned, after those of every change set before it. */
  private prepare(overlay: Overlay): ChangeSet {
    const puts: PutEntry[] = [];
    const deletes: DeleteEntry[] = [];
    for (const [collection, map] of overlay.records) {
      if (map.size) this.versions.delete(collection);
      for (const change of map.values()) {
        if (change.json === undefined) deletes.push(change);
        else puts.push(change);
      }
    }
    let id = this.group?.lastEventId() ?? this.events.lastId;
    const events = overlay.events.map((e): PreparedEvent => {
      const at = ++id;
      return { id: at, project: e.project, feature: e.feature, json: eventJson(at, e) };
    });
    return { puts, deletes, events, sequences: [...overlay.sequences] };
  }

  private shared: EngineView | undefined;

  private view(): EngineView {
    return (this.shared ??= this.makeView());
  }

  private makeView(): EngineView {
    const { state, group } = this;
    // A write sees its own last change to a key, else the newest pending one (a delete answers undefined), else the committed record.
    const ownOrPending = (overlay: Overlay, collection: CollectionName, key: string): RecordChange | undefined =>
      overlay.records.get(collection)?.get(key) ?? group?.change(collection, key);
    return {
      events: this.events,
      lookup: (overlay, snapshot, collection, key) => {
        const change = overlay && ownOrPending(overlay, collection, key);
        return change ? change.json : state.get(collection, key, snapshot);
      },
      keys: (overlay, snapshot, collection, where) => {
        const all = new Set(state.keys(collection, where, snapshot));
        if (overlay) {
          group?.addKeys(collection, all);
          const own = overlay.records.get(collection);
          if (own) for (const key of own.keys()) all.add(key);
        }
        return [...all].sort();
      },
      revision: () => state.revision,
      version: (overlay, collection) => {
        if (!overlay || overlay.records.get(collection)?.size) return undefined;
        let version = this.versions.get(collection);
        if (!version) this.versions.set(collection, (version = {}));
        return version;
      },
      lastEventId: () => group?.lastEventId() ?? this.events.lastId,
      nextSequence: (overlay: Overlay, name: SequenceName) => {
        const value = (overlay.sequences.get(name) ?? group?.sequence(name) ?? state.sequences.get(name) ?? 0) + 1;
        overlay.sequences.set(name, value);
        return value;
      },
    };
  }
}
