import { requireAdmin, type Principal } from '../base/auth';
import { badData } from '../base/errors';
import type { UserRecord } from '../base/people-records';
import { userDocument, type UserDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { checkEmail, createUserInTx, roleOf, SSO_USERNAME_PREFIX, updateUserInTx } from '../writes/user-write';

export interface SsoIdentity {
  issuer: string;
  subject: string;
  email?: string | null;
  name?: string | null;
  /** The issuer's `preferred_username`: the username of a person created now, when no one has it. */
  username?: string | null;
  /** The root role of a person created now (id or name: `Viewer`, 3...); an existing person keeps theirs. */
  rootRole: number | string;
}

/**
 * The person of a single sign-on identity: found by issuer and subject, else by email (then bound to the
 * identity), else created with `rootRole` (event `user-created`). A person created gets the issuer's
 * `preferred_username` as username when no one has it; without an email and without that, `sso:<subject>`
 * (no one else may take a name starting with `sso:`), so an issuer that tells no email still signs people
 * in. A changed name or email is taken over (`user-updated`). ADMIN (`SYSTEM_PRINCIPAL`: the host's
 * callback has checked the identity).
 */
export async function findOrCreateSsoUser(ctx: AdminContext, principal: Principal, input: SsoIdentity): Promise<UserDocument> {
  requireAdmin(principal);
  if (!input.issuer || !input.subject) throw badData('A single sign-on identity needs its issuer and subject.');
  const email = input.email || null;
  if (email !== null) checkEmail(email);
  const role = roleOf(input.rootRole);
  const record = await ctx.write(async (tx) => {
    const users = await tx.list('users');
    const same = (u: UserRecord) => u.sso?.issuer === input.issuer && u.sso.subject === input.subject;
    const found =
      users.find(same) ?? (email === null ? undefined : users.find((u) => !u.sso && u.email?.toLowerCase() === email.toLowerCase()));
    if (!found) {
      const username = ssoUsername(users, input, email);
      const fields = { username, email, name: input.name ?? null, role, projects: ['*'], environments: ['*'], passwordHash: null };
      return createUserInTx(tx, ctx, principal, { ...fields, sso: { issuer: input.issuer, subject: input.subject } });
    }
    const after: UserRecord = {
      ...found,
      sso: { issuer: input.issuer, subject: input.subject },
      ...(email === null ? {} : { email }),
      ...(input.name ? { name: input.name } : {}),
    };
    return updateUserInTx(tx, ctx, principal, found, after);
  });
  return userDocument(record);
}

/**
 * A new single sign-on person's username: `preferred_username` when free, else (no email) one from the
 * subject. `users`: everyone, as the caller's transaction listed them.
 */
function ssoUsername(users: readonly UserRecord[], input: SsoIdentity, email: string | null): string | null {
  const taken = (username: string) => users.some((u) => u.username === username);
  const preferred = input.username?.trim().slice(0, 100);
  if (preferred && !preferred.includes('@') && !preferred.toLowerCase().startsWith(SSO_USERNAME_PREFIX) && !taken(preferred))
    return preferred;
  if (email !== null) return null;
  const own = `${SSO_USERNAME_PREFIX}${input.subject}`;
  // Taken only by the same subject at another issuer: then the issuer names it too.
  return taken(own) ? `${SSO_USERNAME_PREFIX}${input.issuer}#${input.subject}` : own;
}
