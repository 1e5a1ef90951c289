/** Unleash 8.2.0's import and export routes (`features-batch`), with its operationIds and statuses. */
import { requireAdminKey } from '../base/auth';
import { ok, type Route } from './route';

const BATCH = '/api/admin/features-batch';
/** An import's body may be larger than other requests: 10 MiB (the features in it are bounded by `featuresPerImport`). */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const EXPORT_IMPORT_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: `${BATCH}/export`,
    summary: "Export features of one environment in Unleash's format: by names, by tag value, by project, or all",
    operationId: 'exportFeatures',
    auth: 'admin',
    request: 'exportQuery',
    response: { status: 200, schema: 'exportResult' },
    errors: [400, 413, 415],
    authorize: requireAdminKey,
    run: async (admin, { principal, json }) => ok(await admin.exportFeatures(principal, { body: await json() })),
  },
  {
    method: 'POST',
    path: `${BATCH}/validate`,
    summary: 'What an import would do: errors, warnings and missing permissions; writes nothing',
    operationId: 'validateImport',
    auth: 'admin',
    request: 'importToggles',
    response: { status: 200, schema: 'importValidation' },
    errors: [400, 404, 413, 415],
    bodyLimit: IMPORT_BODY_LIMIT,
    authorize: requireAdminKey,
    run: async (admin, { principal, json }) => ok(await admin.validateImport(principal, { body: await json() })),
  },
  {
    method: 'POST',
    path: `${BATCH}/import`,
    summary: 'Import an export into a project and environment, in one transaction (all or nothing)',
    operationId: 'importToggles',
    auth: 'admin',
    request: 'importToggles',
    response: { status: 200 },
    errors: [400, 404, 413, 415],
    bodyLimit: IMPORT_BODY_LIMIT,
    authorize: requireAdminKey,
    async run(admin, { principal, json }) {
      await admin.importToggles(principal, { body: await json() });
      return { status: 200, body: null };
    },
  },
];
