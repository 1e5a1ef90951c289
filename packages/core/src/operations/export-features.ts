import { canSeeProject, requireAdminKey, type Principal } from '../base/auth';
import { exportDocument, type ExportDocument } from '../documents/export-document';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { liveSegments } from '../rules/segment-lookup';
import { assertValid } from '../schemas/validation';

interface ExportQuery {
  environment: string;
  features?: string[];
  tag?: string;
  project?: string;
  downloadFile?: boolean;
}

/**
 * `POST /api/admin/features-batch/export` (Unleash's `exportFeatures`): the features named (archived ones
 * too, as Unleash), else those with a tag of that value, else a project's live ones, else every live one,
 * in one environment, as Unleash's export; only features of projects in the key's scope. Event:
 * `features-exported`, naming the features and the environment.
 */
export async function exportFeatures(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<ExportDocument> {
  requireAdminKey(principal);
  assertValid<ExportQuery>('exportQuery', input.body, 'export query');
  const query = input.body;
  return ctx.write(async (tx) => {
    const all = (await tx.list('features')).filter((f) => canSeeProject(principal, f.project));
    let features = all.filter((f) => !f.archived);
    if (query.tag !== undefined) features = all.filter((f) => f.tags.some((t) => t.value === query.tag));
    else if (query.features?.length) {
      const names = new Set(query.features);
      features = all.filter((f) => names.has(f.name));
    } else if (query.project !== undefined) features = features.filter((f) => f.project === query.project);
    features.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const document = exportDocument({
      features,
      environment: query.environment,
      contextFields: await tx.list('contextFields'),
      segments: await liveSegments(tx),
      tagTypes: await tx.list('tagTypes'),
    });
    await emit(tx, ctx, principal, [
      { type: 'features-exported', data: { environment: query.environment, features: features.map((f) => f.name) } },
    ]);
    return document;
  });
}
