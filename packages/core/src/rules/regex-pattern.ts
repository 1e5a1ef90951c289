/**
 * Whether a REGEX constraint's pattern is one the SDKs can evaluate: it compiles in RE2 (re2js, the
 * engine unleash-client and @flagadmin/evaluation use, so `(?i)` and `[[:alpha:]]` are fine and
 * lookaround or backreferences are not), with `caseInsensitive` as the evaluation compiles it, and it
 * is no longer than FLAG_CONFIG_LIMITS.regexPatternLength.
 */
import { RE2JS } from 're2js';
import { FLAG_CONFIG_LIMITS } from '../base/flag-config-limits';

/** Why the pattern is refused, or undefined when it is valid. */
export function regexPatternProblem(pattern: string, caseInsensitive: boolean): string | undefined {
  const limit = FLAG_CONFIG_LIMITS.regexPatternLength;
  if (pattern.length > limit) return `the pattern is longer than ${limit} characters (limit regexPatternLength)`;
  try {
    RE2JS.compile(pattern, caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `"${pattern}" is not a valid RE2 regular expression (${reason})`;
  }
}
