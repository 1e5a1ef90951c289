// People's settings of the bin: the first admin (Unleash's UNLEASH_DEFAULT_ADMIN_USERNAME and
// UNLEASH_DEFAULT_ADMIN_PASSWORD), how long a sign-in session lasts (Unleash's SESSION_TTL_HOURS), and the
// origins besides the server's own that may send writes signed in by the session cookie, the password
// sign-ins one address may make (Unleash's SIMPLE_LOGIN_LIMIT_PER_MINUTE) and whether a proxy in front
// tells the client's address (X-Forwarded-For).
import { ConfigError } from './config-error';
import { integer, onOff, originList, type Env, type Picker } from './config-values';

export interface PeopleConfig {
  /** Created with the Admin role when nobody exists yet; never a default password. */
  defaultAdmin?: { username: string; password: string };
  sessionTtlHours?: number;
  trustedOrigins?: string[];
  /** Password sign-ins per minute from one address (and as many in a row). */
  signInPerMinute?: number;
  /** The client's address is X-Forwarded-For's last entry (a proxy in front sets it). */
  trustProxy?: boolean;
}

/** The command-line flags of the settings (for parseArgs); the admin's password is environment only. */
export const PEOPLE_FLAGS = {
  'session-ttl-hours': { type: 'string' },
  'trusted-origins': { type: 'string' },
  'sign-in-limit': { type: 'string' },
  'trust-proxy': { type: 'string' },
} as const;

/** The settings given (nothing when none is); a ConfigError when one is malformed or half given. */
export function peopleConfig(pick: Picker, env: Env): PeopleConfig {
  const username = env['UNLEASH_DEFAULT_ADMIN_USERNAME']?.trim() || undefined;
  const password = env['UNLEASH_DEFAULT_ADMIN_PASSWORD'] || undefined;
  if (username && !password) {
    throw new ConfigError('UNLEASH_DEFAULT_ADMIN_USERNAME is set without UNLEASH_DEFAULT_ADMIN_PASSWORD: there is no default password');
  }
  const ttl = pick('session-ttl-hours', 'SESSION_TTL_HOURS');
  let sessionTtlHours: number | undefined;
  if (ttl) {
    sessionTtlHours = /^\d+(\.\d+)?$/.test(ttl.value) ? Number(ttl.value) : Number.NaN;
    if (!(sessionTtlHours > 0) || sessionTtlHours > 24 * 366)
      throw new ConfigError(`${ttl.what} must be a number of hours above 0, got ${JSON.stringify(ttl.value)}`);
  }
  const trusted = originList(pick('trusted-origins', 'FLAGADMIN_TRUSTED_ORIGINS'), 'trustedOrigins', false);
  const limit = pick('sign-in-limit', 'SIMPLE_LOGIN_LIMIT_PER_MINUTE');
  const trustProxy = onOff(pick('trust-proxy', 'FLAGADMIN_TRUST_PROXY'), false);
  return {
    ...(limit ? { signInPerMinute: integer(limit.value, limit.what, 1, 1_000_000) } : {}),
    ...(trustProxy ? { trustProxy } : {}),
    ...(password ? { defaultAdmin: { username: username ?? 'admin', password } } : {}),
    ...(sessionTtlHours === undefined ? {} : { sessionTtlHours }),
    ...(trusted ? { trustedOrigins: trusted } : {}),
  };
}
