import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { checkPassword } from '../writes/user-write';

/**
 * `POST /api/admin/user-admin/validate-password` (Unleash's `validateUserPassword`): nothing when the
 * password meets the policy, else a 400 naming the first rule it fails, every one in `details`. Any admin principal.
 */
export async function validateUserPassword(_ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<void> {
  requireAdminKey(principal);
  assertValid<{ password: string }>('passwordBody', input.body, 'password');
  checkPassword(input.body.password);
}
