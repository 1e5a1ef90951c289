import type { CollectionName, SequenceName } from '@flagadmin/core';
import { isEmpty, type ChangeSet, type PutEntry } from './change-set';

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

  /** A record as the newest pending change set that puts it has it. */
  record(collection: CollectionName, key: string): string | undefined {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const found = this.pending[i]!.puts(collection).get(key);
      if (found) return found.json;
    }
    return undefined;
  }

  /** Adds the keys pending change sets put in a collection. */
  addKeys(collection: CollectionName, into: Set<string>): void {
    for (const p of this.pending) for (const key of p.puts(collection).keys()) into.add(key);
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
