// The bin's sign-in routes in front of core's handler: GET /auth/providers (what the page offers besides
// the password form), and with single sign-on GET /auth/oidc/login (to the issuer) and GET
// /auth/oidc/callback (back: the person found or created, a session opened, the page). Every other
// request goes to core unchanged, on the plain protocol too.
import {
  AdminError,
  SYSTEM_PRINCIPAL,
  sessionCookieHeader,
  type Admin,
  type FetchHandler,
  type Logger,
  type PlainHandler,
  type PlainRequest,
  type PlainResponse,
} from '@flagadmin/core';
import type { OidcConfig } from './oidc-config';
import { OidcError, relyingParty } from './oidc';
import { LOGIN_RECORD_TTL_MS } from './oidc-state';

export interface SignInRoutesOptions {
  /** Unset: no single sign-on (GET /auth/providers answers no option). */
  oidc?: { config: OidcConfig; admin: Admin } | undefined;
  /** The service's mount path ('' at the root): the cookies' path and where the page is. */
  basePath: string;
  logger: Logger;
  now?: () => number;
}

const LOGIN_COOKIE = 'flagadmin-oidc';
const LOGIN = '/auth/oidc/login';
const CALLBACK = '/auth/oidc/callback';
const PROVIDERS = '/auth/providers';
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

type Headers = PlainRequest['headers'];

const NO_STORE = { 'cache-control': 'no-store' };

function json(status: number, body: unknown, headers: Record<string, string> = {}): PlainResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE, ...headers }, body: JSON.stringify(body) };
}

const ERROR_NAMES = { 400: 'BadDataError', 401: 'AuthenticationRequired', 503: 'ServiceUnavailableError' } as const;
const errorAnswer = (status: 400 | 401 | 503, message: string, headers?: Record<string, string>): PlainResponse =>
  json(status, { id: crypto.randomUUID(), name: ERROR_NAMES[status], message }, headers);

/** The value of one cookie of the request (the first, when sent twice). */
function cookieValue(headers: Headers, name: string): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** https when the request came through a proxy that says so, or when the configured callback is https. */
const isHttps = (headers: Headers, config: OidcConfig): boolean =>
  config.redirectUri ? config.redirectUri.startsWith('https:') : headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';

function cookie(name: string, value: string, attributes: { path: string; maxAge: number; secure: boolean }): string {
  return [
    `${name}=${value}`,
    `Path=${attributes.path}`,
    `Max-Age=${attributes.maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(attributes.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Single sign-on as the page is offered it (GET /auth/providers, and a 401's `options`). */
export const oidcSignInOption = (basePath: string) => ({
  type: 'oidc',
  message: 'Sign in with single sign-on',
  path: `${basePath}${LOGIN}`,
});

export function withSignInRoutes(handle: FetchHandler, options: SignInRoutesOptions): FetchHandler {
  const { basePath, logger } = options;
  const now = options.now ?? Date.now;
  const sso = options.oidc ? { ...options.oidc, party: relyingParty(options.oidc.config, now) } : undefined;
  const loginCookiePath = `${basePath}/auth/oidc`;
  const signInOptions = sso ? [oidcSignInOption(basePath)] : [];

  const redirectUriOf = (headers: Headers, config: OidcConfig): string | null => {
    if (config.redirectUri) return config.redirectUri;
    const host = headers.get('host');
    if (!host || !HOST.test(host)) return null;
    return `${isHttps(headers, config) ? 'https' : 'http'}://${host}${basePath}${CALLBACK}`;
  };

  async function login(headers: Headers, s: NonNullable<typeof sso>): Promise<PlainResponse> {
    const redirectUri = redirectUriOf(headers, s.config);
    if (!redirectUri) return errorAnswer(400, 'The request has no usable Host header to build the sign-in callback from.');
    const { location, record } = await s.party.begin(redirectUri);
    const secure = redirectUri.startsWith('https:');
    const setCookie = cookie(LOGIN_COOKIE, record, { path: loginCookiePath, maxAge: LOGIN_RECORD_TTL_MS / 1000, secure });
    return { status: 302, headers: { location, 'set-cookie': setCookie, ...NO_STORE }, body: null };
  }

  async function callback(headers: Headers, search: string, peer: string | undefined, s: NonNullable<typeof sso>): Promise<PlainResponse> {
    takeSignIn(s, headers, peer);
    const identity = await s.party.finish(search, cookieValue(headers, LOGIN_COOKIE));
    const user = await s.admin.findOrCreateSsoUser(SYSTEM_PRINCIPAL, { ...identity, rootRole: s.config.defaultRole });
    const session = await s.admin.openSession(SYSTEM_PRINCIPAL, { userId: user.id });
    logger.info({ userId: user.id, issuer: identity.issuer }, 'signed in with single sign-on');
    // The cookie core's password sign-in sets, so both sign-ins end in the same session.
    const setCookie = sessionCookieHeader({ ...session, secure: isHttps(headers, s.config), now: new Date(now()) });
    return { status: 302, headers: { location: `${basePath}/`, 'set-cookie': setCookie, ...NO_STORE }, body: null };
  }

  /**
   * Single sign-on takes one from the address's sign-in bucket, as a password sign-in does (Unleash limits
   * /auth/oidc per address too), at the callback only (the step that asks the issuer and opens the
   * session): one sign-in, one token. Core's 429 with Retry-After when it is empty.
   */
  function takeSignIn(s: NonNullable<typeof sso>, headers: Headers, peer: string | undefined): void {
    const { people } = s.admin.context;
    // The instance's clock, as password sign-ins take from the same buckets with it.
    people.signInThrottle.takeSignIn(people.addressOf(peer, headers.get('x-forwarded-for')), s.admin.context.now().getTime());
  }

  /** The answer of a sign-in route, or null for every other request. */
  async function answer(method: string, url: string, headers: Headers, peer?: string): Promise<PlainResponse | null> {
    const { pathname, search } = new URL(url, 'http://request.invalid');
    if (pathname !== PROVIDERS && pathname !== LOGIN && pathname !== CALLBACK) return null;
    if (pathname !== PROVIDERS && !sso) return null; // core's 404
    if (method !== 'GET' && method !== 'HEAD') {
      return json(
        405,
        { id: crypto.randomUUID(), name: 'MethodNotAllowedError', message: `${pathname} answers GET only.` },
        { allow: 'GET' },
      );
    }
    // A new answer each time: a host may add headers to the one it is given.
    if (pathname === PROVIDERS || !sso) return json(200, { options: signInOptions });
    try {
      return pathname === LOGIN ? await login(headers, sso) : await callback(headers, search, peer, sso);
    } catch (error) {
      if (error instanceof AdminError && error.status < 500) {
        // Core refused the sign-in (too many from the address; an identity with neither email nor
        // username): its own answer, with its headers (Retry-After).
        logger.warn({ status: error.status, reason: error.name }, 'single sign-on refused');
        return json(error.status, { id: error.id, name: error.name, message: error.message }, error.headers);
      }
      if (!(error instanceof OidcError)) throw error;
      logger.warn({ status: error.status, reason: error.reason ?? error.message }, 'single sign-on refused');
      // A failed callback also ends the sign-in under way in this browser.
      const clear: Record<string, string> =
        pathname === CALLBACK ? { 'set-cookie': cookie(LOGIN_COOKIE, '', { path: loginCookiePath, maxAge: 0, secure: false }) } : {};
      return errorAnswer(error.status, error.message, clear);
    }
  }

  const inner = handle.dispatch;
  // Other requests go to core without a promise of their own: the routes cost the API nothing.
  const dispatch: PlainHandler = (request) =>
    request.url.includes('/auth/')
      ? answer(request.method, request.url, request.headers, request.remoteAddress).then((own) => own ?? inner(request))
      : inner(request);
  const fetchHandler = async (request: Request, info?: Parameters<FetchHandler>[1]): Promise<Response> => {
    const own = request.url.includes('/auth/') ? await answer(request.method, request.url, request.headers, info?.remoteAddress) : null;
    if (!own) return handle(request, info);
    return new Response(request.method === 'HEAD' ? null : own.body, { status: own.status, headers: own.headers });
  };
  return Object.assign(fetchHandler, { dispatch });
}
