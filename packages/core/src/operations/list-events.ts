import { canSeeProject, requireAdminKey, seesAllProjects, type Principal } from '../auth';
import type { AdminContext } from '../context';
import type { EventRecord } from '../records';
import type { ReadTx } from '../storage';
import { cachePerContext } from '../revision-cache';

export interface EventsResponse {
  version: 1;
  events: EventRecord[];
  totalEvents: number;
}

/** How many events the instance-wide list returns (the spec's "last 100"). */
export const LATEST_EVENTS_LIMIT = 100;

/** The events the query selects, as the JSON text the storage keeps, newest first, and their total. */
async function selectEvents(tx: ReadTx, principal: Principal, project: string | undefined): Promise<{ texts: string[]; total: number }> {
  if (project !== undefined) {
    if (!canSeeProject(principal, project)) return { texts: [], total: 0 };
    const texts = await tx.events({ projects: [project] });
    return { texts, total: texts.length };
  }
  const query = seesAllProjects(principal) ? {} : { projects: principal.projects };
  const [texts, total] = await Promise.all([tx.events({ ...query, limit: LATEST_EVENTS_LIMIT }), tx.countEvents(query)]);
  return { texts, total };
}

/**
 * Without a project: the last 100 events the key may see, newest first. With a project: all of its
 * events (none for an unknown project or one outside the key's scope).
 */
export async function listEvents(ctx: AdminContext, principal: Principal, input: { project?: string | null } = {}): Promise<EventsResponse> {
  requireAdminKey(principal);
  await ctx.ready();
  const { texts, total } = await ctx.storage.read((tx) => selectEvents(tx, principal, input.project ?? undefined));
  return { version: 1, events: texts.map((t) => JSON.parse(t) as EventRecord), totalEvents: total };
}

/** Response texts by storage revision and query: the same page is asked again and again between writes. */
const pages = cachePerContext<string>();

/**
 * `listEvents` as the JSON text of the response, spliced from the stored JSON of each event: the
 * HTTP route uses it so a page of events is never parsed and serialized again.
 */
export async function listEventsJson(ctx: AdminContext, principal: Principal, input: { project?: string | null } = {}): Promise<string> {
  requireAdminKey(principal);
  await ctx.ready();
  const project = input.project ?? undefined;
  const query = JSON.stringify([project ?? null, seesAllProjects(principal) ? ['*'] : principal.projects]);
  // The revision is read in the same read transaction as the page it keys.
  return ctx.storage.read(async (tx) =>
    pages(ctx).get(await tx.revision(), query, async () => {
      const { texts, total } = await selectEvents(tx, principal, project);
      return `{"version":1,"events":[${texts.join(',')}],"totalEvents":${total}}`;
    }),
  );
}
