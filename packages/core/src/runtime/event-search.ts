/**
 * Events by feature and by filter. The storage indexes events by project only (`ReadTx.events`), so a
 * feature's events or a filtered search read a bounded window: the newest EVENT_SCAN_WINDOW events of
 * the projects the query names (or the key sees), keep those that match, and count them as the total.
 * A cheap test on the stored JSON text (it must contain the searched name as a JSON string) spares
 * parsing events that cannot match. Without filters, a page and its total come straight from the index.
 */
import { canSeeProject, seesAllProjects, type Principal } from '../base/auth';
import type { EventRecord } from '../base/records';
import type { EventQuery, ReadTx } from '../base/storage';

/** How many of the newest events a filtered event read looks at. */
export const EVENT_SCAN_WINDOW = 10_000;

export interface EventScan {
  /** Projects to read (the index), or undefined: every project the key sees. */
  projects?: readonly string[];
  /** Strings the event's JSON text must contain (each JSON-encoded), a cheap pre-test. */
  mustContain?: readonly string[];
  /** The exact test on the parsed event. */
  keep?: (event: EventRecord) => boolean;
}

/** The index query for `projects` within the key's scope (`undefined` when it leaves nothing). */
export function scopedQuery(principal: Principal, projects: readonly string[] | undefined): EventQuery | undefined {
  if (projects === undefined) return seesAllProjects(principal) ? {} : { projects: principal.projects };
  const visible = projects.filter((p) => canSeeProject(principal, p));
  return visible.length ? { projects: visible } : undefined;
}

/** The matching events' JSON texts, newest first, from the newest EVENT_SCAN_WINDOW of the selection. */
export async function scanEvents(tx: ReadTx, principal: Principal, scan: EventScan): Promise<string[]> {
  const query = scopedQuery(principal, scan.projects);
  if (!query) return [];
  const texts = await tx.events({ ...query, limit: EVENT_SCAN_WINDOW });
  const needles = (scan.mustContain ?? []).map((s) => JSON.stringify(s));
  const out: string[] = [];
  for (const text of texts) {
    if (!needles.every((n) => text.includes(n))) continue;
    if (scan.keep && !scan.keep(JSON.parse(text) as EventRecord)) continue;
    out.push(text);
  }
  return out;
}
