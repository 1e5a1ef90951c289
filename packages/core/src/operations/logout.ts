import { hashSecret, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';

/** `POST /logout` (Unleash's logout): ends the session the cookie names, when there is one. Public; no event. */
export async function logout(
  ctx: AdminContext,
  _principal: Principal | undefined,
  input: { sessionId: string | undefined },
): Promise<void> {
  if (input.sessionId === undefined) return;
  const idHash = await hashSecret(input.sessionId);
  await ctx.write(async (tx) => {
    if (await tx.get('sessions', idHash)) await tx.delete('sessions', idHash);
  });
}
