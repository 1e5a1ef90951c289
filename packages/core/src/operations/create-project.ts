import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { projectDocument, type ProjectDocument } from '../documents/project-document';
import { emptyStats } from '../documents/project-stats';
import { AdminError } from '../base/errors';
import type { ProjectMember, ProjectMode, ProjectRecord } from '../base/records';
import { assertValid } from '../schemas/validation';
import { isEnabledEnvironment } from '../documents/environment-document';
import { environments } from '../runtime/lookups';
import { checkStickiness, KnownContextFields } from '../rules/context-field-checks';

interface CreateProjectBody {
  id: string;
  name: string;
  description?: string;
  mode?: ProjectMode;
  defaultStickiness?: string;
  members?: ProjectMember[];
}

/**
 * Creates a project using every enabled environment of the instance (ADMIN), as Unleash does. Its
 * `defaultStickiness` (what a rollout added without one takes) is `default`, `random` or a context field
 * with stickiness on, else a 400 naming it (Unleash takes any text, and the strategies it then adds
 * name a stickiness no SDK context has).
 */
export async function createProject(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<ProjectDocument> {
  requireAdmin(principal);
  assertValid<CreateProjectBody>('createProject', input.body, 'project');
  const body = input.body;
  return ctx.write(async (tx) => {
    if (await tx.get('projects', body.id)) throw new AdminError('NameExistsError', `A project with id "${body.id}" already exists.`);
    const defaultStickiness = body.defaultStickiness ?? 'default';
    await checkStickiness(new KnownContextFields(tx, body.id), defaultStickiness, '/defaultStickiness');
    const record: ProjectRecord = {
      id: body.id,
      name: body.name,
      description: body.description ?? '',
      mode: body.mode ?? 'open',
      defaultStickiness,
      favorite: false,
      members: (body.members ?? []).map((m) => ({ ...m })),
      environments: [...(await environments(tx)).values()].filter(isEnabledEnvironment).map((e) => e.name),
      createdAt: ctx.now().toISOString(),
    };
    await tx.put('projects', record);
    await tx.put('projectStats', emptyStats(record.id));
    const document = projectDocument(record, emptyStats(record.id), ctx.now());
    await emit(tx, ctx, principal, [{ type: 'project-created', project: record.id, data: document }]);
    const stats = await tx.get('projectStats', record.id);
    return { ...document, updatedAt: stats?.lastEventAt ?? document.updatedAt };
  });
}
