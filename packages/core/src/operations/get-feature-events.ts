import { canSeeProject, requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { scanEvents } from '../runtime/event-search';

/** How many events `getEventsForToggle` answers, newest first (Unleash's page). */
export const FEATURE_EVENTS_LIMIT = 50;

/**
 * `GET /api/admin/events/:featureName` (Unleash's `getEventsForToggle`), as JSON text: `{version: 1,
 * toggleName, events, totalEvents}`, the newest 50 events of the feature. Read from the newest events
 * of the feature's project (runtime/event-search.ts: a bounded window; `totalEvents` counts the
 * feature's events in it); for a feature that no longer exists, from the newest events the key sees.
 * A feature of a project outside the key's scope has none.
 */
export async function getFeatureEventsJson(ctx: AdminContext, principal: Principal, input: { featureName: string }): Promise<string> {
  requireAdminKey(principal);
  const name = input.featureName;
  return ctx.read(async (tx) =>
    ctx.caches.eventPages.get(await tx.revision(), JSON.stringify(['feature', name, principal.id]), async () => {
      const feature = await tx.get('features', name);
      const projects = feature ? (canSeeProject(principal, feature.project) ? [feature.project] : []) : undefined;
      const texts = await scanEvents(tx, principal, { projects, mustContain: [name], keep: (e) => e.featureName === name });
      return `{"version":1,"toggleName":${JSON.stringify(name)},"events":[${texts.slice(0, FEATURE_EVENTS_LIMIT).join(',')}],"totalEvents":${texts.length}}`;
    }),
  );
}
