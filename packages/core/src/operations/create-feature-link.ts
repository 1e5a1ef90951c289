import { requireUpdateFeature, type Principal } from '../base/auth';
import type { FeatureLink } from '../base/records';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { addLinkEdit } from '../writes/feature-lifecycle-edits';
import { writeFeature } from '../writes/feature-write';

/**
 * `POST .../features/:featureName/link` `{url, title?}` (204): a link on the feature, its URL normalized
 * as Unleash does (`https://` added when no scheme; http(s) only, else 400); at most 10 (403 beyond).
 */
export async function createFeatureLink(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string; body: unknown },
): Promise<FeatureLink> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<{ url: string; title?: string | null }>('linkBody', input.body, 'link');
  const edit = addLinkEdit(input.body);
  return (await ctx.write((tx) => writeFeature(tx, ctx, { principal }, input, edit))).result;
}
