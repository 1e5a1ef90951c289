/** The admin API's routes: the Unleash admin endpoints flagadmin serves. */
import { requireAdmin, requireUpdateFeature } from '../auth';
import { created, JsonText, ok, type Route } from './route';

/** The admin API (admin keys). */
export const ADMIN_ROUTES: readonly Route[] = [
  {
    method: 'PATCH',
    path: '/api/admin/projects/:projectId/features/:featureName',
    summary: 'Modify a feature flag with RFC 6902 JSON Patch operations',
    auth: 'admin',
    request: 'patchOperations',
    response: { status: 200, schema: 'feature' },
    errors: [400, 404, 409, 412, 413, 415],
    authorize: (principal, params) => requireUpdateFeature(principal, params['projectId']!),
    async run(admin, { params, principal, headers, json }) {
      const patch = await json();
      const { feature, etag } = await admin.patchFeature(principal, {
        projectId: params['projectId']!,
        featureName: params['featureName']!,
        patch,
        ifMatch: headers.get('if-match'),
      });
      return ok(feature, { etag });
    },
  },
  {
    method: 'GET',
    path: '/api/admin/projects/:projectId/features/:featureName',
    summary: 'Get one feature flag',
    auth: 'admin',
    response: { status: 200, schema: 'feature' },
    errors: [404],
    async run(admin, { params, principal }) {
      const { feature, etag } = await admin.getFeature(principal, { projectId: params['projectId']!, featureName: params['featureName']! });
      return ok(feature, { etag });
    },
  },
  {
    method: 'GET',
    path: '/api/admin/projects/:projectId/features',
    summary: 'List the feature flags of a project',
    auth: 'admin',
    response: { status: 200, schema: 'features' },
    errors: [404],
    run: async (admin, { params, principal }) => ok(await admin.listFeatures(principal, { projectId: params['projectId']! })),
  },
  {
    method: 'POST',
    path: '/api/admin/projects/:projectId/features',
    summary: 'Create a feature flag',
    auth: 'admin',
    request: 'createFeature',
    response: { status: 201, schema: 'feature' },
    errors: [400, 404, 409, 413, 415],
    authorize: (principal, params) => requireUpdateFeature(principal, params['projectId']!),
    run: async (admin, { params, principal, json }) =>
      created(await admin.createFeature(principal, { projectId: params['projectId']!, body: await json() })),
  },
  {
    method: 'GET',
    path: '/api/admin/events',
    summary: 'Get the most recent events (the last 100), or all events of one project',
    auth: 'admin',
    response: { status: 200, schema: 'events' },
    errors: [],
    query: [{ name: 'project', description: 'Only the events of this project, all of them (default: the last 100 of every project)' }],
    run: async (admin, { query, principal }) => ok(new JsonText(await admin.listEventsJson(principal, { project: query.get('project') }))),
  },
  {
    method: 'GET',
    path: '/api/admin/projects',
    summary: 'Get a list of all projects',
    auth: 'admin',
    response: { status: 200, schema: 'projects' },
    errors: [],
    run: async (admin, { principal }) => ok(await admin.listProjects(principal)),
  },
  {
    method: 'POST',
    path: '/api/admin/projects',
    summary: 'Create a project',
    auth: 'admin',
    request: 'createProject',
    response: { status: 201, schema: 'project' },
    errors: [400, 409, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, json }) => created(await admin.createProject(principal, { body: await json() })),
  },
  {
    method: 'GET',
    path: '/api/admin/projects/:projectId/sdks/outdated',
    summary: 'Get outdated project SDKs',
    auth: 'admin',
    response: { status: 200, schema: 'outdatedSdks' },
    errors: [404],
    run: async (admin, { params, principal }) => ok(await admin.listOutdatedSdks(principal, { projectId: params['projectId']! })),
  },
  {
    method: 'POST',
    path: '/api/admin/api-tokens',
    summary: 'Create an API token (the secret is returned once)',
    auth: 'admin',
    request: 'createApiToken',
    response: { status: 201, schema: 'apiToken' },
    errors: [400, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, json }) => created(await admin.createApiKey(principal, { body: await json() })),
  },
];
