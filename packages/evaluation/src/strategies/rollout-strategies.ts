/**
 * The percentage strategies: gradualRolloutUserId, gradualRolloutSessionId, gradualRolloutRandom and
 * flexibleRollout. A stickiness id is hashed with the group id into 1..100 (seed 0) and is in when at
 * most the percentage; a percentage that is no number, or 0, lets no one in.
 */
import { contextValue } from '../context-value';
import { normalizedValue } from '../hash';
import type { Runtime } from '../runtime';
import type { EvaluationContext } from '../types';
import type { StrategyRule } from './strategy';

const inRollout = (id: string, groupId: string, percentage: number): boolean =>
  percentage > 0 && normalizedValue(id, groupId) <= percentage;

export const gradualRolloutUserId: StrategyRule = (parameters, context) =>
  !!context.userId && inRollout(context.userId, parameters.groupId || '', Number(parameters.percentage));

export const gradualRolloutSessionId: StrategyRule = (parameters, context) =>
  !!context.sessionId && inRollout(context.sessionId, parameters.groupId || '', Number(parameters.percentage));

/** In when the percentage is at least a random whole number in 1..100. */
export const gradualRolloutRandom: StrategyRule = (parameters, _context, runtime) =>
  Number(parameters.percentage) >= Math.floor(runtime.random() * 100) + 1;

/** A random stickiness id, as the SDK draws one (a whole number in 1..10001, as text). */
const randomId = (runtime: Runtime): string => `${Math.round(runtime.random() * 10000) + 1}`;

function stickinessId(stickiness: string, context: EvaluationContext, runtime: Runtime): string | undefined {
  if (stickiness === 'default') return context.userId || context.sessionId || randomId(runtime);
  if (stickiness === 'random') return randomId(runtime);
  return contextValue(context, stickiness);
}

/**
 * flexibleRollout: stickiness `default` (userId, else sessionId, else random), `random`, or any context
 * field (off when the context lacks it). Without a groupId the group is '' as in unleash-client
 * (Unleash always stores one: the feature's name).
 */
export const flexibleRollout: StrategyRule = (parameters, context, runtime) => {
  const id = stickinessId(parameters.stickiness || 'default', context, runtime);
  return !!id && inRollout(id, parameters.groupId || '', Number(parameters.rollout));
};
