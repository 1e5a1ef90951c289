import { SYSTEM_PRINCIPAL } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { hasherOf } from '../runtime/people';
import { createUserInTx } from '../writes/user-write';

/**
 * The first admin (Unleash's `UNLEASH_DEFAULT_ADMIN_USERNAME` / `_PASSWORD`): created with the Admin role
 * when nobody exists yet, else nothing (a later start never resets a password). True when created.
 */
export async function ensureDefaultAdmin(ctx: AdminContext, input: { username: string; password: string }): Promise<boolean> {
  const passwordHash = await hasherOf(ctx).hash(input.password);
  return ctx.write(async (tx) => {
    if ((await tx.list('users')).length > 0) return false;
    const fields = {
      username: input.username,
      email: null,
      name: null,
      role: 'admin' as const,
      projects: ['*'],
      environments: ['*'],
      passwordHash,
    };
    await createUserInTx(tx, ctx, SYSTEM_PRINCIPAL, fields);
    return true;
  });
}
