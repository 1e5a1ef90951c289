/**
 * Events by feature and by filter. The storage indexes events by project and by feature name
 * (`ReadTx.events`): a feature's events are read through its index, newest first, whatever the length
 * of the history. A filtered search reads a bounded window: the newest EVENT_SCAN_WINDOW events of each
 * feature it names (through that index), or else of the projects the query names (or the key sees),
 * keeps those that match, and counts them as the total. Without filters, or with one feature alone, a
 * page and its total come straight from the indexes.
 */
import { canSeeProject, seesAllProjects, type Principal } from '../base/auth';
import type { EventRecord } from '../base/records';
import type { EventQuery, ReadTx } from '../base/storage';

/** How many of the newest events a filtered event read looks at (per feature named, when it names features). */
export const EVENT_SCAN_WINDOW = 10_000;

export interface EventScan {
  /** Projects to read (the index), or undefined: every project the key sees. */
  projects?: readonly string[];
  /** Only events of these features, read through the index by feature (each its newest EVENT_SCAN_WINDOW). */
  features?: readonly string[];
  /** The exact test on the parsed event. */
  keep?: (event: EventRecord) => boolean;
}

/** The index query for `projects` within the key's scope (`undefined` when it leaves nothing). */
export function scopedQuery(principal: Principal, projects: readonly string[] | undefined): EventQuery | undefined {
  if (projects === undefined) return seesAllProjects(principal) ? {} : { projects: principal.projects };
  const visible = projects.filter((p) => canSeeProject(principal, p));
  return visible.length ? { projects: visible } : undefined;
}

/** One page (`offset`, `limit`) of the events of the query, newest first, and how many there are: from the indexes alone. */
export async function eventPage(tx: ReadTx, query: EventQuery, offset: number, limit: number): Promise<{ texts: string[]; total: number }> {
  const total = await tx.countEvents(query);
  if (offset >= total || limit <= 0) return { texts: [], total };
  return { texts: (await tx.events({ ...query, limit: offset + limit })).slice(offset), total };
}

/** The matching events' JSON texts, newest first, from the newest EVENT_SCAN_WINDOW of the selection. */
export async function scanEvents(tx: ReadTx, principal: Principal, scan: EventScan): Promise<string[]> {
  const query = scopedQuery(principal, scan.projects);
  if (!query) return [];
  const features = scan.features && [...new Set(scan.features)];
  const texts = features
    ? (await Promise.all(features.map((feature) => tx.events({ ...query, feature, limit: EVENT_SCAN_WINDOW })))).flat()
    : await tx.events({ ...query, limit: EVENT_SCAN_WINDOW });
  const found: { id: number; text: string }[] = [];
  for (const text of texts) {
    const event = JSON.parse(text) as EventRecord;
    if (scan.keep && !scan.keep(event)) continue;
    found.push({ id: event.id, text });
  }
  // Several features' events are merged: newest first again.
  if (features && features.length > 1) found.sort((a, b) => b.id - a.id);
  return found.map((f) => f.text);
}
