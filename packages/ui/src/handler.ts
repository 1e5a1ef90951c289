import type { ClientAsset } from './asset';
import { CLIENT_ASSETS } from './generated/assets';
import { IMMUTABLE, REVALIDATE, SECURITY_HEADERS } from './headers';
import { indexHtml } from './index-html';

export interface UiHandlerOptions {
  /** Where the page is mounted; it answers `basePath` and `basePath + 'assets/…'`. Default `/`. */
  basePath?: string;
  /** Where the admin API is, as a path on the same origin (`/admin` when `handle` is mounted there). Default `''`. */
  apiBase?: string;
}

export interface UiHandler {
  /** Answers a request for the page or one of its assets (404 JSON for other paths under the mount). */
  (request: Request): Response;
  /** True when the request's path belongs to the page (the mount path itself, or its assets). */
  owns(request: Request): boolean;
  /** `owns` for a path alone. */
  ownsPath(pathname: string): boolean;
}

interface Entry {
  body: string;
  gzip: Uint8Array<ArrayBuffer>;
  type: string;
  cacheControl: string;
  etag: string;
}

const decodeBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A short, stable tag of a text (FNV-1a), for the ETag of index.html. */
function tagOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `"${(hash >>> 0).toString(36)}"`;
}

const normalizeBase = (basePath: string): string => `/${basePath.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');

/**
 * The admin page as a fetch-style handler: `index.html` (no-cache, with an ETag) at `basePath`, the
 * built assets under `basePath + 'assets/'` (immutable), a strict Content-Security-Policy and nosniff
 * on every answer, gzip when the client accepts it. Uses only WHATWG APIs: runs on any host.
 */
export function createUiHandler(options: UiHandlerOptions = {}, assets: readonly ClientAsset[] = CLIENT_ASSETS): UiHandler {
  const base = normalizeBase(options.basePath ?? '/');
  const html = indexHtml(assets, options.apiBase ?? '');
  const files = new Map<string, Entry>();
  for (const a of assets) {
    files.set(`${base}assets/${a.name}`, {
      body: a.body,
      gzip: decodeBase64(a.gzipBase64),
      type: a.type,
      cacheControl: IMMUTABLE,
      etag: `"${a.name}"`,
    });
  }
  const page: Entry = {
    body: html,
    gzip: new Uint8Array(0),
    type: 'text/html; charset=utf-8',
    cacheControl: REVALIDATE,
    etag: tagOf(html),
  };
  const withoutSlash = base === '/' ? null : base.slice(0, -1);

  const entryFor = (pathname: string): Entry | undefined =>
    pathname === base || pathname === `${base}index.html` ? page : files.get(pathname);
  const ownsPath = (pathname: string): boolean =>
    pathname === withoutSlash || entryFor(pathname) !== undefined || pathname.startsWith(`${base}assets/`);
  const owns = (request: Request): boolean => ownsPath(new URL(request.url).pathname);

  const handler = (request: Request): Response => {
    const url = new URL(request.url);
    if (url.pathname === withoutSlash) return answer(308, 'Moved', { location: `${base}${url.search}` });
    const entry = entryFor(url.pathname);
    if (!entry) return json(404, 'NotFoundError', `No page at ${url.pathname}.`);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return json(405, 'MethodNotAllowedError', `The admin page answers GET and HEAD only.`, { allow: 'GET, HEAD' });
    }
    const headers: Record<string, string> = {
      'content-type': entry.type,
      'cache-control': entry.cacheControl,
      etag: entry.etag,
      vary: 'accept-encoding',
    };
    if (
      request.headers
        .get('if-none-match')
        ?.split(',')
        .some((t) => t.trim().replace(/^W\//, '') === entry.etag)
    )
      return answer(304, null, headers);
    const gzip = entry.gzip.length > 0 && /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '');
    if (gzip) headers['content-encoding'] = 'gzip';
    const body = gzip ? entry.gzip : entry.body;
    return answer(200, request.method === 'HEAD' ? null : body, headers);
  };
  return Object.assign(handler, { owns, ownsPath });
}

function answer(status: number, body: BodyInit | null, headers: Record<string, string>): Response {
  return new Response(body, { status, headers: { ...SECURITY_HEADERS, ...headers } });
}

function json(status: number, name: string, message: string, headers: Record<string, string> = {}): Response {
  return answer(status, JSON.stringify({ id: crypto.randomUUID(), name, message }), {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
  });
}
