import type { Admin } from '../admin';
import {
  requireAdmin,
  requireAdminKey,
  requireClientKey,
  requireUpdateFeature,
  requireUpdateFeatureEnvironment,
  type Principal,
} from '../auth';
import { ifNoneMatchHits } from '../operations/client-features';
import type { SchemaId } from '../schemas';
import { FLAG_CONFIG_ROUTES } from './routes-flag-config';

/** Read access to request headers (a WHATWG `Headers` fits); names are case-insensitive. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** What a route handler gets: the decoded path parameters, the query, the principal and lazy body access. */
export interface RouteInput {
  params: Record<string, string>;
  query: URLSearchParams;
  principal: Principal;
  headers: HeaderReader;
  /** Checks the content type (415), reads within the limit (413) and parses JSON (400). */
  json(): Promise<unknown>;
}

export interface RouteResult {
  status: number;
  /** A JSON value, or a JsonText: a body already serialized (sent as is). */
  body: unknown;
  headers?: Record<string, string>;
}

/** A body that is already JSON text. */
export class JsonText {
  constructor(readonly json: string) {}
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Express-style pattern: `/api/admin/projects/:projectId`. */
  path: string;
  summary: string;
  /** Admin or client keys; `none` for public routes (health, docs). */
  auth: 'admin' | 'client' | 'none';
  request?: SchemaId;
  /** The success status and its body schema. */
  response: { status: number; schema?: SchemaId };
  /** Error statuses this route documents beyond 401/403. */
  errors: number[];
  /**
   * The permission check, made before anything about the body (415, 413, 400), so a key without the
   * permission learns nothing more (BEHAVIOUR §3 order). The operation checks again itself.
   */
  authorize?(principal: Principal, params: Record<string, string>): void;
  run(admin: Admin, input: RouteInput): Promise<RouteResult>;
}

const ok = (body: unknown, headers?: Record<string, string>): RouteResult => ({ status: 200, body, ...(headers ? { headers } : {}) });
const created = (body: unknown): RouteResult => ({ status: 201, body });
const accepted: RouteResult = { status: 202, body: null };

const clientHints = (h: HeaderReader) => ({ sdkVersion: h.get('unleash-sdk'), instanceId: h.get('unleash-instanceid') });

export const ROUTES: readonly Route[] = [
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
    path: '/api/admin/projects/:projectId/change-requests/:id',
    summary: 'Retrieve one change request by id',
    auth: 'admin',
    response: { status: 200, schema: 'changeRequest' },
    errors: [404],
    run: async (admin, { params, principal }) =>
      ok(await admin.getChangeRequest(principal, { projectId: params['projectId']!, id: params['id']! })),
  },
  {
    method: 'POST',
    path: '/api/admin/projects/:projectId/environments/:environment/change-requests',
    summary: "Add changes to the caller's draft change request",
    auth: 'admin',
    request: 'changeRequestChanges',
    response: { status: 201, schema: 'changeRequest' },
    errors: [400, 404, 413, 415],
    authorize: (principal, params) => requireUpdateFeatureEnvironment(principal, params['projectId']!, params['environment']!),
    async run(admin, { params, principal, json }) {
      const { changeRequest, created: isNew } = await admin.addChangeRequestChanges(principal, {
        projectId: params['projectId']!,
        environment: params['environment']!,
        body: await json(),
      });
      return { status: isNew ? 201 : 200, body: changeRequest };
    },
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
  {
    method: 'GET',
    path: '/api/client/features',
    summary: "The features of the key's projects and environment, in Unleash's client format (client keys)",
    auth: 'client',
    response: { status: 200, schema: 'clientFeatures' },
    errors: [],
    async run(admin, { principal, query, headers }) {
      const { body, etag } = await admin.getClientFeatures(principal, {
        project: query.getAll('project'),
        namePrefix: query.get('namePrefix'),
        clientSpec: headers.get('unleash-client-spec'),
      });
      if (ifNoneMatchHits(headers.get('if-none-match'), etag)) return { status: 304, body: null, headers: { etag } };
      return ok(body, { etag });
    },
  },
  {
    method: 'POST',
    path: '/api/client/register',
    summary: 'Register an SDK instance (client keys)',
    auth: 'client',
    request: 'clientRegister',
    response: { status: 202 },
    errors: [400, 413, 415],
    async run(admin, { principal, headers, json }) {
      await admin.registerClient(principal, { body: await json(), hints: clientHints(headers) });
      return accepted;
    },
  },
  {
    method: 'POST',
    path: '/api/client/metrics',
    summary: 'Report feature usage metrics (client keys)',
    auth: 'client',
    request: 'clientMetrics',
    response: { status: 202 },
    errors: [400, 413, 415],
    async run(admin, { principal, headers, json }) {
      await admin.recordMetrics(principal, { body: await json(), hints: clientHints(headers) });
      return accepted;
    },
  },
  ...FLAG_CONFIG_ROUTES,
];

/** The key-type check every authenticated route makes before anything else. */
export function requireKeyType(route: Route, principal: Principal): void {
  if (route.auth === 'admin') requireAdminKey(principal);
  else if (route.auth === 'client') requireClientKey(principal);
}
