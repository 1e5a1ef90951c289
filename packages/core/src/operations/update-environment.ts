import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { environmentDocument, type EnvironmentDocument } from '../documents/environment-document';
import { requireUnprotected } from '../rules/environment-protection';
import { assertValid } from '../schemas/validation';
import { jsonEqual } from '../base/json';
import { environmentNamed } from '../runtime/environment-lookup';

interface UpdateEnvironmentBody {
  type?: string;
  sortOrder?: number;
  requiredApprovals?: number | null;
}

/**
 * `PUT /api/admin/environments/update/:name` (ADMIN; Unleash Enterprise's updateEnvironment): its type,
 * sort order, required approvals; name, enabled and protected stay. 404 unknown, 400 protected. Event:
 * `environment-updated` (none when nothing changes).
 */
export async function updateEnvironment(
  ctx: AdminContext,
  principal: Principal,
  input: { name: string; body: unknown },
): Promise<EnvironmentDocument> {
  requireAdmin(principal);
  assertValid<UpdateEnvironmentBody>('updateEnvironment', input.body, 'environment');
  const body = input.body;
  return ctx.write(async (tx) => {
    const stored = await environmentNamed(tx, input.name);
    requireUnprotected(stored, 'changed');
    const updated = {
      ...stored,
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.sortOrder !== undefined ? { sortOrder: body.sortOrder } : {}),
      ...(body.requiredApprovals !== undefined ? { requiredApprovals: body.requiredApprovals } : {}),
    };
    const before = environmentDocument(stored);
    const after = environmentDocument(updated);
    if (jsonEqual(before, after)) return after;
    await tx.put('environments', updated);
    await emit(tx, ctx, principal, [{ type: 'environment-updated', data: after, preData: before }]);
    return after;
  });
}
