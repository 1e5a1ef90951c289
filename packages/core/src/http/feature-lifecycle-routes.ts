/**
 * Routes of a feature's lifecycle with Unleash 8.2.0's paths, statuses and shapes: PUT, clone, validate,
 * stale, bulk on/off, variants on several environments, lifecycle stages and links (the archive's routes:
 * archive-routes.ts). Writes check their permission before the body is read.
 */
import { requireUpdateFeatureEnvironment } from '../base/auth';
import { empty, FEATURE, feature, PROJECT, write } from './feature-route-parts';
import type { Route } from './route';

export const FEATURE_LIFECYCLE_ROUTES: readonly Route[] = [
  write({
    method: 'PUT',
    path: FEATURE,
    summary: "Update a feature flag's metadata (description, type, stale, impressionData; archived only false)",
    operationId: 'updateFeature',
    description: 'As Unleash: type, stale and impressionData take their defaults (release, false, false) when left out; description stays.',
    etag: 'if-match',
    request: 'updateFeatureBody',
    response: { status: 200, schema: 'feature' },
    errors: [400, 404, 412, 413, 415],
    async run(admin, input) {
      const { feature: body, etag } = await admin.updateFeature(input.principal, {
        ...feature(input),
        body: await input.json(),
        ifMatch: input.headers.get('if-match'),
      });
      return { status: 200, body, headers: { etag } };
    },
  }),
  {
    method: 'GET',
    path: `${FEATURE}/environments/:environment`,
    summary: 'Get a feature flag in one environment',
    operationId: 'getFeatureEnvironment',
    auth: 'admin',
    response: { status: 200, schema: 'featureEnvironment' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, input) => ({
      status: 200,
      body: await admin.getFeatureEnvironment(input.principal, { ...feature(input), environment: input.params['environment']! }),
    }),
  },
  write({
    method: 'POST',
    path: '/api/admin/features/validate',
    summary: 'Check that a feature flag name is valid and free (archived flags included)',
    operationId: 'validateFeature',
    request: 'validateFeatureBody',
    errors: [400, 409, 413, 415],
    async run(admin, input) {
      await admin.validateFeature(input.principal, { body: await input.json() });
      return empty(200);
    },
  }),
  write({
    method: 'POST',
    path: `${FEATURE}/clone`,
    summary: 'Clone a feature flag with its strategies, variants, tags and parents',
    operationId: 'cloneFeature',
    description: 'Unleash 8.2.0 answers 201 (its document says 200).',
    request: 'cloneFeatureBody',
    response: { status: 201, schema: 'feature' },
    errors: [400, 404, 409, 413, 415],
    run: async (admin, input) => ({
      status: 201,
      body: await admin.cloneFeature(input.principal, { ...feature(input), body: await input.json() }),
    }),
  }),
  write({
    method: 'POST',
    path: `${PROJECT}/stale`,
    summary: 'Mark feature flags stale or not stale',
    operationId: 'staleFeatures',
    request: 'batchStaleBody',
    response: { status: 202 },
    async run(admin, input) {
      await admin.staleFeatures(input.principal, { projectId: input.params['projectId']!, body: await input.json() });
      return empty(202);
    },
  }),
  ...(['on', 'off'] as const).map((state) =>
    write({
      method: 'POST',
      path: `${PROJECT}/bulk_features/environments/:environment/${state}`,
      summary: `Turn feature flags ${state} in an environment`,
      operationId: state === 'on' ? 'bulkToggleFeaturesEnvironmentOn' : 'bulkToggleFeaturesEnvironmentOff',
      request: 'batchFeaturesBody',
      authorize: (principal, params) => requireUpdateFeatureEnvironment(principal, params['projectId']!, params['environment']!),
      async run(admin, input) {
        await admin.bulkToggleEnvironment(input.principal, {
          projectId: input.params['projectId']!,
          environment: input.params['environment']!,
          enabled: state === 'on',
          body: await input.json(),
        });
        return empty(200);
      },
    }),
  ),
  write({
    method: 'PUT',
    path: `${FEATURE}/variants-batch`,
    summary: "Set a feature flag's variants in several environments",
    operationId: 'overwriteFeatureVariantsOnEnvironments',
    etag: 'if-match',
    request: 'pushVariantsBody',
    response: { status: 200, schema: 'featureVariants' },
    errors: [400, 404, 412, 413, 415],
    async run(admin, input) {
      const { result, etag } = await admin.overwriteVariantsOnEnvironments(input.principal, {
        ...feature(input),
        body: await input.json(),
        ifMatch: input.headers.get('if-match'),
      });
      return { status: 200, body: result, headers: { etag } };
    },
  }),
  write({
    method: 'POST',
    path: '/api/admin/constraints/validate',
    summary: 'Check a constraint as a strategy would take it',
    operationId: 'validateConstraint',
    request: 'constraintBody',
    response: { status: 204 },
    errors: [400, 413, 415],
    async run(admin, input) {
      await admin.validateConstraint(input.principal, { body: await input.json() });
      return empty(204);
    },
  }),
  {
    method: 'GET',
    path: `${FEATURE}/lifecycle`,
    summary: 'The lifecycle stages a feature flag entered',
    operationId: 'getFeatureLifecycle',
    auth: 'admin',
    response: { status: 200, schema: 'featureLifecycle' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, input) => ({ status: 200, body: await admin.getFeatureLifecycle(input.principal, feature(input)) }),
  },
  write({
    method: 'POST',
    path: `${FEATURE}/lifecycle/complete`,
    summary: 'Mark a feature flag completed (kept or discarded)',
    operationId: 'complete',
    request: 'featureLifecycleCompletedBody',
    async run(admin, input) {
      await admin.completeFeature(input.principal, { ...feature(input), body: await input.json() });
      return empty(200);
    },
  }),
  write({
    method: 'POST',
    path: `${FEATURE}/lifecycle/uncomplete`,
    summary: 'Take a feature flag out of the completed stage',
    operationId: 'uncomplete',
    errors: [400, 404],
    async run(admin, input) {
      await admin.uncompleteFeature(input.principal, feature(input));
      return empty(200);
    },
  }),
  {
    method: 'GET',
    path: '/api/admin/lifecycle/count',
    summary: 'How many feature flags are in each lifecycle stage',
    operationId: 'getFeatureLifecycleStageCount',
    auth: 'admin',
    response: { status: 200, schema: 'featureLifecycleCount' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, input) => ({ status: 200, body: await admin.countLifecycleStages(input.principal) }),
  },
  write({
    method: 'POST',
    path: `${FEATURE}/link`,
    summary: 'Add a link to a feature flag',
    operationId: 'createFeatureLink',
    request: 'linkBody',
    response: { status: 204 },
    async run(admin, input) {
      await admin.createFeatureLink(input.principal, { ...feature(input), body: await input.json() });
      return empty(204);
    },
  }),
  write({
    method: 'PUT',
    path: `${FEATURE}/link/:linkId`,
    summary: "Change a feature flag's link",
    operationId: 'updateFeatureLink',
    request: 'linkBody',
    response: { status: 204 },
    async run(admin, input) {
      await admin.updateFeatureLink(input.principal, { ...feature(input), linkId: input.params['linkId']!, body: await input.json() });
      return empty(204);
    },
  }),
  write({
    method: 'DELETE',
    path: `${FEATURE}/link/:linkId`,
    summary: "Remove a feature flag's link",
    operationId: 'deleteFeatureLink',
    response: { status: 204 },
    errors: [400, 404],
    async run(admin, input) {
      await admin.deleteFeatureLink(input.principal, { ...feature(input), linkId: input.params['linkId']! });
      return empty(204);
    },
  }),
];
