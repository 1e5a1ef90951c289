/** The admin API's routes: the Unleash admin endpoints flagadmin serves. */
import { requireAdmin, requireUpdateFeature } from '../base/auth';
import { projectsForKey } from '../runtime/projects-for-key';
import { created, JsonText, ok, type Route } from './route';

/** The admin API (admin keys). */
export const ADMIN_ROUTES: readonly Route[] = [
  {
    method: 'PATCH',
    path: '/api/admin/projects/:projectId/features/:featureName',
    summary: 'Modify a feature flag with RFC 6902 JSON Patch operations',
    operationId: 'patchFeature',
    description:
      'Applies the operations atomically (all or none) and writes one event per fact that changed. Checks run in this order: ' +
      '401, 403, 415, 413, 400, 404, 412 (If-Match), then the patch. The answer carries the new ETag.',
    etag: 'if-match',
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
    operationId: 'getFeature',
    etag: 'answer',
    auth: 'admin',
    response: { status: 200, schema: 'feature' },
    errors: [404],
    cachedPerRevision: true,
    async run(admin, { params, principal }) {
      const { feature, etag, until } = await admin.getFeature(principal, {
        projectId: params['projectId']!,
        featureName: params['featureName']!,
      });
      return { ...ok(feature, { etag }), ...(until === undefined ? {} : { until }) };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/projects/:projectId/features',
    summary: 'List the feature flags of a project',
    operationId: 'getFeatures',
    auth: 'admin',
    response: { status: 200, schema: 'features' },
    errors: [404],
    cachedPerRevision: true,
    async run(admin, { params, principal }) {
      const { until, ...answer } = await admin.listFeatures(principal, { projectId: params['projectId']! });
      return { ...ok(answer), ...(until === undefined ? {} : { until }) };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/projects/:projectId/features',
    summary: 'Create a feature flag',
    operationId: 'createFeature',
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
    operationId: 'getEvents',
    description: 'Newest first. Only the events of the projects the key may see; instance events (keys) with an all-projects key.',
    auth: 'admin',
    response: { status: 200, schema: 'events' },
    errors: [],
    query: [{ name: 'project', description: 'Only the events of this project, all of them (default: the last 100 of every project)' }],
    cachedPerRevision: true,
    run: async (admin, { query, principal }) => ok(new JsonText(await admin.listEventsJson(principal, { project: query.get('project') }))),
  },
  {
    method: 'GET',
    path: '/api/admin/projects',
    summary: 'Get a list of all projects',
    operationId: 'getProjects',
    auth: 'admin',
    response: { status: 200, schema: 'projects' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, { principal }) => {
      const { response, validUntil } = await projectsForKey(admin.context, principal);
      return { ...ok(response), until: validUntil };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/projects',
    summary: 'Create a project',
    operationId: 'createProject',
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
    operationId: 'getOutdatedProjectSdks',
    auth: 'admin',
    response: { status: 200, schema: 'outdatedSdks' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, { params, principal }) => ok(await admin.listOutdatedSdks(principal, { projectId: params['projectId']! })),
  },
];
