/** Which events a key's query selects: shared by the parsed and the spliced-text event lists. */
import { canSeeProject, seesAllProjects, type Principal } from '../base/auth';
import type { EventRecord } from '../base/records';
import type { ReadTx } from '../base/storage';

export interface EventsResponse {
  version: 1;
  events: EventRecord[];
  totalEvents: number;
}

/** How many events the instance-wide list returns (the spec's "last 100"). */
export const LATEST_EVENTS_LIMIT = 100;

/** The events the query selects, as the JSON text the storage keeps, newest first, and their total. */
export async function selectEvents(
  tx: ReadTx,
  principal: Principal,
  project: string | undefined,
): Promise<{ texts: string[]; total: number }> {
  if (project !== undefined) {
    if (!canSeeProject(principal, project)) return { texts: [], total: 0 };
    const texts = await tx.events({ projects: [project] });
    return { texts, total: texts.length };
  }
  const query = seesAllProjects(principal) ? {} : { projects: principal.projects };
  const [texts, total] = await Promise.all([tx.events({ ...query, limit: LATEST_EVENTS_LIMIT }), tx.countEvents(query)]);
  return { texts, total };
}
