/** Routes of segments (`/api/admin/segments`) and feature dependencies, with Unleash's paths. */
import { requireAdminKey, requireUpdateFeature } from '../base/auth';
import type { Route, RouteInput } from './route';

const DEPENDENCIES = '/api/admin/projects/:projectId/features/:featureName/dependencies';
const child = ({ params }: RouteInput) => ({ projectId: params['projectId']!, featureName: params['featureName']! });
const authorizeChild: Route['authorize'] = (principal, params) => requireUpdateFeature(principal, params['projectId']!);

export const SEGMENT_AND_DEPENDENCY_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/admin/segments',
    summary: 'The segments of every project and of the projects in the key scope',
    operationId: 'getSegments',
    auth: 'admin',
    response: { status: 200, schema: 'segments' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, { principal }) => ({ status: 200, body: await admin.listSegments(principal) }),
  },
  {
    method: 'POST',
    path: '/api/admin/segments',
    summary: 'Create a segment',
    operationId: 'createSegment',
    auth: 'admin',
    request: 'segmentBody',
    response: { status: 201, schema: 'segment' },
    errors: [400, 409, 413, 415],
    authorize: requireAdminKey,
    run: async (admin, { principal, json }) => ({ status: 201, body: await admin.createSegment(principal, { body: await json() }) }),
  },
  {
    method: 'GET',
    path: '/api/admin/segments/:id',
    summary: 'One segment',
    operationId: 'getSegment',
    auth: 'admin',
    response: { status: 200, schema: 'segment' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ({ status: 200, body: await admin.getSegment(principal, { id: params['id']! }) }),
  },
  {
    method: 'PUT',
    path: '/api/admin/segments/:id',
    summary: 'Replace a segment',
    operationId: 'updateSegment',
    auth: 'admin',
    request: 'segmentBody',
    response: { status: 204 },
    errors: [400, 404, 409, 413, 415],
    async run(admin, { principal, params, json }) {
      await admin.updateSegment(principal, { id: params['id']!, body: await json() });
      return { status: 204, body: null };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/segments/:id',
    summary: 'Delete a segment no strategy uses',
    operationId: 'removeSegment',
    auth: 'admin',
    response: { status: 204 },
    errors: [404, 409],
    async run(admin, { principal, params }) {
      await admin.deleteSegment(principal, { id: params['id']! });
      return { status: 204, body: null };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/segments/validate',
    summary: 'Check that no segment has the name: 204 when free, 409 when taken',
    operationId: 'validateSegment',
    auth: 'admin',
    request: 'segmentNameBody',
    response: { status: 204 },
    errors: [400, 409, 413, 415],
    async run(admin, { principal, json }) {
      await admin.validateSegment(principal, { body: await json() });
      return { status: 204, body: null };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/segments/:id/strategies',
    summary: 'The strategies using the segment, of the projects in the key scope',
    operationId: 'getStrategiesBySegmentId',
    auth: 'admin',
    response: { status: 200, schema: 'segmentStrategies' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ({
      status: 200,
      body: await admin.getStrategiesBySegmentId(principal, { id: params['id']! }),
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/segments/strategies/:strategyId',
    summary: 'The segments a strategy uses (none for an unknown strategy or one outside the key scope)',
    operationId: 'getSegmentsByStrategyId',
    auth: 'admin',
    response: { status: 200, schema: 'segments' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ({
      status: 200,
      body: await admin.getSegmentsByStrategyId(principal, { strategyId: params['strategyId']! }),
    }),
  },
  {
    method: 'POST',
    path: DEPENDENCIES,
    summary: 'Make the feature depend on a parent feature of the same project: {feature, enabled?, variants?}',
    operationId: 'addDependency',
    etag: 'answer',
    auth: 'admin',
    request: 'dependencyBody',
    response: { status: 200, schema: 'feature' },
    errors: [400, 404, 413, 415],
    authorize: authorizeChild,
    async run(admin, input) {
      const { feature, etag } = await admin.addDependency(input.principal, { ...child(input), body: await input.json() });
      return { status: 200, body: feature, headers: { etag } };
    },
  },
  {
    method: 'DELETE',
    path: `${DEPENDENCIES}/:parent`,
    summary: 'Remove the dependency on one parent',
    operationId: 'deleteDependency',
    etag: 'answer',
    auth: 'admin',
    response: { status: 200, schema: 'feature' },
    errors: [404],
    authorize: authorizeChild,
    async run(admin, input) {
      const { feature, etag } = await admin.deleteDependency(input.principal, { ...child(input), parent: input.params['parent']! });
      return { status: 200, body: feature, headers: { etag } };
    },
  },
  {
    method: 'DELETE',
    path: DEPENDENCIES,
    summary: 'Remove every dependency of the feature',
    operationId: 'deleteDependencies',
    etag: 'answer',
    auth: 'admin',
    response: { status: 200, schema: 'feature' },
    errors: [404],
    authorize: authorizeChild,
    async run(admin, input) {
      const { feature, etag } = await admin.deleteDependencies(input.principal, child(input));
      return { status: 200, body: feature, headers: { etag } };
    },
  },
];
