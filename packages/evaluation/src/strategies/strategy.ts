import type { Runtime } from '../runtime';
import type { EvaluationContext } from '../types';

/** A built-in strategy's own rule, after its constraints held. */
export type StrategyRule = (parameters: Record<string, string>, context: EvaluationContext, runtime: Runtime) => boolean;

/** A parameter list as the SDKs split it: on commas with the spaces around them. */
export const splitList = (list: string): string[] => list.split(/\s*,\s*/);
