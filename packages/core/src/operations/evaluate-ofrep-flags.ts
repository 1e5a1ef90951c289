import type { Principal } from '../base/auth';
import { ofrepEvaluation } from '../documents/ofrep-evaluation';
import type { EvaluatedAnswer } from '../runtime/caches';
import type { AdminContext } from '../runtime/context';
import { clientReader, EVALUATION_CLIENT_SPEC, evaluatorOf } from '../runtime/evaluators';
import type { SdkContext } from '../rules/sdk-context';
import { getClientFeatures } from './client-features';

/**
 * `POST /ofrep/v1/evaluate/flags` (OFREP's bulk evaluation): every flag the key sees, for one context,
 * as JSON text with its ETag (a web provider polls with If-None-Match). An answer that depends on the
 * context and the stored flags only is kept for the same context until the flags change.
 */
export async function evaluateOfrepFlags(
  ctx: AdminContext,
  principal: Principal,
  input: { context: SdkContext },
): Promise<EvaluatedAnswer> {
  const entry = evaluatorOf(ctx, await getClientFeatures(ctx, clientReader(principal), { clientSpec: EVALUATION_CLIENT_SPEC }));
  const cacheKey = `ofrep ${entry.stateTag} ${input.context.key}`;
  const kept = ctx.caches.evaluatedAnswers.peek(0, cacheKey);
  if (kept) return kept;
  const { value: flags, volatile } = entry.run((evaluator) =>
    [...entry.features.values()].map((feature) => ofrepEvaluation(feature, evaluator.explain(feature.name, input.context.context)!)),
  );
  const text = JSON.stringify({ flags });
  const answer: EvaluatedAnswer = { text, etag: await ctx.answerTag(text) };
  if (!volatile) ctx.caches.evaluatedAnswers.set(0, cacheKey, answer);
  return answer;
}
