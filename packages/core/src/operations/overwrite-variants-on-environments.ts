import { requireUpdateFeatureEnvironment, type Principal } from '../base/auth';
import { badData } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import { environmentOf } from '../runtime/lookups';
import { assertValid } from '../schemas/validation';
import { writeFeature, type FeatureWriteResult } from '../writes/feature-write';
import { replaceVariants, type FeatureVariants } from '../writes/replace-variants';
import { requireDirectWriteAllowed } from '../writes/write-origin';
import type { EventInput } from '../runtime/emit';

export interface OverwriteVariantsInput {
  projectId: string;
  featureName: string;
  /** `{variants, environments}` */
  body: unknown;
  ifMatch?: string | null;
}

/**
 * `PUT .../features/:featureName/variants-batch`: one variants set onto each named environment (as PUT
 * `.../environments/:environment/variants` for each, in one write); no environment named is a 400, as Unleash.
 */
export async function overwriteVariantsOnEnvironments(
  ctx: AdminContext,
  principal: Principal,
  input: OverwriteVariantsInput,
): Promise<FeatureWriteResult<FeatureVariants>> {
  assertValid<{ variants?: unknown[]; environments?: string[] }>('pushVariantsBody', input.body, 'variants');
  const environments = [...new Set(input.body.environments ?? [])];
  if (environments.length === 0) throw badData('No environments provided.', [{ message: 'no environment', path: '/environments' }]);
  for (const environment of environments) requireUpdateFeatureEnvironment(principal, input.projectId, environment);
  const variants = input.body.variants ?? [];
  const origin = { principal };
  return ctx.write((tx) =>
    writeFeature(tx, ctx, origin, input, async ({ feature, limits }) => {
      const project = (await tx.get('projects', input.projectId))!;
      const events: EventInput[] = [];
      let result: FeatureVariants = { version: 1, variants: [] };
      for (const environment of environments) {
        await requireDirectWriteAllowed(tx, origin, input.projectId, environment);
        const state = environmentOf(feature, environment);
        const out = await replaceVariants({ tx, project, feature, state, limits }, variants);
        result = out.result;
        events.push(...out.events.map((e) => ({ ...e, environment })));
      }
      return { result, events };
    }),
  );
}
