import { requireAdminKey, seesAllProjects, type Principal } from '../base/auth';
import { avatarUrl } from '../base/avatar';
import { searchedFeature, type SearchedFeature } from '../documents/search-document';
import type { AdminContext } from '../runtime/context';
import { readFeatureLifetimes } from '../runtime/feature-lifetimes';
import { environments } from '../runtime/lookups';
import { tagTypeColors } from '../runtime/tag-lookups';
import { matchPage } from '../rules/search-match';
import { planSearch } from '../rules/search-plan';
import { liveSegments } from '../rules/segment-lookup';

export interface SearchFeaturesResult {
  features: SearchedFeature[];
  total: number;
}

/**
 * `GET /api/admin/search/features` (Unleash's `searchFeatures`), across the projects the key sees.
 * Parameters as Unleash 8.2.0: `query` (comma-separated words in the name or description), `project`,
 * `type`, `createdBy`, `lifecycle` (`IS:`, `IS_NOT:`, `IS_ANY_OF:`, `IS_NONE_OF:`), `state`
 * (`active`, `stale`, `potentially-stale`), `tag` (`INCLUDE:`... with `type:value`), `status`
 * (`<environment>:enabled|disabled`, repeated), `archived` (`IS:true|false`; archived flags only when
 * true), `favorite`, `createdAt` (`IS_BEFORE:` / `IS_ON_OR_AFTER:<day>`), `sortBy` (createdAt, name,
 * type, stale, project, lastSeenAt, `environment:<name>`), `sortOrder`, `offset`, `limit` (50, at most
 * 100). A bad filter is a 400; an offset past the end is an empty page with the total.
 *
 * Served from the search index (runtime/feature-index.ts: postings per filter value, every sort order kept
 * sorted, names and descriptions by trigram): the page and the total come from the smallest candidate set
 * of the filters and the chosen order (rules/search-match.ts), never from a pass over every feature (but
 * for filters that only exclude, or a `query` word under three characters); only the page's features are read.
 */
export async function searchFeatures(
  ctx: AdminContext,
  principal: Principal,
  input: { query: URLSearchParams },
): Promise<SearchFeaturesResult> {
  requireAdminKey(principal);
  const plan = planSearch(input.query);
  const key = JSON.stringify([seesAllProjects(principal) ? ['*'] : principal.projects, [...input.query].sort()]);
  return ctx.read(async (tx) => {
    const revision = await tx.revision();
    return ctx.caches.searchPages.get(revision, key, async () => {
      const index = ctx.caches.featureIndex;
      await index.refresh(tx);
      const scope = {
        projects: seesAllProjects(principal) ? undefined : principal.projects,
        now: ctx.now(),
        lifetimes: await readFeatureLifetimes(tx),
      };
      const { rows, total } = matchPage(index, plan.clauses(index, scope), plan);
      const envs = await environments(tx);
      const colors = await tagTypeColors(tx);
      const segmentNames = new Map((await liveSegments(tx)).map((s) => [s.id, s.name]));
      const images = new Map<string, Promise<string>>();
      const features: SearchedFeature[] = [];
      for (const row of rows) {
        const record = await tx.get('features', row.name);
        if (!record) continue;
        const creator = record.createdBy?.name ?? 'unknown';
        if (!images.has(creator)) images.set(creator, avatarUrl(creator));
        features.push(searchedFeature(record, { environments: envs, colors, segmentNames, imageUrl: await images.get(creator)! }));
      }
      return { features, total };
    }) as Promise<SearchFeaturesResult>;
  });
}
