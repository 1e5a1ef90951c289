/**
 * The origins the frontend API (and OFREP) answer browsers from, as Unleash checks them: `*` (any
 * origin), or exact origins (`https://app.example.com`: scheme, host and port, no path, no wildcard).
 * An empty list means any origin, as in Unleash.
 */

/** The instance's default when neither the host nor an admin set origins: any origin, as Unleash. */
export const DEFAULT_FRONTEND_ORIGINS: readonly string[] = Object.freeze(['*']);

/** The setting's name in the `settings` collection (Unleash's); its value is `{frontendApiOrigins}`. */
export const FRONTEND_SETTINGS = 'unleash.frontend';

/** At most this many origins are kept (a list past it is refused). */
export const MAX_FRONTEND_ORIGINS = 100;

/** Why a trusted origin (one whose cookie-authenticated writes are taken) is not one: never `*`. */
export const trustedOriginProblem = (origin: string): string | undefined =>
  origin === '*' ? 'Invalid origin: * (name each trusted origin)' : originProblem(origin);

/** Why an origin is not one (a message), or undefined when it is. */
export function originProblem(origin: string): string | undefined {
  if (origin === '*') return undefined;
  if (origin.includes('*')) return `Invalid origin: ${origin} (a wildcard is only "*" alone)`;
  if (origin.length > 500) return `Invalid origin: ${origin.slice(0, 40)}… (longer than 500 characters)`;
  try {
    if (new URL(origin).origin === origin) return undefined;
  } catch {
    // not a URL
  }
  return `Invalid origin: ${origin} (an origin is scheme://host[:port], nothing after)`;
}

/** Whether a browser's `Origin` may read the answer, under the allowed list. */
export const originAllowed = (allowed: readonly string[], origin: string): boolean =>
  allowed.length === 0 || allowed.includes('*') || allowed.includes(origin);
