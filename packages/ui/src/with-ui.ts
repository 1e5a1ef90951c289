import { createUiHandler, type UiHandlerOptions } from './handler';

/** Any fetch-style handler, such as flagadmin core's `handle`. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * Puts the admin page in front of a fetch-style handler: requests for the page and its assets go to
 * the page, everything else (the API) to `handle` unchanged.
 */
export function withUi(handle: FetchHandler, options: UiHandlerOptions = {}): FetchHandler {
  const ui = createUiHandler(options);
  return (request) => (ui.owns(request) ? Promise.resolve(ui(request)) : handle(request));
}
