/** Routes of integrations (Unleash's addons), with Unleash 8.2.0's paths, operationIds and statuses. */
import { requireAdmin } from '../base/auth';
import { accepted, created, ok, type Route } from './route';

const ADDONS = '/api/admin/addons';

export const ADDON_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: ADDONS,
    summary: 'The integrations (secret parameters as *****) and the providers built here',
    operationId: 'getAddons',
    auth: 'admin',
    response: { status: 200, schema: 'addons' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, { principal }) => ok(await admin.getAddons(principal)),
  },
  {
    method: 'POST',
    path: ADDONS,
    summary: 'Create an integration: a provider, its parameters, the events, projects and environments sent',
    operationId: 'createAddon',
    auth: 'admin',
    request: 'addonCreateUpdate',
    response: { status: 201, schema: 'addon' },
    errors: [400, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, json }) => created(await admin.createAddon(principal, { body: await json() })),
  },
  {
    method: 'GET',
    path: `${ADDONS}/:id`,
    summary: 'One integration (secret parameters as *****)',
    operationId: 'getAddon',
    auth: 'admin',
    response: { status: 200, schema: 'addon' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ok(await admin.getAddon(principal, { id: params['id']! })),
  },
  {
    method: 'PUT',
    path: `${ADDONS}/:id`,
    summary: 'Change an integration; a secret parameter sent as ***** keeps its value',
    operationId: 'updateAddon',
    auth: 'admin',
    request: 'addonCreateUpdate',
    response: { status: 200, schema: 'addon' },
    errors: [400, 404, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, params, json }) => ok(await admin.updateAddon(principal, { id: params['id']!, body: await json() })),
  },
  {
    method: 'DELETE',
    path: `${ADDONS}/:id`,
    summary: 'Delete an integration (an unknown one is no change)',
    operationId: 'deleteAddon',
    auth: 'admin',
    response: { status: 200 },
    errors: [],
    authorize: requireAdmin,
    async run(admin, { principal, params }) {
      await admin.deleteAddon(principal, { id: params['id']! });
      return { status: 200, body: null };
    },
  },
  {
    method: 'GET',
    path: `${ADDONS}/:id/events`,
    summary: "An integration's latest deliveries, newest first: sent, or failed after the retries",
    operationId: 'getIntegrationEvents',
    auth: 'admin',
    query: [
      { name: 'limit', description: 'At most this many (1-100; 50 otherwise)' },
      { name: 'offset', description: 'Skip this many' },
    ],
    response: { status: 200, schema: 'integrationEvents' },
    errors: [400, 404],
    authorize: requireAdmin,
    run: async (admin, { principal, params, query }) =>
      ok(await admin.getIntegrationEvents(principal, { id: params['id']!, limit: query.get('limit'), offset: query.get('offset') })),
  },
  {
    method: 'POST',
    path: `${ADDONS}/:id/test`,
    summary: 'Send a test message to an integration (beyond Unleash): an event delivered to it alone; its outcome is among its events',
    operationId: 'testAddon',
    auth: 'admin',
    response: { status: 202 },
    errors: [404],
    authorize: requireAdmin,
    async run(admin, { principal, params }) {
      await admin.testAddon(principal, { id: params['id']! });
      return accepted;
    },
  },
];
