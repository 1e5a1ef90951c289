import type { RegexCache } from './constraints/regex-operator';
import type { EvaluationFeature, EvaluationSegment } from './types';

/** Everything an evaluation reads besides the context: the state, indexed once, and the host's inputs. */
export interface Runtime {
  readonly features: ReadonlyMap<string, EvaluationFeature>;
  readonly segments: ReadonlyMap<number, EvaluationSegment>;
  /** REGEX patterns compiled so far, for this state only. */
  readonly regexes: RegexCache;
  /** A number in [0, 1), as Math.random (gradualRolloutRandom, random stickiness). */
  readonly random: () => number;
  /** The clock, for DATE_* constraints when the context has no `currentTime`. */
  readonly now: () => Date;
  /** The host name applicationHostname compares with when the context has no `hostname` property. */
  readonly hostname: string | undefined;
}
