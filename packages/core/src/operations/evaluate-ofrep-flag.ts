import type { Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import { ofrepEvaluation, type OfrepEvaluation } from '../documents/ofrep-evaluation';
import type { AdminContext } from '../runtime/context';
import { clientReader, EVALUATION_CLIENT_SPEC, evaluatorOf } from '../runtime/evaluators';
import type { SdkContext } from '../rules/sdk-context';
import { getClientFeatures } from './client-features';

/**
 * `POST /ofrep/v1/evaluate/flags/:key` (OpenFeature's Remote Evaluation Protocol): one flag for one
 * context, for the key's projects and environment (a key of any type: server SDKs hold client keys,
 * browsers frontend keys). A flag the key does not see is a 404 as an unknown one is.
 */
export async function evaluateOfrepFlag(
  ctx: AdminContext,
  principal: Principal,
  input: { key: string; context: SdkContext },
): Promise<OfrepEvaluation> {
  const entry = evaluatorOf(ctx, await getClientFeatures(ctx, clientReader(principal), { clientSpec: EVALUATION_CLIENT_SPEC }));
  const feature = entry.features.get(input.key);
  const explained = feature && entry.evaluator.explain(input.key, input.context.context);
  if (!feature || !explained) throw new AdminError('NotFoundError', `No flag named "${input.key}" for this key.`);
  return ofrepEvaluation(feature, explained);
}
