import { requireAdminKey, seesAllProjects, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { selectEvents } from '../runtime/event-selection';

/**
 * `listEvents` as the JSON text of the response, spliced from the stored JSON of each event: the
 * HTTP route uses it so a page of events is never parsed and serialized again.
 */
export async function listEventsJson(ctx: AdminContext, principal: Principal, input: { project?: string | null } = {}): Promise<string> {
  requireAdminKey(principal);
  const project = input.project ?? undefined;
  const query = JSON.stringify([project ?? null, seesAllProjects(principal) ? ['*'] : principal.projects]);
  // The revision is read in the same read transaction as the page it keys.
  return ctx.read(async (tx) =>
    ctx.caches.eventPages.get(await tx.revision(), query, async () => {
      const { texts, total } = await selectEvents(tx, principal, project);
      return `{"version":1,"events":[${texts.join(',')}],"totalEvents":${total}}`;
    }),
  );
}
