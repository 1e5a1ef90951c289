// The OpenID Connect settings of the bin: --oidc-issuer, --oidc-client-id, --oidc-client-secret (or
// OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET), OIDC_DEFAULT_ROLE for people signing in the first
// time, and OIDC_REDIRECT_URI when the callback's public address is not the one the requests name.
import type { Picker } from './config-values';
import { ConfigError } from './config-error';

/** The root roles a person signing in for the first time may get, by Unleash's names. */
export const OIDC_ROLES = ['Admin', 'Editor', 'Viewer'] as const;
export type OidcRole = (typeof OIDC_ROLES)[number];
export const DEFAULT_OIDC_ROLE: OidcRole = 'Viewer';

export interface OidcConfig {
  /** The issuer's URL (its discovery document is `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  /** Never printed nor logged; only sent to the issuer's token endpoint. */
  clientSecret: string;
  /** The root role of a person signing in for the first time. */
  defaultRole: OidcRole;
  /** The callback's public URL; unset: the requesting host's `<base path>/auth/oidc/callback`. */
  redirectUri?: string;
}

/** The command-line flags of the settings (for parseArgs). */
export const OIDC_FLAGS = {
  'oidc-issuer': { type: 'string' },
  'oidc-client-id': { type: 'string' },
  'oidc-client-secret': { type: 'string' },
  'oidc-default-role': { type: 'string' },
  'oidc-redirect-uri': { type: 'string' },
} as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An http:// URL is accepted on a loopback address only (development, tests): elsewhere https. */
export function isAllowedUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

function httpsUrl(picked: { value: string; what: string }): string {
  let url: URL;
  try {
    url = new URL(picked.value);
  } catch {
    throw new ConfigError(`${picked.what} must be a URL, e.g. https://login.example.com/realms/main`);
  }
  if (!isAllowedUrl(url) || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${picked.what} must be an https:// URL without query or credentials (http:// only on 127.0.0.1 or localhost)`);
  }
  return picked.value;
}

/** The settings, or undefined when none is given; a ConfigError when some are missing or malformed. */
export function oidcConfig(pick: Picker): OidcConfig | undefined {
  const issuer = pick('oidc-issuer', 'OIDC_ISSUER');
  const clientId = pick('oidc-client-id', 'OIDC_CLIENT_ID');
  const clientSecret = pick('oidc-client-secret', 'OIDC_CLIENT_SECRET');
  const role = pick('oidc-default-role', 'OIDC_DEFAULT_ROLE');
  const redirect = pick('oidc-redirect-uri', 'OIDC_REDIRECT_URI');
  if (!issuer && !clientId && !clientSecret) {
    const stray = role ?? redirect;
    if (stray)
      throw new ConfigError(`${stray.what} is given but single sign-on is not: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET`);
    return undefined;
  }
  const missing = [
    issuer ? null : '--oidc-issuer (OIDC_ISSUER)',
    clientId?.value ? null : '--oidc-client-id (OIDC_CLIENT_ID)',
    clientSecret?.value ? null : '--oidc-client-secret (OIDC_CLIENT_SECRET)',
  ].filter((name) => name !== null);
  if (missing.length > 0) throw new ConfigError(`single sign-on needs ${missing.join(' and ')} as well`);
  const defaultRole = role ? OIDC_ROLES.find((r) => r.toLowerCase() === role.value.toLowerCase()) : DEFAULT_OIDC_ROLE;
  if (!defaultRole) throw new ConfigError(`${role!.what} must be one of ${OIDC_ROLES.join(', ')}, got ${JSON.stringify(role!.value)}`);
  const redirectUri = redirect ? httpsUrl(redirect) : undefined;
  if (redirectUri && !new URL(redirectUri).pathname.endsWith('/auth/oidc/callback')) {
    throw new ConfigError(`${redirect!.what} must end with /auth/oidc/callback, the path flagadmin answers`);
  }
  return {
    issuer: httpsUrl(issuer!),
    clientId: clientId!.value,
    clientSecret: clientSecret!.value,
    defaultRole,
    ...(redirectUri ? { redirectUri } : {}),
  };
}
