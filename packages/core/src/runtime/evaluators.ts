/**
 * The evaluation engine (@flagadmin/evaluation) over what the client API serves: one evaluator per
 * client-features answer, kept by that answer's ETag (a hash of its text) at revision 0. SDK reports
 * move the revision without changing what a key reads; the answer's text, hence its ETag, stays, and
 * so does the evaluator (its flags indexed and its REGEX patterns compiled once).
 *
 * Each evaluator notes whether an evaluation drew a random number (random stickiness, a missing
 * stickiness id, gradualRolloutRandom) or read the clock (DATE_* constraints without `currentTime`):
 * such an answer holds for that request only and is never kept.
 */
import { createEvaluator, type Evaluator } from '@flagadmin/evaluation';
import type { Principal } from '../base/auth';
import type { ClientFeature } from '../documents/client-feature';
import type { ClientFeaturesAnswer } from './caches';
import type { AdminContext } from './context';

export interface EvaluationEntry {
  evaluator: Evaluator;
  /** The client-features answer's ETag: names the state evaluated. */
  stateTag: string;
  /** The flags evaluated, by name, as the client API serves them. */
  features: ReadonlyMap<string, ClientFeature>;
  /** Runs `evaluate` and tells whether its answer depends on this request only (randomness, the clock). */
  run<T>(evaluate: (evaluator: Evaluator) => T): { value: T; volatile: boolean };
}

/**
 * What the frontend API and OFREP evaluate for a key: what a client key of the same scope (projects,
 * environment) reads from the client API, with segments by id.
 */
export const clientReader = (principal: Principal): Principal => ({ ...principal, type: 'backend', role: null });

/** The `Unleash-Client-Spec` the state is read with: segments served by id, once each. */
export const EVALUATION_CLIENT_SPEC = '5.0.0';

/** The evaluator of a client-features answer (made once per answer text). */
export function evaluatorOf(ctx: AdminContext, answer: ClientFeaturesAnswer): EvaluationEntry {
  const kept = ctx.caches.evaluators.peek(0, answer.etag);
  if (kept) return kept;
  let volatile = false;
  const evaluator = createEvaluator(
    { features: answer.body.features, segments: answer.body.segments ?? [] },
    {
      random: () => {
        volatile = true;
        return Math.random();
      },
      now: () => {
        volatile = true;
        return ctx.now();
      },
    },
  );
  const entry: EvaluationEntry = {
    evaluator,
    stateTag: answer.etag,
    features: new Map(answer.body.features.map((f) => [f.name, f])),
    run(evaluate) {
      volatile = false;
      const value = evaluate(evaluator);
      return { value, volatile };
    },
  };
  ctx.caches.evaluators.set(0, answer.etag, entry);
  return entry;
}

/** A weak ETag of an answer's text. */
