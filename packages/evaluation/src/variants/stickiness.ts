import { contextValue } from '../context-value';
import type { Runtime } from '../runtime';
import type { EvaluationContext } from '../types';

const DEFAULT_FIELDS = ['userId', 'sessionId', 'remoteAddress'] as const;

/**
 * The id a variant is picked by. Stickiness `default` (or none): the first non-empty of userId,
 * sessionId, remoteAddress; any other: that context field. Without one, a random id (a whole number in
 * 0..100000, as text), so the pick is random, as in the SDKs.
 */
export function variantStickinessId(context: EvaluationContext, stickiness: string | undefined, runtime: Runtime): string {
  if (stickiness !== undefined && stickiness !== 'default') {
    return contextValue(context, stickiness) || randomId(runtime);
  }
  for (const field of DEFAULT_FIELDS) {
    const value = context[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return randomId(runtime);
}

const randomId = (runtime: Runtime): string => String(Math.round(runtime.random() * 100000));
