import type { Principal } from '../base/auth';
import { playgroundEnvironment, type PlaygroundFeature } from '../documents/playground-feature';
import type { AdminContext } from '../runtime/context';
import { readPlayground } from '../runtime/playground-read';
import { contextFromBody } from '../rules/sdk-context';
import { assertValid } from '../schemas/validation';
import { limitExceeded } from '../base/limits';

interface PlaygroundRequest {
  environment: string;
  projects?: string[] | '*';
  context: Record<string, unknown>;
}

/**
 * `POST /api/admin/playground` (Unleash's getPlayground): every flag of the asked projects in one
 * environment, evaluated for one context, with why (strategy by strategy, constraint by constraint).
 * Any admin key; it sees its own projects. Bounded by `playgroundEvaluations` (flags).
 */
export async function getPlayground(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown },
): Promise<{ input: unknown; features: PlaygroundFeature[] }> {
  assertValid<PlaygroundRequest>('playgroundRequest', input.body, 'playground request');
  const body = input.body;
  const { context } = contextFromBody(body.context, ctx.limits);
  const { features, segments } = await readPlayground(ctx, principal, body.projects, [body.environment]);
  const limit = ctx.limits.playgroundEvaluations;
  if (features.length > limit) throw limitExceeded('playgroundEvaluations', limit, `Too many evaluations (${features.length})`);
  const environment = playgroundEnvironment(body.environment, features, segments);
  return { input: body, features: features.map((f) => environment.evaluate(f, context)) };
}
