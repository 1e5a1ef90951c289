/**
 * A running Unleash's admin API over HTTP (fetch): one call with the admin key, its failures as MigrateError
 * (unreachable, key refused, forbidden, an answer that is not the admin API's).
 */
import { MigrateError } from './errors';

export interface UnleashApiOptions {
  /** Unleash's base URL, e.g. `https://unleash.example.com` (a path prefix kept: `https://x/unleash`). */
  url: string;
  /** An admin key: an admin API token, a personal access token or a service account's token. */
  key: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Longest wait for one answer, ms (default 60,000). */
  timeoutMs?: number;
}

export interface UnleashApi {
  /** The base URL, without a trailing slash. */
  readonly url: string;
  /** Calls `path` (from the base URL); resolves the parsed JSON answer, or null for an empty one. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** As `call`, but a 404 resolves undefined (a route the source's edition does not have). */
  optional<T = unknown>(method: string, path: string, body?: unknown): Promise<T | undefined>;
}

/** How many times a route answering 429 (too many requests) is asked. */
const RATE_LIMIT_TRIES = 8;

/** The wait a 429 asks for (Retry-After in seconds, or a date), else 1, 2, 4... seconds, at most a minute. */
function retryAfterMs(header: string | null, attempt: number): number {
  const seconds = Number(header);
  if (header !== null && Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 60) * 1000;
  const date = header === null ? Number.NaN : Date.parse(header);
  if (Number.isFinite(date)) return Math.min(Math.max(date - Date.now(), 0), 60_000);
  return Math.min(1000 * 2 ** (attempt - 1), 60_000);
}

/** The message of an Unleash error answer (`{message}` or `{details: [{message}]}`), else the text cut short. */
function unleashMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; details?: { message?: unknown }[] };
    const detail = body.details?.[0]?.message;
    if (typeof detail === 'string' && detail !== body.message) return `${String(body.message ?? '')} ${detail}`.trim();
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: the text itself
  }
  return text.slice(0, 200);
}

export function unleashApi(options: UnleashApiOptions): UnleashApi {
  let base: URL;
  try {
    base = new URL(options.url);
  } catch {
    throw new MigrateError('UnleashUrlInvalid', `not a URL: ${options.url}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new MigrateError('UnleashUrlInvalid', `not a http(s) URL: ${options.url}`);
  const url = base.href.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function send(method: string, path: string, body: unknown, notFoundIsAnswer: boolean): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      for (let attempt = 1; ; attempt++) {
        response = await doFetch(`${url}${path}`, {
          method,
          headers: {
            authorization: options.key,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
        // Unleash limits some routes per minute (search: 15): wait as it says, then ask again.
        if (response.status !== 429 || attempt === RATE_LIMIT_TRIES) break;
        await new Promise((resolve) => setTimeout(resolve, retryAfterMs(response.headers.get('retry-after'), attempt)));
      }
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
      throw new MigrateError('UnleashUnreachable', `cannot reach Unleash at ${url} (${why})`);
    }
    const what = `${method} ${path}`;
    if (response.status === 401)
      throw new MigrateError('UnleashKeyRefused', `Unleash refused the key (401 on ${what}): ${unleashMessage(text)}`, 401);
    if (response.status === 403)
      throw new MigrateError('UnleashForbidden', `the key may not do this (403 on ${what}): ${unleashMessage(text)}`, 403);
    if (response.status === 404 && notFoundIsAnswer) return undefined;
    if (response.status >= 300)
      throw new MigrateError(
        'UnleashAnswerUnexpected',
        `Unleash answered ${response.status} to ${what}: ${unleashMessage(text)}`,
        response.status,
      );
    if (text === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new MigrateError('UnleashAnswerUnexpected', `${what} did not answer JSON (is ${url} an Unleash?)`, response.status);
    }
  }

  return {
    url,
    call: (method, path, body) => send(method, path, body, false) as Promise<never>,
    optional: (method, path, body) => send(method, path, body, true) as Promise<never>,
  };
}
