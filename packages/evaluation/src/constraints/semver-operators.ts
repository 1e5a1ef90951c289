/**
 * SEMVER_EQ, SEMVER_GT, SEMVER_GTE, SEMVER_LT, SEMVER_LTE with the `semver` package (the one the SDK
 * uses, strict parsing): a context value that is no valid version, or starts with `v`, matches
 * nothing; so does a constraint value that is no version.
 */
import semver from 'semver';
import { contextValue } from '../context-value';
import type { Operator } from './operator';

function semverOperator(compare: (value: string, target: string) => boolean): Operator {
  return (constraint, context) => {
    const value = contextValue(context, constraint.contextName);
    if (!value || !semver.valid(value) || value.startsWith('v')) return false;
    try {
      return compare(value, constraint.value ?? '');
    } catch {
      return false;
    }
  };
}

export const semverEq = semverOperator((v, t) => semver.eq(v, t));
export const semverGt = semverOperator((v, t) => semver.gt(v, t));
export const semverGte = semverOperator((v, t) => semver.gte(v, t));
export const semverLt = semverOperator((v, t) => semver.lt(v, t));
export const semverLte = semverOperator((v, t) => semver.lte(v, t));
