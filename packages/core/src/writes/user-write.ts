/** Every write of a person: their fields checked, the record stored with its event (never a password or hash). */
import type { Principal } from '../base/auth';
import { AdminError, badData } from '../base/errors';
import { passwordProblems } from '../base/password-policy';
import { ROOT_ROLES, type UserRecord } from '../base/people-records';
import type { AdminRole } from '../base/records';
import type { WriteTx } from '../base/storage';
import { userDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { nameTaken } from '../runtime/people';

/** A root role as Unleash takes it (its id, or its name); a project role or an unknown one is a 400. */
export function roleOf(rootRole: number | string): AdminRole {
  const found = ROOT_ROLES.find((r) => r.id === rootRole || r.name === rootRole || String(r.id) === rootRole);
  if (!found)
    throw badData(`Could not find root role ${JSON.stringify(rootRole)}: a person's root role is Admin (1), Editor (2) or Viewer (3).`);
  return found.role;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Unleash's check of an email (an address with a domain). */
export function checkEmail(email: string | undefined): void {
  if (email !== undefined && !EMAIL.test(email))
    throw badData(`"email" must be a valid email`, [{ message: '"email" must be a valid email', path: '/email' }]);
}

/** The start of the usernames made for people of single sign-on without an email: no one else may take one. */
export const SSO_USERNAME_PREFIX = 'sso:';

/** A username given to `createUser`: none starts with SSO_USERNAME_PREFIX (kept for single sign-on). */
export function checkUsername(username: string | undefined): void {
  if (username?.toLowerCase().startsWith(SSO_USERNAME_PREFIX))
    throw badData(`"username" must not start with "${SSO_USERNAME_PREFIX}": such names are kept for people of single sign-on`, [
      { message: `"username" must not start with "${SSO_USERNAME_PREFIX}"`, path: '/username' },
    ]);
}

/** Unleash's password policy: a 400 whose message is the first rule failed and whose details list each. */
export function checkPassword(password: string | undefined): void {
  if (!password) throw badData('Password cannot be empty or undefined');
  const problems = passwordProblems(password);
  if (problems.length)
    throw badData(
      problems[0]!,
      problems.map((message) => ({ message, path: '/password' })),
    );
}

/** What a new person is made of; the rest (id, times, sign-in state) is set here. */
export type NewUser = Pick<UserRecord, 'username' | 'email' | 'name' | 'role' | 'projects' | 'environments' | 'passwordHash' | 'sso'>;

/** Stores a new person (an id from the keys' counter) and `user-created`, in the caller's transaction. */
export async function createUserInTx(tx: WriteTx, ctx: AdminContext, actor: Principal, fields: NewUser): Promise<UserRecord> {
  if (!fields.username && !fields.email) throw badData('You must specify username or email');
  if (await nameTaken(tx, fields)) throw badData('User already exists');
  const record: UserRecord = {
    id: await tx.nextSequence('apiKey'),
    ...fields,
    createdAt: ctx.now().toISOString(),
    seenAt: null,
    failedLogins: 0,
    lockedUntil: null,
    sessionEpoch: 0,
  };
  await tx.put('users', record);
  await emit(tx, ctx, actor, [{ type: 'user-created', data: await userDocument(record) }]);
  return record;
}

/**
 * Stores a changed person with `user-updated` (before and after). A change of role, scope or password
 * moves `sessionEpoch`: every session they have ends at once.
 */
export async function updateUserInTx(
  tx: WriteTx,
  ctx: AdminContext,
  actor: Principal,
  before: UserRecord,
  after: UserRecord,
): Promise<UserRecord> {
  if (after.email !== before.email && after.email !== null && (await nameTaken(tx, { email: after.email }, after.id))) {
    throw new AdminError('BadDataError', 'User already exists');
  }
  const access = (u: UserRecord) => JSON.stringify([u.role, u.projects, u.environments, u.passwordHash]);
  const record = access(after) === access(before) ? after : { ...after, sessionEpoch: before.sessionEpoch + 1 };
  await tx.put('users', record);
  const [data, preData] = [await userDocument(record), await userDocument(before)];
  if (JSON.stringify(data) !== JSON.stringify(preData)) await emit(tx, ctx, actor, [{ type: 'user-updated', data, preData }]);
  return record;
}
