import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';

/**
 * `GET /api/admin/user-admin/admin-count` (Unleash's `getAdminCount`): people with the Admin root role with
 * a password and without one (single sign-on only), and admin service accounts (none here: admin keys are
 * keys, not accounts). ADMIN.
 */
export async function getAdminCount(
  ctx: AdminContext,
  principal: Principal,
): Promise<{ password: number; noPassword: number; service: number }> {
  requireAdmin(principal);
  const admins = (await ctx.read((tx) => tx.list('users'))).filter((u) => u.role === 'admin');
  const password = admins.filter((u) => u.passwordHash !== null).length;
  return { password, noPassword: admins.length - password, service: 0 };
}
