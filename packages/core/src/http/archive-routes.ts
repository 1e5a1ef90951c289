/**
 * The archive's routes with Unleash 8.2.0's paths, statuses and shapes: archive a feature (DELETE) or a
 * batch (all or none, with the dependency check in advance), revive, delete for good from the archive.
 */
import { empty, FEATURE, feature, PROJECT, write } from './feature-route-parts';
import type { Route } from './route';

export const ARCHIVE_ROUTES: readonly Route[] = [
  write({
    method: 'DELETE',
    path: FEATURE,
    summary: 'Archive a feature flag',
    operationId: 'archiveFeature',
    description: 'Unleash answers 202. 409 while live features depend on it; its own dependencies are removed.',
    etag: 'if-match',
    response: { status: 202 },
    errors: [400, 404, 409, 412],
    async run(admin, input) {
      await admin.archiveFeature(input.principal, { ...feature(input), ifMatch: input.headers.get('if-match') });
      return empty(202);
    },
  }),
  write({
    method: 'POST',
    path: `${PROJECT}/archive`,
    summary: 'Archive feature flags (all or none)',
    operationId: 'archiveFeatures',
    request: 'batchFeaturesBody',
    response: { status: 202 },
    errors: [400, 404, 409, 413, 415],
    async run(admin, input) {
      await admin.archiveFeatures(input.principal, { projectId: input.params['projectId']!, body: await input.json() });
      return empty(202);
    },
  }),
  write({
    method: 'POST',
    path: `${PROJECT}/archive/validate`,
    summary: 'What archiving feature flags would meet: parents whose children stay, dependencies that go',
    operationId: 'validateArchiveFeatures',
    request: 'batchFeaturesBody',
    response: { status: 200, schema: 'validateArchiveFeatures' },
    run: async (admin, input) => ({
      status: 200,
      body: await admin.validateArchiveFeatures(input.principal, { projectId: input.params['projectId']!, body: await input.json() }),
    }),
  }),
  write({
    method: 'POST',
    path: `${PROJECT}/revive`,
    summary: 'Revive archived feature flags (all or none)',
    operationId: 'reviveFeatures',
    request: 'batchFeaturesBody',
    async run(admin, input) {
      await admin.reviveFeatures(input.principal, { projectId: input.params['projectId']!, body: await input.json() });
      return empty(200);
    },
  }),
  write({
    method: 'POST',
    path: `${PROJECT}/delete`,
    summary: 'Delete archived feature flags for good (all or none)',
    operationId: 'deleteFeatures',
    request: 'batchFeaturesBody',
    errors: [400, 404, 409, 413, 415],
    async run(admin, input) {
      await admin.deleteFeatures(input.principal, { projectId: input.params['projectId']!, body: await input.json() });
      return empty(200);
    },
  }),
  write({
    method: 'POST',
    path: '/api/admin/archive/revive/:featureName',
    summary: 'Revive an archived feature flag',
    operationId: 'reviveFeature',
    errors: [400, 404],
    async run(admin, input) {
      await admin.reviveFeature(input.principal, { featureName: input.params['featureName']! });
      return empty(200);
    },
  }),
  write({
    method: 'DELETE',
    path: '/api/admin/archive/:featureName',
    summary: 'Delete an archived feature flag for good',
    operationId: 'deleteFeature',
    errors: [400, 404, 409],
    async run(admin, input) {
      await admin.deleteFeature(input.principal, { featureName: input.params['featureName']! });
      return empty(200);
    },
  }),
];
