import { requireAdminKey, type Principal } from '../base/auth';
import type { EventRecord } from '../base/records';
import type { AdminContext } from '../runtime/context';
import { eventPage, scanEvents, scopedQuery } from '../runtime/event-search';
import { DAY, dayStart, keepsValue, paging, parseFilter, POSITIVE, type Filter } from '../rules/search-filter';

const FILTERS = ['feature', 'project', 'type', 'createdBy', 'environment', 'id'] as const;

/**
 * `GET /api/admin/search/events` (Unleash's `searchEvents`), as JSON text `{events, total}`, newest
 * first. Filters as Unleash: `query` (text in who, type, project, feature or environment), `feature`,
 * `project`, `type`, `createdBy` (a key id), `environment`, `id` (`IS:` / `IS_ANY_OF:`), `from` / `to`
 * (`IS:<day>`, `to` inclusive), `offset`, `limit` (50, at most 1000). A bad filter is a 400. Without
 * filters, or with one `feature` alone, the page and total come from the event indexes (by feature: its
 * events, whatever the history); with filters, from the newest events of each feature named, else of the
 * projects named (runtime/event-search.ts: a bounded window, whose matches `total` counts).
 */
export async function searchEventsJson(ctx: AdminContext, principal: Principal, input: { query: URLSearchParams }): Promise<string> {
  requireAdminKey(principal);
  const q = input.query;
  const filters = new Map<string, Filter>();
  for (const name of FILTERS) {
    const filter = parseFilter(q, name, POSITIVE);
    if (filter) filters.set(name, filter);
  }
  const from = parseFilter(q, 'from', ['IS'], DAY);
  const to = parseFilter(q, 'to', ['IS'], DAY);
  const text = q.get('query')?.trim().toLowerCase() || undefined;
  const { offset, limit } = paging(q, { limit: 50, max: 1000 });
  const key = JSON.stringify(['search', principal.id, [...filters], from, to, text, offset, limit]);
  return ctx.read(async (tx) =>
    ctx.caches.eventPages.get(await tx.revision(), key, async () => {
      const projects = filters.get('project')?.values;
      const feature = filters.get('feature');
      const oneFeature = feature?.values.length === 1 && filters.size === 1 ? feature.values[0] : undefined;
      if ((filters.size === 0 || oneFeature !== undefined) && !from && !to && !text) {
        const query = scopedQuery(principal, undefined);
        if (!query) return '{"events":[],"total":0}';
        const { texts, total } = await eventPage(tx, oneFeature === undefined ? query : { ...query, feature: oneFeature }, offset, limit);
        return `{"events":[${texts.join(',')}],"total":${total}}`;
      }
      const after = from ? dayStart(from.values[0]!) : -Infinity;
      const before = to ? dayStart(to.values[0]!) + 86_400_000 : Infinity;
      const field = (e: EventRecord, name: string): string | null => {
        if (name === 'createdBy') return e.createdByUserId === null ? null : String(e.createdByUserId);
        if (name === 'id') return String(e.id);
        if (name === 'feature') return e.featureName;
        return (e as unknown as Record<string, string | null>)[name] ?? null;
      };
      const texts = await scanEvents(tx, principal, {
        projects,
        ...(feature && { features: feature.values }),
        keep: (e) => {
          for (const [name, filter] of filters) if (!keepsValue(filter, field(e, name))) return false;
          const at = Date.parse(e.createdAt);
          if (at < after || at >= before) return false;
          if (text && ![e.createdBy, e.type, e.project, e.featureName, e.environment].some((v) => v?.toLowerCase().includes(text)))
            return false;
          return true;
        },
      });
      return `{"events":[${texts.slice(offset, offset + limit).join(',')}],"total":${texts.length}}`;
    }),
  );
}
