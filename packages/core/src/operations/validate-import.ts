import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { importTarget } from '../rules/import-target';
import { cleanImportData, importReport, type ImportBody, type ImportReport } from '../rules/import-report';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/admin/features-batch/validate` (Unleash's `validateImport`): what importing the body would
 * do, as Unleash reports it (errors that stop it, warnings, the permissions the key lacks); writes
 * nothing. Any admin key may ask: the missing permissions are part of the answer.
 */
export async function validateImport(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<ImportReport> {
  requireAdminKey(principal);
  assertValid<ImportBody>('importToggles', input.body, 'import');
  const body = input.body;
  return ctx.read(async (tx) => {
    await importTarget(tx, body);
    const { data, archived } = await cleanImportData(tx, body.data);
    return importReport(tx, principal, body, data, archived, ctx.limits);
  });
}
