// The one way the page talks to the admin API: a key goes in the Authorization header only; a person
// signed in with a password or single sign-on is known by the session cookie, which the page never reads.
import { forgetKey, readKey } from './session';

/** An error answer of the API: its status and its `{ name, message }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    /** The permissions a 403 names (`permissions` of the API's NoAccessError). */
    readonly permissions: readonly string[] = [],
  ) {
    super(message);
  }
}

export interface ApiResult<T> {
  data: T;
  /** The ETag header, when the API sent one (single features). */
  etag: string | null;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as If-Match: the API answers 412 when the resource changed since this ETag. */
  ifMatch?: string | null;
  /** Verify this key instead of the stored one (signing in). */
  key?: string;
  /** Send no key (the session cookie only), and a 401 is the caller's answer, not a sign-out. */
  anonymous?: boolean;
}

let apiBase = '';
let onUnauthorized: (message: string) => void = () => undefined;

/** Where the admin API is: a path on this origin ('' when it is at the root). */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

/** A path of the API as the page reaches it (under the API's base). */
export const apiPath = (path: string): string => apiBase + path;

/** What to do when the API answers 401 to the stored key (the key is forgotten first). */
export function setUnauthorizedHandler(handler: (message: string) => void): void {
  onUnauthorized = handler;
}

export async function api<T>(path: string, request: ApiRequest = {}): Promise<ApiResult<T>> {
  const key = request.anonymous ? null : (request.key ?? readKey());
  const headers: Record<string, string> = { accept: 'application/json' };
  if (key) headers['authorization'] = key;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.ifMatch) headers['if-match'] = request.ifMatch;
  let response: Response;
  try {
    response = await fetch(apiBase + path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? null : JSON.stringify(request.body),
      // The session cookie (HttpOnly, SameSite=Lax) rides along; writes carry the Origin header the API checks.
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'NetworkError', 'The server could not be reached. Check the connection and try again.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { name, message, permissions } = errorFields(body, response.status);
    if (response.status === 401 && request.key === undefined && !request.anonymous) {
      forgetKey();
      onUnauthorized(message);
    }
    throw new ApiError(response.status, name, message, permissions);
  }
  return { data: body as T, etag: response.headers.get('etag') };
}

function errorFields(body: unknown, status: number): { name: string; message: string; permissions: string[] } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const name = typeof record['name'] === 'string' ? record['name'] : 'Error';
  const message = typeof record['message'] === 'string' ? record['message'] : `The server answered ${status}.`;
  const listed = Array.isArray(record['permissions']) ? record['permissions'] : [];
  return { name, message, permissions: listed.filter((p): p is string => typeof p === 'string') };
}

/** Any thrown value as an ApiError (a bug or a browser error becomes one with status 0). */
export const asApiError = (error: unknown): ApiError => (error instanceof ApiError ? error : new ApiError(0, 'Error', String(error)));

/** A path segment, encoded: feature and project names go into paths, never unescaped. */
export const seg = (value: string): string => encodeURIComponent(value);
