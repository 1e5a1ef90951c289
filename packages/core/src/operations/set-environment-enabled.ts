import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { environmentDocument, isEnabledEnvironment } from '../documents/environment-document';
import { environmentNamed } from '../runtime/environment-lookup';

/**
 * `POST /api/admin/environments/:name/on|off` (ADMIN). A disabled environment is served to no SDK (its
 * features answer disabled) and new projects leave it out; projects using it keep it. The state it has
 * is no change (no event); a change is one `environment-updated` event. 404 for an unknown name.
 */
export async function setEnvironmentEnabled(
  ctx: AdminContext,
  principal: Principal,
  input: { name: string; enabled: boolean },
): Promise<void> {
  requireAdmin(principal);
  await ctx.write(async (tx) => {
    const stored = await environmentNamed(tx, input.name);
    if (isEnabledEnvironment(stored) === input.enabled) return;
    const updated = { ...stored, enabled: input.enabled };
    await tx.put('environments', updated);
    await emit(tx, ctx, principal, [
      { type: 'environment-updated', data: environmentDocument(updated), preData: environmentDocument(stored) },
    ]);
  });
}
