/** Routes anyone may call, without a key: liveness, readiness and the OpenAPI document. */
import { AdminError } from '../base/errors';
import { openApiDocument } from './openapi';
import type { Route } from './route';

export const HEALTH_ROUTE: Route = {
  method: 'GET',
  path: '/health',
  summary: 'Liveness check (no key needed)',
  operationId: 'getHealth',
  auth: 'none',
  response: { status: 200, schema: 'health' },
  errors: [],
  run: async () => ({ status: 200, body: { health: 'GOOD' } }),
};

/**
 * Readiness: 200 once the storage answers a read (the instance defaults written first on a fresh
 * storage), 503 while it does not (a database down or unreachable), for orchestrators' probes.
 */
export const READY_ROUTE: Route = {
  method: 'GET',
  path: '/ready',
  summary: 'Readiness check: whether the storage answers (no key needed)',
  operationId: 'getReady',
  description: 'For orchestrators: 200 once a read on the storage answers, 503 while it does not (for example its database is down).',
  auth: 'none',
  response: { status: 200, schema: 'health' },
  errors: [503],
  run: async (admin) => {
    try {
      await admin.context.read((tx) => tx.revision());
    } catch (error) {
      throw new AdminError('ServiceUnavailableError', 'The storage does not answer; not ready', { cause: error, headers: { 'retry-after': '1' } });
    }
    return { status: 200, body: { health: 'GOOD' } };
  },
};

/** The OpenAPI document of `routes()` (a function: the table includes this route), built once per instance. */
export function openApiRoute(routes: () => readonly Route[]): Route {
  return {
    method: 'GET',
    path: '/docs/openapi.json',
    summary: 'This OpenAPI 3.1 document (no key needed)',
    operationId: 'getOpenApiSpec',
    auth: 'none',
    response: { status: 200 },
    errors: [],
    run: async (admin) => ({
      status: 200,
      body: await admin.context.caches.openApi.get(0, 'document', async () => openApiDocument(routes())),
    }),
  };
}
