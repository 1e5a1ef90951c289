/**
 * DATE_AFTER, DATE_BEFORE: compare the context's `currentTime` (the clock when absent) with the
 * constraint's date, whatever the constraint's contextName, as the SDKs do. An unreadable date on
 * either side matches neither.
 */
import type { Runtime } from '../runtime';
import type { EvaluationContext } from '../types';
import type { Operator } from './operator';

function currentTime(context: EvaluationContext, runtime: Runtime): Date {
  return context.currentTime ? new Date(context.currentTime) : runtime.now();
}

export const dateAfter: Operator = (constraint, context, runtime) => currentTime(context, runtime) > new Date(constraint.value ?? '');

export const dateBefore: Operator = (constraint, context, runtime) => currentTime(context, runtime) < new Date(constraint.value ?? '');
