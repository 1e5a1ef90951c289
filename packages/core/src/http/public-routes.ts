/** Routes anyone may call, without a key: liveness, readiness and the OpenAPI document. */
import { AdminError, storageUnavailableMessage } from '../base/errors';
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
 * Readiness, for orchestrators' probes: 200 once the storage answers a read (the instance defaults
 * written first on a fresh storage) and, when the storage has `ready()`, says a write can be made
 * durable; 503 while it cannot (a database down or unreachable, a disk full), naming the cause when
 * the storage exposes it.
 */
export const READY_ROUTE: Route = {
  method: 'GET',
  path: '/ready',
  summary: 'Readiness check: whether the storage answers and can take writes (no key needed)',
  operationId: 'getReady',
  description:
    'For orchestrators: 200 once a read on the storage answers and the storage can make a write durable, 503 while it cannot (for example its database is down or its disk is full).',
  auth: 'none',
  response: { status: 200, schema: 'health' },
  errors: [503],
  run: async (admin) => {
    try {
      await admin.context.read((tx) => tx.revision());
      await admin.context.storage.ready?.();
    } catch (error) {
      const message = storageUnavailableMessage(error) ?? 'The storage does not answer; not ready';
      throw new AdminError('ServiceUnavailableError', message, { cause: error, headers: { 'retry-after': '1' } });
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
