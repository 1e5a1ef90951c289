/** People's settings of an instance: the host's password hasher, how long sessions last, trusted origins. */
import { originProblem } from '../base/cors-origins';
import type { PasswordHasher } from '../base/password-policy';
import { SetupError } from '../base/setup-error';

export interface PeopleOptions {
  /** Hashes and checks passwords; without one, password sign-in and setting a password are refused (400). */
  passwordHasher?: PasswordHasher;
  /** How long a session lasts from sign-in, in hours (default 48, as Unleash's SESSION_TTL_HOURS). */
  sessionTtlHours?: number;
  /** Origins besides the request's own that may send writes signed in by the session cookie. */
  trustedOrigins?: readonly string[];
}

export interface PeopleSettings {
  readonly passwordHasher?: PasswordHasher;
  readonly sessionTtlMs: number;
  readonly trustedOrigins: readonly string[];
  /** A fixed hash, made once: what a sign-in of a name nobody has is checked against (same work). */
  nobodyHash(): Promise<string>;
}

export const DEFAULT_SESSION_TTL_HOURS = 48;

export function resolvePeople(options: PeopleOptions): PeopleSettings {
  const hours = options.sessionTtlHours ?? DEFAULT_SESSION_TTL_HOURS;
  if (!(hours > 0) || !Number.isFinite(hours))
    throw new SetupError('INVALID_LIMIT', `sessionTtlHours: ${hours} is not a positive number of hours.`);
  const trustedOrigins = (options.trustedOrigins ?? []).map((origin) => {
    const problem = origin === '*' ? 'Invalid origin: * (name each trusted origin)' : originProblem(origin);
    if (problem) throw new SetupError('INVALID_ORIGIN', `trustedOrigins: ${problem}.`);
    return origin.toLowerCase();
  });
  const hasher = options.passwordHasher;
  let nobody: Promise<string> | undefined;
  return Object.freeze({
    ...(hasher ? { passwordHasher: hasher } : {}),
    sessionTtlMs: hours * 3_600_000,
    trustedOrigins: Object.freeze(trustedOrigins),
    nobodyHash: () => (nobody ??= hasher ? hasher.hash('no one has this password: Aa1!') : Promise.resolve('')),
  });
}
