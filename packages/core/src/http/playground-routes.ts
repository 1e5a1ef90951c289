/** The playground (which flags are on for a context, and why) and the UI configuration with its CORS origins. */
import { ok, type Route } from './route';

export const PLAYGROUND_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/api/admin/playground',
    summary: 'Evaluate every flag of the projects in one environment for a context, and say why (any admin key)',
    operationId: 'getPlayground',
    auth: 'admin',
    request: 'playgroundRequest',
    response: { status: 200, schema: 'playgroundResponse' },
    errors: [400, 413, 415],
    run: async (admin, { principal, json }) => ok(await admin.getPlayground(principal, { body: await json() })),
  },
  {
    method: 'POST',
    path: '/api/admin/playground/advanced',
    summary: 'Evaluate every flag in several environments for every context a request describes (any admin key)',
    operationId: 'getAdvancedPlayground',
    description:
      'A context value with commas is one context per part; every combination is evaluated (at most playgroundEvaluations in all).',
    auth: 'admin',
    request: 'advancedPlaygroundRequest',
    response: { status: 200, schema: 'advancedPlaygroundResponse' },
    errors: [400, 413, 415],
    run: async (admin, { principal, json }) => ok(await admin.getAdvancedPlayground(principal, { body: await json() })),
  },
  {
    method: 'GET',
    path: '/api/admin/ui-config',
    summary: "The instance's UI configuration: name, version and the frontend API's CORS origins (any admin key)",
    operationId: 'getUiConfig',
    auth: 'admin',
    response: { status: 200, schema: 'uiConfig' },
    errors: [],
    async run(admin, { principal, headers }) {
      const host = headers.get('host');
      return ok(await admin.getUiConfig(principal, { origin: host ? `http://${host}` : '' }));
    },
  },
  {
    method: 'POST',
    path: '/api/admin/ui-config/cors',
    summary: 'Set the origins browsers may read the frontend API and OFREP from (ADMIN)',
    operationId: 'setCors',
    auth: 'admin',
    request: 'setCors',
    response: { status: 204 },
    errors: [400, 404, 413, 415],
    async run(admin, { principal, json }) {
      await admin.setCors(principal, { body: await json() });
      return { status: 204, body: null };
    },
  },
];
