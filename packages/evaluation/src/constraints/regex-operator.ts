/**
 * REGEX with RE2 semantics through re2js, the engine unleash-client uses: matching takes time linear
 * in the input (no backtracking, so no catastrophic patterns), and the dialect is the SDKs' (`(?i)`,
 * `[[:alpha:]]`; no lookaround, no backreferences: such a pattern is invalid). `caseInsensitive` compiles
 * with RE2's CASE_INSENSITIVE flag. An invalid pattern matches nothing, as in the SDKs.
 *
 * Bounds on top of RE2 (see README): a pattern longer than REGEX_LIMITS.pattern characters is treated
 * as invalid, and a context value longer than REGEX_LIMITS.input characters counts as not matching,
 * so one evaluation's cost stays small whatever the request carries.
 */
import { RE2JS } from 're2js';
import { contextValue } from '../context-value';
import type { EvaluationConstraint } from '../types';
import type { Operator } from './operator';

export const REGEX_LIMITS = { pattern: 1_000, input: 4_096 } as const;

/** Compiled patterns by `caseInsensitive` and source; null for one that does not compile. */
export type RegexCache = Map<string, RE2JS | null>;

export function compiledRegex(cache: RegexCache, constraint: EvaluationConstraint): RE2JS | null {
  const pattern = constraint.value ?? '';
  const key = `${constraint.caseInsensitive ? 1 : 0}:${pattern}`;
  let regex = cache.get(key);
  if (regex === undefined) {
    regex = compile(pattern, constraint.caseInsensitive === true);
    cache.set(key, regex);
  }
  return regex;
}

function compile(pattern: string, caseInsensitive: boolean): RE2JS | null {
  if (pattern.length > REGEX_LIMITS.pattern) return null;
  try {
    return caseInsensitive ? RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE) : RE2JS.compile(pattern);
  } catch {
    return null;
  }
}

export const regexOperator: Operator = (constraint, context, runtime) => {
  const value = contextValue(context, constraint.contextName);
  if (value === undefined || value.length > REGEX_LIMITS.input) return false;
  const regex = compiledRegex(runtime.regexes, constraint);
  if (!regex) return false;
  return regex.matcher(value).find();
};

/** Why a REGEX constraint could not match for this value, for explanations. */
export function regexProblem(cache: RegexCache, constraint: EvaluationConstraint, value: string | undefined): string | undefined {
  if ((constraint.value ?? '').length > REGEX_LIMITS.pattern) return `pattern longer than ${REGEX_LIMITS.pattern} characters`;
  if (compiledRegex(cache, constraint) === null) return 'invalid pattern (RE2 syntax)';
  if (value !== undefined && value.length > REGEX_LIMITS.input) return `value longer than ${REGEX_LIMITS.input} characters`;
  return undefined;
}
