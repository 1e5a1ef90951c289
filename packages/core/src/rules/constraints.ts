/**
 * Constraint checks per operator, as Unleash makes them: numbers, dates, semantic versions and REGEX
 * patterns (RE2). List operators take their entries as they come (an IN_CIDR entry that is no address
 * or range is kept: the SDKs skip it, as for remoteAddress's IPs).
 */
import semver from 'semver';
import { badData } from '../base/errors';
import { limitExceeded, type Limits } from '../base/limits';
import type { Constraint } from '../base/records';
import type { ConstraintOperator } from '../schemas/constraint';
import { regexPatternProblem } from './regex-pattern';

/** A constraint as the request body's schema lets it through. */
export interface ConstraintInput {
  contextName: string;
  operator: ConstraintOperator;
  caseInsensitive?: boolean;
  inverted?: boolean;
  values?: string[];
  value?: string;
}

type SingleValueKind = 'number' | 'date' | 'semver' | 'regex';

/** Operators that compare with one `value`; every other operator takes a list of `values`. */
const SINGLE_VALUE: ReadonlyMap<ConstraintOperator, SingleValueKind> = new Map([
  ['NUM_EQ', 'number'],
  ['NUM_GT', 'number'],
  ['NUM_GTE', 'number'],
  ['NUM_LT', 'number'],
  ['NUM_LTE', 'number'],
  ['DATE_AFTER', 'date'],
  ['DATE_BEFORE', 'date'],
  ['SEMVER_EQ', 'semver'],
  ['SEMVER_GT', 'semver'],
  ['SEMVER_LT', 'semver'],
  ['SEMVER_GTE', 'semver'],
  ['SEMVER_LTE', 'semver'],
  ['REGEX', 'regex'],
]);

/** List operators that take an empty list, as Unleash 8.2.0 takes it: IN [] matches nothing, NOT_IN [] everything. */
const EMPTY_LIST_ALLOWED: ReadonlySet<ConstraintOperator> = new Set(['IN', 'NOT_IN']);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Why `value` does not fit the operator's kind, or undefined when it does. */
const VALUE_CHECKS: Record<SingleValueKind, (value: string, c: ConstraintInput) => string | undefined> = {
  number: (v) => (NUMBER.test(v.trim()) && Number.isFinite(Number(v)) ? undefined : `"${v}" is not a number`),
  date: (v) => (ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)) ? undefined : `"${v}" is not an ISO 8601 date`),
  semver: (v) => (/^\d/.test(v) && semver.valid(v) !== null ? undefined : `"${v}" is not a semantic version (1.2.3)`),
  regex: (v, c) => regexPatternProblem(v, c.caseInsensitive === true),
};

/**
 * Checks each constraint for its operator and returns them in their stored shape (booleans and
 * `values` always present). `where` is the JSON Pointer of the list in the request, for the error.
 */
export function normalizeConstraints(input: readonly ConstraintInput[], where: string, limits: Limits): Constraint[] {
  if (input.length > limits.constraintsPerStrategy)
    throw limitExceeded('constraintsPerStrategy', limits.constraintsPerStrategy, 'Too many constraints', where);
  return input.map((c, i) => {
    const at = `${where}/${i}`;
    if ((c.values?.length ?? 0) > limits.valuesPerConstraint) {
      throw limitExceeded('valuesPerConstraint', limits.valuesPerConstraint, `Too many values in constraint ${i}`, `${at}/values`);
    }
    const fail = (field: string, problem: string): never => {
      const message = `Constraint ${i} (${c.contextName} ${c.operator}): ${problem}`;
      throw badData(message, [{ message, path: `${at}/${field}` }]);
    };
    const kind = SINGLE_VALUE.get(c.operator);
    const values = c.values ?? [];
    const base = {
      contextName: c.contextName,
      operator: c.operator,
      caseInsensitive: c.caseInsensitive ?? false,
      inverted: c.inverted ?? false,
    };
    if (kind === undefined) {
      if (c.value !== undefined) fail('value', `${c.operator} compares with a list: use "values", not "value"`);
      if (values.length === 0 && !EMPTY_LIST_ALLOWED.has(c.operator)) fail('values', `${c.operator} needs at least one value in "values"`);
      return { ...base, values: [...values] };
    }
    if (values.length > 0) fail('values', `${c.operator} compares with one value: use "value", not "values"`);
    if (c.value === undefined) return fail('value', `${c.operator} needs a "value"`);
    const problem = VALUE_CHECKS[kind](c.value, c);
    if (problem) fail('value', problem);
    if (kind === 'regex' && c.inverted === true) fail('inverted', 'REGEX cannot be inverted (Unleash refuses it too)');
    return { ...base, values: [], value: c.value };
  });
}
