/** The whole HTTP API on plain data: route, authenticate, authorize, run, answer; every failure a JSON error. */
import { AdminError, toAdminError } from '../base/errors';
import type { Authenticated } from '../operations/authenticate';
import { authenticateRequest } from './session-auth';
import { readJson } from './body';
import { DEFAULT_BODY_LIMIT, type HandlerOptions, type PlainHandler, type PlainRequest, type PlainResponse } from './plain';
import { requestIdOf } from './request-id';
import { headResponse, plainResponse } from './response';
import { answerKey, runCachedPerRevision } from './revision-cached-run';
import { withCors } from './cors';
import { requireKeyType } from './route';
import { createRouter, splitTarget } from './router';
import { ALL_ROUTES } from './routes';

const match = createRouter(ALL_ROUTES);

/**
 * The whole HTTP API as a function of plain data. Never throws: every failure is a JSON error.
 */
export function createDispatch(options: HandlerOptions): PlainHandler {
  const { admin } = options;
  const { caches } = admin.context;
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const logger = options.logger ?? admin.context.logger;

  return withCors(admin.context, async function dispatch(request: PlainRequest): Promise<PlainResponse> {
    const started = Date.now();
    const requestId = requestIdOf(request.headers.get('x-request-id'));
    let routePath = 'unmatched';
    let response: PlainResponse;
    try {
      const { pathname, query } = splitTarget(request.url);
      const found = match(request.method, pathname);
      if (!found) throw new AdminError('NotFoundError', `No route for ${request.method} ${pathname}.`);
      if ('allow' in found) {
        throw new AdminError('MethodNotAllowedError', `${request.method} is not allowed here; use ${found.allow.join(', ')}.`, {
          headers: { allow: found.allow.join(', ') },
        });
      }
      const { route, params } = found;
      routePath = route.path;
      let authenticated: Authenticated | undefined;
      if (route.auth !== 'none') {
        authenticated = await authenticateRequest(admin.context, request, route.auth);
        requireKeyType(route, authenticated.principal);
        route.authorize?.(authenticated.principal, params);
      }
      const principal = authenticated?.principal;
      const input = {
        params,
        query,
        principal: principal!,
        headers: request.headers,
        url: request.url,
        json: () => readJson(request, Math.max(limit, route.bodyLimit ?? 0), admin.context.limits.jsonDepth),
        ...(request.remoteAddress === undefined ? {} : { remoteAddress: request.remoteAddress }),
      };
      const result =
        route.cachedPerRevision && authenticated
          ? await runCachedPerRevision(
              admin,
              route,
              input,
              answerKey(authenticated.principal.id, pathname, route, query),
              authenticated.revision,
            )
          : await route.run(admin, input);
      response = plainResponse(result, requestId, caches);
    } catch (caught) {
      const error = toAdminError(caught);
      error.id = requestId;
      if (error.name === 'InternalError') {
        logger.error({ requestId, route: routePath, err: caught }, 'request failed');
      }
      response = plainResponse(
        { status: error.status, body: error.toJSON(), ...(error.headers ? { headers: error.headers } : {}) },
        requestId,
        caches,
      );
    }
    logger.info(
      { method: request.method, route: routePath, status: response.status, durationMs: Date.now() - started, requestId },
      'request',
    );
    return request.method === 'HEAD' ? headResponse(response) : response;
  });
}
