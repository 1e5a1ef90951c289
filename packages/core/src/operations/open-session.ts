import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { getUserRecord, openSessionInTx } from '../runtime/people';

/**
 * Opens a session for a person a host has signed in itself (the bin's single sign-on callback):
 * `{sessionId, expiresAt}` for `sessionCookieHeader`. ADMIN (`SYSTEM_PRINCIPAL`); 404 for an unknown person.
 */
export async function openSession(
  ctx: AdminContext,
  principal: Principal,
  input: { userId: number },
): Promise<{ sessionId: string; expiresAt: string }> {
  requireAdmin(principal);
  return ctx.write(async (tx) => {
    const user = await getUserRecord(tx, input.userId);
    await tx.put('users', { ...user, seenAt: ctx.now().toISOString() });
    return openSessionInTx(tx, ctx, user);
  });
}
