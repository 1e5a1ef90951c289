/**
 * Bounds on what one request may ask and one feature or instance may hold, checked when a request is
 * handled, so no client makes unbounded work or storage. The defaults are Unleash's resource limits
 * where Unleash has one; each is configurable per instance (`createAdmin({ limits })`), and a request
 * past one is a 400 naming it. Bounds fixed in the request schemas are in flag-config/limits.ts.
 */
import { badData, type AdminError } from './errors';
import { nestsDeeperThan } from './json';
import { SetupError } from './setup-error';

export interface Limits {
  /** Operations in one JSON Patch. */
  operationsPerPatch: number;
  /** Tags of one feature. */
  tagsPerFeature: number;
  /** Events one operation may write (a patch writes one per fact, one per tag added or removed). */
  eventsPerRequest: number;
  /** Nesting depth of any JSON value a request carries (bodies, patch values, change-request payloads). */
  jsonDepth: number;
  /** Strategies of one feature in one environment (Unleash: featureEnvironmentStrategies). */
  strategiesPerEnvironment: number;
  /** Constraints of one strategy or segment (Unleash: constraints). */
  constraintsPerStrategy: number;
  /** Values of one constraint (Unleash: constraintValues). */
  valuesPerConstraint: number;
  /** Segments of the instance (Unleash: segments). */
  segments: number;
  /** Constraint values over all constraints of one segment (Unleash: segmentValuesLimit). */
  valuesPerSegment: number;
  /** Parents of one feature. */
  dependenciesPerFeature: number;
  /** Changes of one change request (features and segments together), so no request or apply grows without bound. */
  changesPerRequest: number;
  /** Comments of one change request. */
  commentsPerRequest: number;
  /** Properties of one evaluation context (frontend API, OFREP, playground), so no request makes unbounded work. */
  contextProperties: number;
  /** Flag evaluations one playground request may ask: environments x flags x context combinations (Unleash's 15,000). */
  playgroundEvaluations: number;
  /** Features of one import (`importToggles`, `validateImport`), so one request's transaction stays bounded. */
  featuresPerImport: number;
  /** Hours of SDK usage metrics kept (hour buckets); older buckets are pruned by the writes of later reports. */
  usageRetentionHours: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  operationsPerPatch: 100,
  tagsPerFeature: 100,
  eventsPerRequest: 250,
  jsonDepth: 32,
  strategiesPerEnvironment: 30,
  constraintsPerStrategy: 30,
  valuesPerConstraint: 250,
  segments: 300,
  valuesPerSegment: 1000,
  dependenciesPerFeature: 10,
  changesPerRequest: 300,
  commentsPerRequest: 1000,
  contextProperties: 100,
  playgroundEvaluations: 15000,
  featuresPerImport: 1000,
  usageRetentionHours: 48,
});

export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as (keyof Limits)[];

/** The defaults with `overrides` applied; a SetupError (`INVALID_LIMIT`) for an unknown name or a value that is not a positive integer. */
export function resolveLimits(overrides: Partial<Limits> = {}): Readonly<Limits> {
  for (const [name, value] of Object.entries(overrides)) {
    if (!Object.hasOwn(DEFAULT_LIMITS, name))
      throw new SetupError('INVALID_LIMIT', `Unknown limit "${name}"; the limits are ${LIMIT_NAMES.join(', ')}.`);
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) {
      throw new SetupError('INVALID_LIMIT', `The limit ${name} must be a positive integer, not ${String(value)}.`);
    }
  }
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return Object.freeze({ ...DEFAULT_LIMITS, ...defined });
}

/** 400 for a request past a limit: `what` says what there is too much of; the message names the limit. */
export function limitExceeded(name: keyof Limits, limit: number, what: string, path = ''): AdminError {
  const message = `${what}: at most ${limit} (limit ${name}).`;
  return badData(message, [{ message, path }]);
}

/** 400 naming jsonDepth when `value` (a request's input, parsed) nests deeper than the limit. */
export function assertDepth(value: unknown, limits: Limits, what: string): void {
  if (nestsDeeperThan(value, limits.jsonDepth)) throw limitExceeded('jsonDepth', limits.jsonDepth, `${what} nests too deep`);
}
