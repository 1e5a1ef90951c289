import { randomHex, requireFrontendKey, type Principal } from '../base/auth';
import { frontendToggle } from '../documents/frontend-toggle';
import type { EvaluatedAnswer } from '../runtime/caches';
import type { AdminContext } from '../runtime/context';
import { clientReader, EVALUATION_CLIENT_SPEC, evaluatorOf } from '../runtime/evaluators';
import type { SdkContext } from '../rules/sdk-context';
import { getClientFeatures } from './client-features';

/**
 * `GET` and `POST /api/frontend`: the flags that are on for one context, evaluated on the server as
 * the SDKs do, for the key's projects and environment (frontend keys; admin keys too, as Unleash).
 * A context without `sessionId` gets a random one, as Unleash gives it, so default stickiness spreads
 * such requests at random. The answer is JSON text with its ETag; one that depends on the context
 * and the stored flags only is kept for the next request with the same context until the flags change.
 */
export async function getFrontendFeatures(
  ctx: AdminContext,
  principal: Principal,
  input: { context: SdkContext },
): Promise<EvaluatedAnswer> {
  requireFrontendKey(principal);
  const state = await getClientFeatures(ctx, clientReader(principal), { clientSpec: EVALUATION_CLIENT_SPEC });
  const entry = evaluatorOf(ctx, state);
  const cacheKey = `frontend ${entry.stateTag} ${input.context.key}`;
  const kept = ctx.caches.evaluatedAnswers.peek(0, cacheKey);
  if (kept) return kept;
  const { context, sessionRead } = withSession(input.context.context);
  const { value: toggles, volatile } = entry.run((evaluator) =>
    evaluator
      .evaluateAll(context)
      .filter((evaluation) => evaluation.enabled)
      .map(frontendToggle),
  );
  const text = JSON.stringify({ toggles });
  const answer: EvaluatedAnswer = { text, etag: await ctx.answerTag(text) };
  if (!volatile && !sessionRead()) ctx.caches.evaluatedAnswers.set(0, cacheKey, answer);
  return answer;
}

/**
 * The context with a random `sessionId` when it has none (18 random bytes in hex, as Unleash), read
 * through a getter so the caller knows whether any evaluation used it (then the answer is this
 * request's only).
 */
function withSession<C extends { sessionId?: string }>(context: C): { context: C; sessionRead: () => boolean } {
  if (context.sessionId) return { context, sessionRead: () => false };
  let read = false;
  let id: string | undefined;
  const copy = { ...context };
  Object.defineProperty(copy, 'sessionId', {
    enumerable: true,
    get() {
      read = true;
      id ??= randomHex(18);
      return id;
    },
  });
  return { context: copy, sessionRead: () => read };
}
