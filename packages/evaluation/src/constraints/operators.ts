/** Every constraint operator the Unleash SDKs know, by name. Any other name fails its constraint. */
import { cidrOperator } from './cidr-operator';
import { dateAfter, dateBefore } from './date-operators';
import { numEq, numGt, numGte, numLt, numLte } from './number-operators';
import type { Operator } from './operator';
import { regexOperator } from './regex-operator';
import { semverEq, semverGt, semverGte, semverLt, semverLte } from './semver-operators';
import { containsOperator, endsWithOperator, inOperator, startsWithOperator } from './string-operators';

export const OPERATORS: ReadonlyMap<string, Operator> = new Map([
  ['IN', inOperator],
  ['NOT_IN', inOperator],
  ['STR_STARTS_WITH', startsWithOperator],
  ['STR_ENDS_WITH', endsWithOperator],
  ['STR_CONTAINS', containsOperator],
  ['NUM_EQ', numEq],
  ['NUM_GT', numGt],
  ['NUM_GTE', numGte],
  ['NUM_LT', numLt],
  ['NUM_LTE', numLte],
  ['DATE_AFTER', dateAfter],
  ['DATE_BEFORE', dateBefore],
  ['SEMVER_EQ', semverEq],
  ['SEMVER_GT', semverGt],
  ['SEMVER_GTE', semverGte],
  ['SEMVER_LT', semverLt],
  ['SEMVER_LTE', semverLte],
  ['REGEX', regexOperator],
  ['IN_CIDR', cidrOperator],
]);
