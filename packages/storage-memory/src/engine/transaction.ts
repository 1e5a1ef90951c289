import type { CollectionName, Collections, EventQuery, NewEvent, SequenceName, WriteTx } from '@flagadmin/core';
import { defOf, pendingEvent, putEntry, type AnyRecord, type PendingEvent, type RecordChange } from './change-set';
import type { ReadSnapshot } from './committed-state';
import { belowCursor, type EventStore } from './event-store';

/** A write transaction's own changes, seen only by it until its change set is prepared. */
export class Overlay {
  /** The last put or delete of each key, by collection. */
  readonly records = new Map<CollectionName, Map<string, RecordChange>>();
  readonly events: PendingEvent[] = [];
  readonly sequences = new Map<SequenceName, number>();
}

/**
 * What a transaction needs of the engine: made once, shared by every transaction (no closures per
 * transaction). A read transaction passes its snapshot; a write transaction its overlay.
 */
export interface EngineView {
  readonly events: EventStore;
  /** The JSON text of a record as the transaction sees it. */
  lookup(overlay: Overlay | undefined, snapshot: ReadSnapshot | undefined, collection: CollectionName, key: string): string | undefined;
  /** The keys a transaction may see in a collection (of one project's index), sorted in code-unit order. */
  keys(
    overlay: Overlay | undefined,
    snapshot: ReadSnapshot | undefined,
    collection: CollectionName,
    where: { project: string } | undefined,
  ): string[];
  revision(): number;
  /**
   * ReadTx.collectionVersion: write transactions only (a read's snapshot may be older than the
   * engine's tokens), and none for a collection the transaction changed itself.
   */
  version(overlay: Overlay | undefined, collection: CollectionName): object | undefined;
  /** The id of the last event of the committed state and the change sets still being made durable. */
  lastEventId(): number;
  nextSequence(overlay: Overlay, name: SequenceName): number;
}

const parse = <T>(json: string): T => JSON.parse(json) as T;

/**
 * A read transaction (a snapshot, no overlay) or a write transaction (its changes collect in the
 * overlay; it reads the committed state plus the change sets still being made durable).
 */
export class Tx implements WriteTx {
  constructor(
    private readonly view: EngineView,
    private readonly overlay: Overlay | undefined,
    private readonly snapshot: ReadSnapshot | undefined,
  ) {}

  async get<C extends CollectionName>(collection: C, key: string): Promise<Collections[C] | undefined> {
    const found = this.view.lookup(this.overlay, this.snapshot, collection, key);
    return found === undefined ? undefined : parse<Collections[C]>(found);
  }

  async list<C extends CollectionName>(collection: C, where?: { project: string }): Promise<Collections[C][]> {
    const def = defOf(collection);
    const out: Collections[C][] = [];
    for (const key of this.view.keys(this.overlay, this.snapshot, collection, where)) {
      const text = this.view.lookup(this.overlay, this.snapshot, collection, key);
      if (text === undefined) continue;
      const record = parse<Collections[C]>(text);
      if (where && !def.projects!(record as AnyRecord).includes(where.project)) continue;
      out.push(record);
    }
    return out;
  }

  events({ projects, feature, before, limit }: EventQuery): Promise<string[]> {
    const upTo = belowCursor(this.eventsSeen(), before);
    if (feature !== undefined) return this.view.events.ofFeature(feature, projects, limit ?? Infinity, upTo);
    if (limit === undefined && projects?.length === 1) return this.view.events.ofProject(projects[0]!, upTo);
    return this.view.events.latest(limit ?? Infinity, projects, upTo);
  }

  async countEvents({ projects, feature, before }: EventQuery): Promise<number> {
    // A write sees the change sets before it that are still being made durable, so its own events get the next ids.
    if (this.overlay && !projects && feature === undefined) return belowCursor(this.view.lastEventId(), before);
    const upTo = belowCursor(this.eventsSeen(), before);
    if (feature !== undefined) return this.view.events.countOfFeature(feature, projects, upTo);
    return this.view.events.count(projects, upTo);
  }

  async revision(): Promise<number> {
    return this.snapshot ? this.snapshot.revision : this.view.revision();
  }

  collectionVersion(collection: CollectionName): object | undefined {
    return this.view.version(this.overlay, collection);
  }

  /** How many events this transaction sees: those of its snapshot, or every committed one. */
  private eventsSeen(): number {
    return this.snapshot ? this.snapshot.events : this.view.events.lastId;
  }

  async put<C extends CollectionName>(collection: C, record: Collections[C]): Promise<void> {
    this.record(putEntry(collection, record));
  }

  async delete<C extends CollectionName>(collection: C, key: string): Promise<void> {
    this.record({ collection, key });
  }

  async appendEvent(event: NewEvent): Promise<void> {
    // Serialized now: a caller changing the object later changes nothing.
    this.writable().events.push(pendingEvent(event));
  }

  async nextSequence(name: SequenceName): Promise<number> {
    return this.view.nextSequence(this.writable(), name);
  }

  /** Keeps a change as the last one to its key in this transaction. */
  private record(change: RecordChange): void {
    const overlay = this.writable();
    let map = overlay.records.get(change.collection);
    if (!map) overlay.records.set(change.collection, (map = new Map()));
    map.set(change.key, change);
  }

  private writable(): Overlay {
    if (!this.overlay) throw new TypeError('a read transaction cannot write');
    return this.overlay;
  }
}
