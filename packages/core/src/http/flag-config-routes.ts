/**
 * Routes of flag configuration under a feature environment, with Unleash's paths and shapes. Every
 * write needs UPDATE_FEATURE_ENVIRONMENT with the environment in the key's scope, checked before the
 * body is read; answers of writes carry the feature's new ETag, and writes honour `If-Match`.
 */
import { requireUpdateFeatureEnvironment } from '../base/auth';
import type { Route, RouteInput, RouteResult } from './route';
import { SEGMENT_AND_DEPENDENCY_ROUTES } from './segment-dependency-routes';

const ENVIRONMENT = '/api/admin/projects/:projectId/features/:featureName/environments/:environment';
const STRATEGIES = `${ENVIRONMENT}/strategies`;
const STRATEGY = `${STRATEGIES}/:strategyId`;

/** The feature environment the path names, and the request's If-Match. */
const target = ({ params, headers }: RouteInput) => ({
  projectId: params['projectId']!,
  featureName: params['featureName']!,
  environment: params['environment']!,
  ifMatch: headers.get('if-match'),
});
const where = ({ params }: RouteInput) => ({
  projectId: params['projectId']!,
  featureName: params['featureName']!,
  environment: params['environment']!,
});

const authorize: Route['authorize'] = (principal, params) =>
  requireUpdateFeatureEnvironment(principal, params['projectId']!, params['environment']!);

const answer = (body: unknown, etag: string): RouteResult => ({ status: 200, body, headers: { etag } });
const WRITE_ERRORS = [400, 404, 409, 412, 413, 415];

/** A write with a JSON body under a feature environment, answering what the operation returns and the ETag. */
function bodyWrite(
  operationId: string,
  method: Route['method'],
  path: string,
  summary: string,
  request: NonNullable<Route['request']>,
  schema: NonNullable<Route['response']['schema']>,
  call: (admin: Parameters<Route['run']>[0], input: RouteInput, body: unknown) => Promise<{ result: unknown; etag: string }>,
): Route {
  return {
    method,
    path,
    summary,
    operationId,
    etag: 'if-match',
    auth: 'admin',
    request,
    response: { status: 200, schema },
    errors: WRITE_ERRORS,
    authorize,
    async run(admin, input) {
      const { result, etag } = await call(admin, input, await input.json());
      return answer(result, etag);
    },
  };
}

const strategyId = (input: RouteInput) => ({ ...target(input), strategyId: input.params['strategyId']! });

export const FLAG_CONFIG_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: STRATEGIES,
    summary: 'The strategies of a feature in an environment',
    operationId: 'getFeatureStrategies',
    auth: 'admin',
    response: { status: 200, schema: 'featureStrategies' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, input) => ({ status: 200, body: await admin.getStrategies(input.principal, where(input)) }),
  },
  bodyWrite(
    'addFeatureStrategy',
    'POST',
    STRATEGIES,
    'Add a strategy to a feature in an environment',
    'strategyBody',
    'featureStrategy',
    (admin, input, body) => admin.addStrategy(input.principal, { ...target(input), body }),
  ),
  {
    method: 'POST',
    path: `${STRATEGIES}/set-sort-order`,
    summary: 'Set the order of strategies: [{id, sortOrder}]',
    operationId: 'setStrategySortOrder',
    etag: 'if-match',
    auth: 'admin',
    request: 'strategySortOrder',
    response: { status: 200 },
    errors: WRITE_ERRORS,
    authorize,
    async run(admin, input) {
      const { etag } = await admin.setStrategySortOrder(input.principal, { ...target(input), body: await input.json() });
      return { status: 200, body: null, headers: { etag } };
    },
  },
  {
    method: 'GET',
    path: STRATEGY,
    summary: 'One strategy of a feature in an environment',
    operationId: 'getFeatureStrategy',
    auth: 'admin',
    response: { status: 200, schema: 'featureStrategy' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, input) => ({
      status: 200,
      body: await admin.getStrategy(input.principal, { ...where(input), strategyId: input.params['strategyId']! }),
    }),
  },
  bodyWrite('updateFeatureStrategy', 'PUT', STRATEGY, 'Replace one strategy', 'strategyBody', 'featureStrategy', (admin, input, body) =>
    admin.updateStrategy(input.principal, { ...strategyId(input), body }),
  ),
  bodyWrite(
    'patchFeatureStrategy',
    'PATCH',
    STRATEGY,
    'Modify one strategy with RFC 6902 JSON Patch operations',
    'patchOperations',
    'featureStrategy',
    (admin, input, patch) => admin.patchStrategy(input.principal, { ...strategyId(input), patch }),
  ),
  {
    method: 'DELETE',
    path: STRATEGY,
    summary: 'Remove one strategy',
    operationId: 'deleteFeatureStrategy',
    etag: 'if-match',
    auth: 'admin',
    response: { status: 200 },
    errors: [404, 412],
    authorize,
    async run(admin, input) {
      const { etag } = await admin.deleteStrategy(input.principal, strategyId(input));
      return { status: 200, body: null, headers: { etag } };
    },
  },
  ...(['on', 'off'] as const).map(
    (state): Route => ({
      method: 'POST',
      path: `${ENVIRONMENT}/${state}`,
      summary:
        state === 'on'
          ? 'Enable a feature in an environment (adds the default strategy when it has none)'
          : 'Disable a feature in an environment',
      operationId: state === 'on' ? 'toggleFeatureEnvironmentOn' : 'toggleFeatureEnvironmentOff',
      etag: 'if-match',
      auth: 'admin',
      response: { status: 200, schema: 'feature' },
      errors: [404, 412],
      authorize,
      async run(admin, input) {
        const { feature, etag } = await admin.toggleEnvironment(input.principal, { ...target(input), enabled: state === 'on' });
        return answer(feature, etag);
      },
    }),
  ),
  {
    method: 'GET',
    path: `${ENVIRONMENT}/variants`,
    summary: 'The variants of a feature in an environment',
    operationId: 'getEnvironmentFeatureVariants',
    auth: 'admin',
    response: { status: 200, schema: 'featureVariants' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, input) => ({ status: 200, body: await admin.getEnvironmentVariants(input.principal, where(input)) }),
  },
  bodyWrite(
    'overwriteEnvironmentFeatureVariants',
    'PUT',
    `${ENVIRONMENT}/variants`,
    'Replace the variants of a feature in an environment',
    'environmentVariantsBody',
    'featureVariants',
    (admin, input, body) => admin.putEnvironmentVariants(input.principal, { ...target(input), body }),
  ),
  bodyWrite(
    'patchEnvironmentsFeatureVariants',
    'PATCH',
    `${ENVIRONMENT}/variants`,
    'Modify the variants of a feature in an environment with RFC 6902 JSON Patch operations',
    'patchOperations',
    'featureVariants',
    (admin, input, patch) => admin.patchEnvironmentVariants(input.principal, { ...target(input), patch }),
  ),
  ...SEGMENT_AND_DEPENDENCY_ROUTES,
];
