import { requireUpdateFeature, type Principal } from '../base/auth';
import { badData, permissionDenied } from '../base/errors';
import { limitExceeded } from '../base/limits';
import type { AdminContext } from '../runtime/context';
import { importTarget } from '../rules/import-target';
import { cleanImportData, importReport, PERMISSION_NAMES, type ImportBody } from '../rules/import-report';
import { assertValid } from '../schemas/validation';
import { importInTx } from '../writes/import-write';

/**
 * `POST /api/admin/features-batch/import` (Unleash's `importToggles`): the export imported into the
 * project and environment, in one transaction: all of it or nothing. Refused before anything is written
 * when validation would report a missing permission (403) or an error (400, every error listed), or when
 * it holds more features than `featuresPerImport`.
 */
export async function importToggles(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<null> {
  assertValid<ImportBody>('importToggles', input.body, 'import');
  const body = input.body;
  requireUpdateFeature(principal, body.project);
  const count = new Set(body.data.features.map((f) => f.name)).size;
  if (count > ctx.limits.featuresPerImport)
    throw limitExceeded('featuresPerImport', ctx.limits.featuresPerImport, `Too many features in one import (${count})`, '/data/features');
  return ctx.write(async (tx) => {
    await importTarget(tx, body);
    const { data, archived } = await cleanImportData(tx, body.data);
    const report = await importReport(tx, principal, body, data, archived, ctx.limits);
    const [missing] = report.permissions;
    if (missing) {
      const permission = Object.entries(PERMISSION_NAMES).find(([, shown]) => shown === missing.affectedItems[0])![0];
      throw permissionDenied(`${missing.message} ${missing.affectedItems.join(', ')}`, { permission, project: body.project });
    }
    const [first] = report.errors;
    if (first)
      throw badData(
        `${first.message} ${first.affectedItems.join(', ')}`.trim(),
        report.errors.map((e) => ({ message: `${e.message} ${e.affectedItems.join(', ')}`.trim(), path: '/data' })),
      );
    await importInTx(tx, ctx, principal, body, data);
    return null;
  });
}
