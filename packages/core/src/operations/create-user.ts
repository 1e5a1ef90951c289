import { requireAdmin, type Principal } from '../base/auth';
import { userDocument, type UserDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { hasherOf } from '../runtime/people';
import { assertValid } from '../schemas/validation';
import { checkEmail, checkPassword, checkUsername, createUserInTx, roleOf } from '../writes/user-write';

export interface CreateUserBody {
  username?: string;
  email?: string;
  name?: string;
  password?: string;
  rootRole: number | string;
  sendEmail?: boolean;
  projects?: string[];
  environments?: string[];
}

/**
 * `POST /api/admin/user-admin` (Unleash's `createUser`): 201 with the person (`emailSent: false`: no mail
 * is sent). A username or an email is needed, each free (400 `User already exists`); a password, when
 * given, must meet the policy and is stored as the host's hash. A username starting with `sso:` is a 400
 * (kept for people of single sign-on). Event `user-created`. ADMIN.
 */
export async function createUser(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown },
): Promise<UserDocument & { emailSent: false }> {
  requireAdmin(principal);
  assertValid<CreateUserBody>('createUser', input.body, 'user');
  const body = input.body;
  const role = roleOf(body.rootRole);
  checkEmail(body.email);
  checkUsername(body.username);
  let passwordHash: string | null = null;
  if (body.password !== undefined) {
    checkPassword(body.password);
    passwordHash = await hasherOf(ctx).hash(body.password);
  }
  const record = await ctx.write((tx) =>
    createUserInTx(tx, ctx, principal, {
      username: body.username ?? null,
      email: body.email ?? null,
      name: body.name ?? null,
      role,
      projects: body.projects ?? ['*'],
      environments: body.environments ?? ['*'],
      passwordHash,
    }),
  );
  return { ...(await userDocument(record)), emailSent: false };
}
