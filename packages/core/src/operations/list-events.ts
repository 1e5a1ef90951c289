import { canSeeProject, requireAdminKey, seesAllProjects, type Principal } from '../auth';
import type { AdminContext } from '../context';
import type { EventRecord } from '../records';

export interface EventsResponse {
  version: 1;
  events: EventRecord[];
  totalEvents: number;
}

/** How many events the instance-wide list returns (the spec's "last 100"). */
export const LATEST_EVENTS_LIMIT = 100;

/**
 * Without a project: the last 100 events the key may see, newest first. With a project: all of its
 * events (none for an unknown project or one outside the key's scope).
 */
export async function listEvents(ctx: AdminContext, principal: Principal, input: { project?: string | null } = {}): Promise<EventsResponse> {
  requireAdminKey(principal);
  await ctx.ready();
  const project = input.project ?? undefined;
  return ctx.storage.read(async (tx) => {
    if (project !== undefined) {
      if (!canSeeProject(principal, project)) return { version: 1, events: [], totalEvents: 0 };
      const events = await tx.projectEvents(project);
      return { version: 1, events, totalEvents: events.length };
    }
    const query = seesAllProjects(principal) ? {} : { projects: principal.projects };
    const [events, totalEvents] = await Promise.all([
      tx.latestEvents({ ...query, limit: LATEST_EVENTS_LIMIT }),
      tx.countEvents(query),
    ]);
    return { version: 1, events, totalEvents };
  });
}
