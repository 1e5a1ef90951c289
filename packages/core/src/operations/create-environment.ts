import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { environmentDocument, type EnvironmentDocument } from '../documents/environment-document';
import { AdminError } from '../base/errors';
import type { EnvironmentRecord } from '../base/vocabulary-records';
import { assertValid } from '../schemas/validation';

interface CreateEnvironmentBody {
  name: string;
  type: string;
  enabled?: boolean;
  sortOrder?: number;
  requiredApprovals?: number | null;
}

/**
 * `POST /api/admin/environments` (ADMIN; Unleash Enterprise's createEnvironment): enabled unless
 * `enabled: false`, placed after every other environment unless `sortOrder` is given, used by no project
 * yet (add it to a project to use it). 409 when the name is taken. Event: `environment-created`.
 */
export async function createEnvironment(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<EnvironmentDocument> {
  requireAdmin(principal);
  assertValid<CreateEnvironmentBody>('createEnvironment', input.body, 'environment');
  const body = input.body;
  return ctx.write(async (tx) => {
    if (await tx.get('environments', body.name)) {
      throw new AdminError('NameExistsError', `An environment named "${body.name}" already exists.`);
    }
    const others = await tx.list('environments');
    const record: EnvironmentRecord = {
      name: body.name,
      type: body.type,
      sortOrder: body.sortOrder ?? Math.max(0, ...others.map((e) => e.sortOrder)) + 100,
      enabled: body.enabled ?? true,
      protected: false,
      ...(body.requiredApprovals != null ? { requiredApprovals: body.requiredApprovals } : {}),
      createdAt: ctx.now().toISOString(),
    };
    await tx.put('environments', record);
    const document = environmentDocument(record);
    await emit(tx, ctx, principal, [{ type: 'environment-created', data: document }]);
    return document;
  });
}
