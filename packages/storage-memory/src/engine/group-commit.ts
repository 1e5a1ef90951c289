import type { CollectionName, SequenceName } from '@flagadmin/core';
import { isEmpty, type ChangeSet, type RecordChange } from './change-set';

/** Makes a batch of change sets durable, in order, all or nothing. */
export type CommitBatch = (batch: readonly ChangeSet[]) => Promise<void>;

/**
 * Group commit: change sets prepared while a commit is under way wait here and go to the next commit
 * together (one durable write for many transactions). Once a batch is durable its change sets are
 * applied in order. Later write transactions read through the change sets still waiting, newest first.
 */
export class GroupCommit {
  /** Prepared change sets not yet durable, oldest first. */
  private readonly pending: Pending[] = [];
  /** How many of `pending` (from the front) the running flush holds. */
  private flushing = 0;
  private flushed: Promise<void> = Promise.resolve();

  constructor(
    private readonly commit: CommitBatch,
    private readonly apply: (changes: ChangeSet) => void,
    /** Told when pending change sets are dropped (a failed commit): what write transactions see changed. */
    private readonly undone: () => void = () => undefined,
  ) {}

  /** Resolves once `changes` is durable and applied; rejects when its batch (or one before) failed. */
  enqueue(changes: ChangeSet): Promise<void> {
    const empty = isEmpty(changes);
    if (empty && !this.pending.length) return Promise.resolve();
    const entry = new Pending(changes, empty);
    this.pending.push(entry);
    if (!this.flushing) this.flushed = this.flush();
    return entry.done;
  }

  /** Resolves once nothing is pending. */
  async drain(): Promise<void> {
    while (this.pending.length) await this.flushed.catch(() => undefined);
  }

  /** Commits everything pending in batches until nothing is left. */
  private async flush(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending.slice();
      this.flushing = batch.length;
      const real = batch.filter((p) => !p.empty).map((p) => p.changes);
      try {
        if (real.length) await this.commit(real);
      } catch (error) {
        // Everything pending was prepared on top of this batch: none of it can become true.
        const failed = this.pending.splice(0);
        this.flushing = 0;
        this.undone();
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

  /** The id of the newest event pending, or undefined when none is. */
  lastEventId(): number | undefined {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const events = this.pending[i]!.changes.events;
      if (events.length) return events[events.length - 1]!.id;
    }
    return undefined;
  }

  /**
   * The newest pending change to a key: a put (its record) or a delete (no `json`), which shadows every
   * older pending put; undefined when no pending change set touches the key.
   */
  change(collection: CollectionName, key: string): RecordChange | undefined {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const found = this.pending[i]!.records(collection).get(key);
      if (found) return found;
    }
    return undefined;
  }

  /** Adds the keys pending change sets put or delete in a collection (candidates, to be looked up). */
  addKeys(collection: CollectionName, into: Set<string>): void {
    for (const p of this.pending) for (const key of p.records(collection).keys()) into.add(key);
  }

  sequence(name: SequenceName): number | undefined {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const found = this.pending[i]!.changes.sequences.find(([n]) => n === name);
      if (found) return found[1];
    }
    return undefined;
  }
}

class Pending {
  readonly done: Promise<void>;
  resolve!: () => void;
  reject!: (error: unknown) => void;
  private byCollection?: Map<CollectionName, Map<string, RecordChange>>;

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

  /** This change set's puts and deletes of one collection, by key (built on first use). */
  records(collection: CollectionName): Map<string, RecordChange> {
    if (!this.byCollection) {
      this.byCollection = new Map();
      for (const change of [...this.changes.puts, ...this.changes.deletes]) {
        let map = this.byCollection.get(change.collection);
        if (!map) this.byCollection.set(change.collection, (map = new Map()));
        map.set(change.key, change);
      }
    }
    return this.byCollection.get(collection) ?? EMPTY;
  }
}

const EMPTY: Map<string, RecordChange> = new Map();
