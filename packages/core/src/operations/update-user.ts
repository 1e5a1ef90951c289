import { requireAdmin, type Principal } from '../base/auth';
import { userDocument, type UserDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { getUserRecord, userIdOf } from '../runtime/people';
import { assertValid } from '../schemas/validation';
import { checkEmail, roleOf, updateUserInTx } from '../writes/user-write';

interface UpdateUserBody {
  email?: string;
  name?: string;
  rootRole?: number | string;
  projects?: string[];
  environments?: string[];
}

/**
 * `PUT /api/admin/user-admin/:id` (Unleash's `updateUser`): the fields given replace the person's. A new
 * role or scope ends their sessions at once. Event `user-updated`. ADMIN.
 */
export async function updateUser(ctx: AdminContext, principal: Principal, input: { id: string; body: unknown }): Promise<UserDocument> {
  requireAdmin(principal);
  assertValid<UpdateUserBody>('updateUser', input.body, 'user');
  const body = input.body;
  const role = body.rootRole === undefined ? undefined : roleOf(body.rootRole);
  checkEmail(body.email);
  const record = await ctx.write(async (tx) => {
    const before = await getUserRecord(tx, userIdOf(input.id));
    const after = {
      ...before,
      ...(body.email === undefined ? {} : { email: body.email }),
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(role === undefined ? {} : { role }),
      ...(body.projects === undefined ? {} : { projects: body.projects }),
      ...(body.environments === undefined ? {} : { environments: body.environments }),
    };
    return updateUserInTx(tx, ctx, principal, before, after);
  });
  return userDocument(record);
}
