import type { Runtime } from '../runtime';
import type { EvaluationConstraint, EvaluationContext } from '../types';

/** One constraint operator, before `inverted` is applied. */
export type Operator = (constraint: EvaluationConstraint, context: EvaluationContext, runtime: Runtime) => boolean;

/** A constraint's list with empty entries dropped and the rest trimmed, as the SDKs read it. */
export const cleanValues = (values: readonly string[] | undefined): string[] => (values ?? []).filter((v) => !!v).map((v) => v.trim());
