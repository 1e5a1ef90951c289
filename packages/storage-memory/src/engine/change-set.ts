import { COLLECTIONS, type CollectionName, type Collections, type NewEvent, type SequenceName } from '@flagadmin/core';

/**
 * An event ready to commit: its id, its project and feature name (for the indexes) and its JSON text,
 * which starts with `{"id":<id>,"project":<project>` (so a disk log can index a line without parsing it).
 */
export interface PreparedEvent {
  id: number;
  project: string | null;
  feature: string | null;
  json: string;
}

/** One record written by a transaction: its key, the projects it is indexed under, its JSON text. */
export interface PutEntry {
  collection: CollectionName;
  key: string;
  projects: readonly string[] | undefined;
  json: string;
}

/** One record removed by a transaction: its collection and key (`json` is never set: nothing is stored). */
export interface DeleteEntry {
  collection: CollectionName;
  key: string;
  json?: undefined;
}

/** The last change a transaction made to one key: a put, or a delete (no `json`). */
export type RecordChange = PutEntry | DeleteEntry;

/**
 * Everything one write transaction changes; applied as a whole, or not at all. A key is in `puts` or
 * in `deletes`, never both (the transaction's last change to it), so their order does not matter.
 */
export interface ChangeSet {
  puts: PutEntry[];
  deletes: DeleteEntry[];
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

export type AnyRecord = Collections[CollectionName];
export type CollectionDef = { key(r: AnyRecord): string; projects?(r: AnyRecord): readonly string[] };
export const defOf = (c: CollectionName): CollectionDef => COLLECTIONS[c] as CollectionDef;

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
export interface PendingEvent {
  project: string | null;
  /** Its `featureName` when that is text (the index by feature), else null. */
  feature: string | null;
  /** JSON text of the event's other fields. */
  body: string;
}

export function pendingEvent(event: NewEvent): PendingEvent {
  const { project, ...rest } = event as NewEvent & { id?: unknown };
  delete (rest as { id?: unknown }).id;
  return { project, feature: typeof rest.featureName === 'string' ? rest.featureName : null, body: JSON.stringify(rest) };
}

/** The event's JSON text with its id, `id` and `project` first. */
export function eventJson(id: number, e: PendingEvent): string {
  return `{"id":${id},"project":${JSON.stringify(e.project)}${e.body.length > 2 ? `,${e.body.slice(1)}` : '}'}`;
}

/** Whether a change set changes nothing (a write transaction that only read). */
export const isEmpty = (changes: ChangeSet): boolean =>
  !changes.puts.length && !changes.deletes.length && !changes.events.length && !changes.sequences.length;
