/**
 * Routes of environments (`/api/admin/environments`, a project's environments) and feature types, with
 * Unleash 8.2.0's paths; creating, changing and deleting an environment with Unleash Enterprise's.
 */
import { requireAdmin, requireUpdateProject } from '../base/auth';
import type { Route, RouteInput } from './route';

const ENVIRONMENTS = '/api/admin/environments';
const PROJECT_ENVIRONMENTS = '/api/admin/projects/:projectId/environments';
const authorizeProject: Route['authorize'] = (principal, params) => requireUpdateProject(principal, params['projectId']!);
const emptyOk = { status: 200, body: null } as const;

function toggleRoute(enabled: boolean): Route {
  const on = enabled ? 'on' : 'off';
  return {
    method: 'POST',
    path: `${ENVIRONMENTS}/:name/${on}`,
    summary: enabled
      ? 'Enable an environment: served to SDKs again, offered to new projects'
      : 'Disable an environment: served to no SDK (its features answer disabled), left out of new projects',
    operationId: enabled ? 'toggleEnvironmentOn' : 'toggleEnvironmentOff',
    auth: 'admin',
    response: { status: 204 },
    errors: [404],
    authorize: requireAdmin,
    async run(admin, { principal, params }) {
      await admin.setEnvironmentEnabled(principal, { name: params['name']!, enabled });
      return { status: 204, body: null };
    },
  };
}

function updateRoute(path: string, operationId: string, summary: string): Route {
  return {
    method: 'PUT',
    path,
    summary,
    operationId,
    auth: 'admin',
    request: 'updateEnvironment',
    response: { status: 200, schema: 'environment' },
    errors: [400, 404, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, params, json }: RouteInput) => ({
      status: 200,
      body: await admin.updateEnvironment(principal, { name: params['name']!, body: await json() }),
    }),
  };
}

export const ENVIRONMENT_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: ENVIRONMENTS,
    summary: 'Every environment, by sort order, with its counts of projects, API tokens and enabled flags',
    operationId: 'getAllEnvironments',
    auth: 'admin',
    response: { status: 200, schema: 'environments' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, { principal }) => ({ status: 200, body: await admin.getAllEnvironments(principal) }),
  },
  {
    method: 'POST',
    path: ENVIRONMENTS,
    summary: 'Create an environment: {name, type, enabled?, sortOrder?, requiredApprovals?} (Unleash Enterprise)',
    operationId: 'createEnvironment',
    auth: 'admin',
    request: 'createEnvironment',
    response: { status: 201, schema: 'environment' },
    errors: [400, 409, 413, 415],
    authorize: requireAdmin,
    async run(admin, { principal, json }) {
      const body = await admin.createEnvironment(principal, { body: await json() });
      return { status: 201, body, headers: { location: `environments/${encodeURIComponent(body.name)}` } };
    },
  },
  {
    method: 'PUT',
    path: `${ENVIRONMENTS}/sort-order`,
    summary: 'Set the sort order of the named environments: {name: sortOrder}; others, and unknown names, are left as they are',
    operationId: 'updateSortOrder',
    auth: 'admin',
    request: 'environmentSortOrder',
    response: { status: 200 },
    errors: [400, 413, 415],
    authorize: requireAdmin,
    async run(admin, { principal, json }) {
      await admin.updateEnvironmentSortOrder(principal, { body: await json() });
      return emptyOk;
    },
  },
  {
    method: 'GET',
    path: `${ENVIRONMENTS}/project/:projectId`,
    summary: 'Every environment as the project sees it: visible when the project uses it, its default strategy',
    operationId: 'getProjectEnvironments',
    auth: 'admin',
    response: { status: 200, schema: 'projectEnvironments' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ({
      status: 200,
      body: await admin.getProjectEnvironments(principal, { projectId: params['projectId']! }),
    }),
  },
  {
    method: 'GET',
    path: `${ENVIRONMENTS}/:name`,
    summary: 'One environment',
    operationId: 'getEnvironment',
    auth: 'admin',
    response: { status: 200, schema: 'environment' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ({ status: 200, body: await admin.getEnvironment(principal, { name: params['name']! }) }),
  },
  updateRoute(
    `${ENVIRONMENTS}/update/:name`,
    'updateEnvironment',
    "Change an environment's type, sort order or required approvals (Unleash Enterprise)",
  ),
  updateRoute(`${ENVIRONMENTS}/:name`, 'updateEnvironmentByName', 'The same as PUT /api/admin/environments/update/:name'),
  {
    method: 'DELETE',
    path: `${ENVIRONMENTS}/:name`,
    summary: 'Delete an environment: its flag configuration, project use and change-request settings go, its API tokens stop working',
    operationId: 'removeEnvironment',
    auth: 'admin',
    response: { status: 200 },
    errors: [400, 404],
    authorize: requireAdmin,
    async run(admin, { principal, params }) {
      await admin.deleteEnvironment(principal, { name: params['name']! });
      return emptyOk;
    },
  },
  toggleRoute(true),
  toggleRoute(false),
  {
    method: 'POST',
    path: PROJECT_ENVIRONMENTS,
    summary: 'Use an environment in the project: {environment, changeRequestsEnabled?, defaultStrategy?}',
    operationId: 'addEnvironmentToProject',
    auth: 'admin',
    request: 'addProjectEnvironment',
    response: { status: 200 },
    errors: [400, 404, 409, 413, 415],
    authorize: authorizeProject,
    async run(admin, { principal, params, json }) {
      await admin.addEnvironmentToProject(principal, { projectId: params['projectId']!, body: await json() });
      return emptyOk;
    },
  },
  {
    method: 'DELETE',
    path: `${PROJECT_ENVIRONMENTS}/:environment`,
    summary: 'Stop using an environment in the project; its flag configuration there is kept for a re-add',
    operationId: 'removeEnvironmentFromProject',
    auth: 'admin',
    response: { status: 200 },
    errors: [400, 404],
    authorize: authorizeProject,
    async run(admin, { principal, params }) {
      await admin.removeEnvironmentFromProject(principal, { projectId: params['projectId']!, environment: params['environment']! });
      return emptyOk;
    },
  },
  {
    method: 'POST',
    path: `${PROJECT_ENVIRONMENTS}/:environment/default-strategy`,
    summary: 'Set the strategy enabling a flag with none adds in the environment (flexibleRollout; `*`: every environment of the project)',
    operationId: 'addDefaultStrategyToProjectEnvironment',
    auth: 'admin',
    request: 'strategyBody',
    response: { status: 200, schema: 'defaultStrategy' },
    errors: [400, 404, 413, 415],
    authorize: authorizeProject,
    run: async (admin, { principal, params, json }) => ({
      status: 200,
      body: await admin.updateProjectDefaultStrategy(principal, {
        projectId: params['projectId']!,
        environment: params['environment']!,
        body: await json(),
      }),
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/feature-types',
    summary: 'The feature types with their lifetimes (days until a flag of the type is potentially stale; null: never)',
    operationId: 'getAllFeatureTypes',
    auth: 'admin',
    response: { status: 200, schema: 'featureTypes' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, { principal }) => ({ status: 200, body: await admin.getFeatureTypes(principal) }),
  },
  {
    method: 'PUT',
    path: '/api/admin/feature-types/:id/lifetime',
    summary: "Set a feature type's lifetime: {lifetimeDays}, null or 0 for never potentially stale",
    operationId: 'updateFeatureTypeLifetime',
    auth: 'admin',
    request: 'featureTypeLifetime',
    response: { status: 200, schema: 'featureType' },
    errors: [400, 404, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, params, json }) => ({
      status: 200,
      body: await admin.updateFeatureTypeLifetime(principal, { id: params['id']!, body: await json() }),
    }),
  },
];
