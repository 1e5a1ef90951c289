/** Routes anyone may call, without a key: liveness and the OpenAPI document. */
import { openApiDocument } from './openapi';
import type { Route } from './route';

export const HEALTH_ROUTE: Route = {
  method: 'GET',
  path: '/health',
  summary: 'Liveness check (no key needed)',
  auth: 'none',
  response: { status: 200, schema: 'health' },
  errors: [],
  run: async () => ({ status: 200, body: { health: 'GOOD' } }),
};

/** The OpenAPI document of `routes()` (a function: the table includes this route), built once per instance. */
export function openApiRoute(routes: () => readonly Route[]): Route {
  return {
    method: 'GET',
    path: '/docs/openapi.json',
    summary: 'This OpenAPI 3.1 document (no key needed)',
    auth: 'none',
    response: { status: 200 },
    errors: [],
    run: async (admin) => ({
      status: 200,
      body: await admin.context.caches.openApi.get(0, 'document', async () => openApiDocument(routes())),
    }),
  };
}
