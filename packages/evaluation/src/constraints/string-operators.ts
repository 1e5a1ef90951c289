/** IN, NOT_IN (exact, case-sensitive) and STR_STARTS_WITH, STR_ENDS_WITH, STR_CONTAINS. */
import { contextValue } from '../context-value';
import { cleanValues, type Operator } from './operator';

export const inOperator: Operator = (constraint, context) => {
  const value = contextValue(context, constraint.contextName);
  const isIn = cleanValues(constraint.values).some((v) => v === value);
  return constraint.operator === 'IN' ? isIn : !isIn;
};

type Test = (value: string, candidate: string) => boolean;

function stringOperator(test: Test): Operator {
  return (constraint, context) => {
    let value = contextValue(context, constraint.contextName);
    if (value === undefined) return false;
    let candidates = cleanValues(constraint.values);
    // toLowerCase, not the SDK's toLocaleLowerCase: the same answer on every host whatever its locale.
    if (constraint.caseInsensitive) {
      value = value.toLowerCase();
      candidates = candidates.map((v) => v.toLowerCase());
    }
    const subject = value;
    return candidates.some((candidate) => test(subject, candidate));
  };
}

export const startsWithOperator = stringOperator((value, candidate) => value.startsWith(candidate));
export const endsWithOperator = stringOperator((value, candidate) => value.endsWith(candidate));
export const containsOperator = stringOperator((value, candidate) => value.includes(candidate));
