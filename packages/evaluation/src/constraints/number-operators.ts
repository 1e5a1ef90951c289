/** NUM_EQ, NUM_GT, NUM_GTE, NUM_LT, NUM_LTE: both sides through Number(), as the SDKs do. */
import { contextValue } from '../context-value';
import type { Operator } from './operator';

function numberOperator(compare: (value: number, target: number) => boolean): Operator {
  return (constraint, context) => {
    const target = Number(constraint.value);
    const value = Number(contextValue(context, constraint.contextName));
    if (Number.isNaN(target) || Number.isNaN(value)) return false;
    return compare(value, target);
  };
}

export const numEq = numberOperator((v, t) => v === t);
export const numGt = numberOperator((v, t) => v > t);
export const numGte = numberOperator((v, t) => v >= t);
export const numLt = numberOperator((v, t) => v < t);
export const numLte = numberOperator((v, t) => v <= t);
