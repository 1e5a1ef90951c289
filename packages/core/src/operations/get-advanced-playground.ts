import type { Principal } from '../base/auth';
import { limitExceeded } from '../base/limits';
import { playgroundEnvironment, type PlaygroundFeature } from '../documents/playground-feature';
import type { AdminContext } from '../runtime/context';
import { readPlayground } from '../runtime/playground-read';
import { contextCombinations } from '../rules/context-combinations';
import { assertValid } from '../schemas/validation';

interface AdvancedPlaygroundRequest {
  environments: string[];
  projects?: string[] | '*';
  context: Record<string, unknown>;
}

type EnvironmentFeature = PlaygroundFeature & { environment: string; context: Record<string, string> };

/**
 * `POST /api/admin/playground/advanced` (Unleash's getAdvancedPlayground): every flag of the asked
 * projects in each asked environment, for every context the request describes: a value with commas
 * (`userId: "a,b"`) is one context per part, and every combination of such values is evaluated, as
 * Unleash does. Context fields that are not text are left out and named in `warnings`. Refused with a
 * 400 naming `playgroundEvaluations` when environments x flags x contexts exceeds it (Unleash's 15,000).
 */
export async function getAdvancedPlayground(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown },
): Promise<{
  input: unknown;
  features: { name: string; projectId: string; environments: Record<string, EnvironmentFeature[]> }[];
  warnings?: { invalidContextProperties: string[] };
}> {
  assertValid<AdvancedPlaygroundRequest>('advancedPlaygroundRequest', input.body, 'playground request');
  const body = input.body;
  const environments = [...new Set(body.environments)];
  const { features, segments } = await readPlayground(ctx, principal, body.projects, environments);
  const limit = ctx.limits.playgroundEvaluations;
  const perContext = environments.length * features.length;
  const { contexts, removed } = contextCombinations(body.context, ctx.limits, (count) => {
    if (count * perContext > limit) {
      throw limitExceeded(
        'playgroundEvaluations',
        limit,
        `Too many evaluations (${environments.length} environments x ${features.length} flags x ${count} or more contexts)`,
      );
    }
  });
  const results = features.map((f) => ({
    name: f.name,
    projectId: f.project,
    environments: Object.fromEntries(environments.map((e) => [e, [] as EnvironmentFeature[]])),
  }));
  for (const name of environments) {
    const environment = playgroundEnvironment(name, features, segments);
    for (const { flat, context } of contexts) {
      features.forEach((f, i) => {
        results[i]!.environments[name]!.push({ ...environment.evaluate(f, context), environment: name, context: flat });
      });
    }
  }
  return { input: body, features: results, ...(removed.length ? { warnings: { invalidContextProperties: removed } } : {}) };
}
