import { canSeeProject, requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { eventPage, scopedQuery } from '../runtime/event-search';

/** How many events `getEventsForToggle` answers, newest first (Unleash's page). */
export const FEATURE_EVENTS_LIMIT = 50;

/**
 * `GET /api/admin/events/:featureName` (Unleash's `getEventsForToggle`), as JSON text: `{version: 1,
 * toggleName, events, totalEvents}`, the newest 50 events of the feature and the count of all of them,
 * read through the storage's index by feature (the cost depends on the feature's events, not on the
 * history). As Unleash: every event naming the feature (from projects it was in before a move too), of
 * the projects the key sees; also for a feature that no longer exists. A feature of a project outside
 * the key's scope has none.
 */
export async function getFeatureEventsJson(ctx: AdminContext, principal: Principal, input: { featureName: string }): Promise<string> {
  requireAdminKey(principal);
  const name = input.featureName;
  return ctx.read(async (tx) =>
    ctx.caches.eventPages.get(await tx.revision(), JSON.stringify(['feature', name, principal.id]), async () => {
      const feature = await tx.get('features', name);
      const scope = feature && !canSeeProject(principal, feature.project) ? undefined : scopedQuery(principal, undefined);
      const { texts, total } = scope ? await eventPage(tx, { ...scope, feature: name }, 0, FEATURE_EVENTS_LIMIT) : { texts: [], total: 0 };
      return `{"version":1,"toggleName":${JSON.stringify(name)},"events":[${texts.join(',')}],"totalEvents":${total}}`;
    }),
  );
}
