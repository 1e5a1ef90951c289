/** Usage metrics and applications: what SDKs reported, per feature and per application (any admin key, as Unleash). */
import { ok, type Route } from './route';

const METRICS = '/api/admin/metrics';

export const USAGE_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/admin/client-metrics/features/:name',
    summary: "A feature's usage in the current hour per environment, and the applications that saw it in the last 24 hours",
    operationId: 'getFeatureUsageSummary',
    auth: 'admin',
    response: { status: 200, schema: 'featureUsage' },
    errors: [404],
    run: async (admin, { principal, params }) => ok(await admin.getFeatureUsageSummary(principal, { featureName: params['name']! })),
  },
  {
    method: 'GET',
    path: '/api/admin/client-metrics/features/:name/raw',
    summary: "A feature's usage per environment, application and hour over the last hoursBack hours (default 24)",
    operationId: 'getRawFeatureMetrics',
    auth: 'admin',
    response: { status: 200, schema: 'featureMetrics' },
    errors: [404],
    query: [{ name: 'hoursBack', description: 'Hours to answer, 1 to 48 (or to the retention when longer); else 24' }],
    run: async (admin, { principal, params, query }) =>
      ok(await admin.getRawFeatureMetrics(principal, { featureName: params['name']!, hoursBack: query.get('hoursBack') })),
  },
  {
    method: 'GET',
    path: `${METRICS}/applications`,
    summary: 'The applications that registered or reported usage, a page of them by name',
    operationId: 'getApplications',
    auth: 'admin',
    response: { status: 200, schema: 'applications' },
    errors: [],
    query: [
      { name: 'query', description: 'Only applications whose name contains this (any case)' },
      { name: 'offset', description: 'Applications to skip (default 0)' },
      { name: 'limit', description: 'Applications in the page, 1 to 1000 (default 1000)' },
      { name: 'sortBy', description: 'appName (the only order)' },
      { name: 'sortOrder', description: 'asc (default) or desc' },
    ],
    run: async (admin, { principal, query }) =>
      ok(
        await admin.getApplications(principal, {
          query: query.get('query'),
          offset: query.get('offset'),
          limit: query.get('limit'),
          sortOrder: query.get('sortOrder'),
        }),
      ),
  },
  {
    method: 'GET',
    path: `${METRICS}/applications/:appName`,
    summary: 'One application: its SDK, strategies and the projects it used',
    operationId: 'getApplication',
    auth: 'admin',
    response: { status: 200, schema: 'application' },
    errors: [404],
    run: async (admin, { principal, params }) => ok(await admin.getApplication(principal, { appName: params['appName']! })),
  },
  {
    method: 'GET',
    path: `${METRICS}/applications/:appName/overview`,
    summary: "An application's projects, features and environments with their instances, SDKs and issues",
    operationId: 'getApplicationOverview',
    auth: 'admin',
    response: { status: 200, schema: 'applicationOverview' },
    errors: [404],
    run: async (admin, { principal, params }) => ok(await admin.getApplicationOverview(principal, { appName: params['appName']! })),
  },
  {
    method: 'GET',
    path: `${METRICS}/instances/:appName/environment/:environment`,
    summary: "An application's instances seen in one environment in the last 24 hours",
    operationId: 'getApplicationEnvironmentInstances',
    auth: 'admin',
    response: { status: 200, schema: 'applicationEnvironmentInstances' },
    errors: [404],
    run: async (admin, { principal, params }) =>
      ok(await admin.getApplicationEnvironmentInstances(principal, { appName: params['appName']!, environment: params['environment']! })),
  },
  {
    method: 'GET',
    path: `${METRICS}/sdks/outdated`,
    summary: 'The outdated SDK versions applications run, each with the applications running it',
    operationId: 'getOutdatedSdks',
    auth: 'admin',
    response: { status: 200, schema: 'outdatedSdks' },
    errors: [404],
    run: async (admin, { principal }) => ok(await admin.getOutdatedSdks(principal)),
  },
];
