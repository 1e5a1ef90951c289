import type { Principal } from '../base/auth';
import { rootRoleDocument, type RoleDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { resetTokenOwner } from '../runtime/password-reset';

export interface TokenUserDocument {
  id: number;
  name?: string;
  /** The person's email, else their username (Unleash's tokenUserSchema requires one). */
  email: string;
  token: string;
  createdBy: string | null;
  role: RoleDocument;
}

/**
 * `GET /auth/reset/validate?token=` (Unleash's `validateToken`): the person a reset link is for while it
 * works (unused, not expired), so the page can greet them; a 401 otherwise. Public: the token is the proof.
 */
export async function validateResetToken(
  ctx: AdminContext,
  _principal: Principal | undefined,
  input: { token: unknown },
): Promise<TokenUserDocument> {
  const user = await ctx.read((tx) => resetTokenOwner(tx, input.token, ctx.now().getTime()));
  return {
    id: user.id,
    ...(user.name === null ? {} : { name: user.name }),
    email: user.email ?? user.username ?? '',
    token: input.token as string,
    createdBy: user.reset?.createdBy ?? null,
    role: rootRoleDocument(user.role),
  };
}
