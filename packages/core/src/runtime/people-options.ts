/** People's settings of an instance: the host's password hasher, how long sessions last, trusted origins, sign-in limits and options. */
import { trustedOriginProblem } from '../base/cors-origins';
import type { PasswordHasher } from '../base/password-policy';
import type { SignInWay } from '../base/errors';
import { SetupError } from '../base/setup-error';
import { SignInThrottle, signInAddress, type SignInLimitOptions } from './sign-in-throttle';

/** A way to sign in the page offers besides the password form (Unleash's `options` of a 401): its `path` as the browser sees it. */
export type SignInOption = SignInWay;

export interface PeopleOptions {
  /** Hashes and checks passwords; without one, password sign-in and setting a password are refused (400). */
  passwordHasher?: PasswordHasher;
  /** How long a session lasts from sign-in, in hours (default 48, as Unleash's SESSION_TTL_HOURS). */
  sessionTtlHours?: number;
  /** Origins besides the request's own that may send writes signed in by the session cookie. */
  trustedOrigins?: readonly string[];
  /** Password sign-ins per client address (a token bucket; default 10 in a row, 10 more per minute). */
  signInLimit?: SignInLimitOptions;
  /**
   * Whether a proxy in front sets `X-Forwarded-For` (default false): then a sign-in's address is that
   * header's last entry, else the connection's peer. Only set it when every request comes through the proxy.
   */
  trustProxy?: boolean;
  /**
   * What a 401 tells a page about signing in: the host's base path (`/flags`; default none) and the ways
   * besides the password form (the bin's single sign-on).
   */
  signIn?: { basePath?: string; options?: readonly SignInOption[] };
}

export interface PeopleSettings {
  readonly passwordHasher?: PasswordHasher;
  readonly sessionTtlMs: number;
  readonly trustedOrigins: readonly string[];
  readonly signInThrottle: SignInThrottle;
  /** A sign-in's client address: the peer, or behind a trusted proxy X-Forwarded-For's last entry (sign-in-throttle.ts). */
  addressOf(peer: string | undefined, forwardedFor: string | null): string;
  /** The password form's path and the other ways to sign in, for 401 answers; the host's base path (reset links). */
  readonly signIn: { readonly path: string; readonly options: readonly SignInOption[]; readonly basePath: string };
  /** A fixed hash, made once: what a sign-in of a name nobody has is checked against (same work). */
  nobodyHash(): Promise<string>;
}

export const DEFAULT_SESSION_TTL_HOURS = 48;

export function resolvePeople(options: PeopleOptions): PeopleSettings {
  const hours = options.sessionTtlHours ?? DEFAULT_SESSION_TTL_HOURS;
  if (!(hours > 0) || !Number.isFinite(hours))
    throw new SetupError('INVALID_LIMIT', `sessionTtlHours: ${hours} is not a positive number of hours.`);
  const trustedOrigins = (options.trustedOrigins ?? []).map((origin) => {
    const problem = trustedOriginProblem(origin);
    if (problem) throw new SetupError('INVALID_ORIGIN', `trustedOrigins: ${problem}.`);
    return origin.toLowerCase();
  });
  const hasher = options.passwordHasher;
  let nobody: Promise<string> | undefined;
  return Object.freeze({
    ...(hasher ? { passwordHasher: hasher } : {}),
    sessionTtlMs: hours * 3_600_000,
    trustedOrigins: Object.freeze(trustedOrigins),
    signInThrottle: new SignInThrottle(options.signInLimit),
    addressOf: (peer: string | undefined, forwardedFor: string | null) => signInAddress(peer, forwardedFor, options.trustProxy === true),
    signIn: Object.freeze({
      basePath: options.signIn?.basePath ?? '',
      path: `${options.signIn?.basePath ?? ''}/auth/simple/login`,
      options: Object.freeze((options.signIn?.options ?? []).map((o) => Object.freeze({ type: o.type, message: o.message, path: o.path }))),
    }),
    nobodyHash: () => (nobody ??= hasher ? hasher.hash('no one has this password: Aa1!') : Promise.resolve('')),
  });
}
