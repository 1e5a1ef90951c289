import { createUiHandler, type UiHandlerOptions } from './handler';

/** Any fetch-style handler, such as flagadmin core's `handle`. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** The plain-data protocol of @flagadmin/core and @flagadmin/node-http (`dispatch` beside the fetch handler), by shape. */
type PlainRequest = {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
  body(limit: number): Promise<Uint8Array>;
};
export type PlainHandler = (
  request: PlainRequest,
) => Promise<{ status: number; headers: Record<string, string>; body: string | ReadableStream<Uint8Array> | null }>;

/** A fetch-style handler that may also offer the plain protocol. */
export type WrappedHandler = FetchHandler & { dispatch?: PlainHandler };

/** Request headers the page reads (conditional GET); the plain path answers uncompressed text. */
const PAGE_REQUEST_HEADERS = ['if-none-match'] as const;

const PLACEHOLDER_ORIGIN = 'http://page.invalid';

/**
 * The path of a request target as URL parsing gives it, read off the string when it is a plain path
 * (no percent-escape, backslash or dot segment to normalize): building a URL costs more than the rest
 * of choosing between the page and the API.
 */
function pathOf(target: string): string {
  const end = target.search(/[?#]/);
  const raw = end < 0 ? target : target.slice(0, end);
  return raw.startsWith('/') && !/[%\\]|\/\.\.?(?:\/|$)/.test(raw) ? raw : new URL(target, PLACEHOLDER_ORIGIN).pathname;
}

/**
 * Puts the admin page in front of a fetch-style handler: requests for the page and its assets go to
 * the page, everything else (the API) to `handle` unchanged. When `handle` offers the plain protocol
 * (`dispatch`), so does the result, and API requests on that path never build a Request or Response:
 * mounting the page costs the API nothing.
 */
export function withUi<H extends WrappedHandler>(handle: H, options: UiHandlerOptions = {}): WrappedHandler {
  const ui = createUiHandler(options);
  const fetchHandler: FetchHandler = (request) => (ui.owns(request) ? Promise.resolve(ui(request)) : handle(request));
  const inner = handle.dispatch;
  if (typeof inner !== 'function') return fetchHandler;
  const page = async (plain: PlainRequest) => {
    const url = new URL(plain.url, PLACEHOLDER_ORIGIN);
    const headers = new Headers();
    for (const name of PAGE_REQUEST_HEADERS) {
      const value = plain.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const response = ui(new Request(url, { method: plain.method, headers }));
    return { status: response.status, headers: Object.fromEntries(response.headers), body: response.body ? await response.text() : null };
  };
  // Not an async function itself: an API request goes to `inner` without a promise of its own.
  const dispatch: PlainHandler = (plain) => (ui.ownsPath(pathOf(plain.url)) ? page(plain) : inner(plain));
  return Object.assign(fetchHandler, { dispatch });
}
