/** What people's operations share: a person's principal, finding them, their tokens and sessions. */
import { hashSecret, randomHex, type Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import type { PasswordHasher } from '../base/password-policy';
import type { SessionRecord, UserRecord } from '../base/people-records';
import type { ReadTx, WriteTx } from '../base/storage';
import { personName } from '../documents/user-document';
import type { KnownKey } from './caches';
import type { AdminContext } from './context';

/** A person acts exactly as a key of their role and scope would. */
export function userPrincipal(user: UserRecord): Principal {
  return Object.freeze({
    id: user.id,
    name: personName(user),
    type: 'admin',
    role: user.role,
    projects: Object.freeze([...user.projects]),
    environments: Object.freeze([...user.environments]),
    user: true,
  });
}

/** A signed-in person (a session or a personal access token), else 403 as Unleash answers a key there. */
export function requirePerson(principal: Principal): void {
  if (!principal.user) throw new AdminError('NoAccessError', 'PATs require an authenticated user.');
}

export async function getUserRecord(tx: ReadTx, id: number): Promise<UserRecord> {
  const user = Number.isSafeInteger(id) && id > 0 ? await tx.get('users', String(id)) : undefined;
  if (!user) throw new AdminError('NotFoundError', `Could not find user with id ${id}`);
  return user;
}

/** The id in a path (`/user-admin/:id`): digits only, else 404 as an unknown id. */
export function userIdOf(text: string): number {
  return /^[1-9][0-9]{0,14}$/.test(text) ? Number(text) : -1;
}

/** The person a sign-in names: by email (any case) when it has an `@`, else by username. */
export async function findUserByLogin(tx: ReadTx, login: string): Promise<UserRecord | undefined> {
  const users = await tx.list('users');
  if (login.includes('@')) {
    const email = login.toLowerCase();
    return users.find((u) => u.email?.toLowerCase() === email);
  }
  return users.find((u) => u.username === login);
}

/** Whether a username or email is taken by someone (other than `except`). */
export async function nameTaken(tx: ReadTx, input: { username?: string | null; email?: string | null }, except?: number): Promise<boolean> {
  const email = input.email?.toLowerCase();
  return (await tx.list('users')).some(
    (u) => u.id !== except && ((input.username && u.username === input.username) || (email && u.email?.toLowerCase() === email)),
  );
}

/** A personal access token's principal (its person as they are now), for authentication; null when unknown. */
export async function knownPersonalToken(tx: ReadTx, hash: string): Promise<KnownKey | null> {
  const token = await tx.get('personalTokens', hash);
  if (!token || token.secretHash !== hash) return null;
  const user = await tx.get('users', String(token.userId));
  if (!user) return null;
  return { key: token.expiresAt === null ? {} : { expiresAt: token.expiresAt }, principal: userPrincipal(user) };
}

/** The person of a live session (not expired, their role and password unchanged since), else undefined. */
export async function sessionUser(tx: ReadTx, sessionId: string, now: number): Promise<UserRecord | undefined> {
  const session = await tx.get('sessions', await hashSecret(sessionId));
  if (!session || Date.parse(session.expiresAt) <= now) return undefined;
  const user = await tx.get('users', String(session.userId));
  return user && user.sessionEpoch === session.epoch ? user : undefined;
}

/** Opens a session for `user` in the caller's transaction: a new random id, stored as its hash only. */
export async function openSessionInTx(tx: WriteTx, ctx: AdminContext, user: UserRecord): Promise<{ sessionId: string; expiresAt: string }> {
  const sessionId = randomHex(32);
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.people.sessionTtlMs).toISOString();
  const record: SessionRecord = {
    idHash: await hashSecret(sessionId),
    userId: user.id,
    epoch: user.sessionEpoch,
    createdAt: now.toISOString(),
    expiresAt,
  };
  await tx.put('sessions', record);
  // Sessions that can no longer authenticate are removed as new ones open, so the collection stays small.
  for (const s of await tx.list('sessions')) {
    if (Date.parse(s.expiresAt) <= now.getTime()) await tx.delete('sessions', s.idHash);
  }
  return { sessionId, expiresAt };
}

/** Removes every session and personal access token of a person (deleted), in the caller's transaction. */
export async function removeCredentialsOf(tx: WriteTx, userId: number): Promise<void> {
  for (const s of await tx.list('sessions')) if (s.userId === userId) await tx.delete('sessions', s.idHash);
  for (const t of await tx.list('personalTokens')) if (t.userId === userId) await tx.delete('personalTokens', t.secretHash);
}

/** The host's hasher, or a 400 saying password sign-in is not set up. */
export function hasherOf(ctx: AdminContext): PasswordHasher {
  const hasher = ctx.people.passwordHasher;
  if (!hasher) throw new AdminError('BadDataError', 'Passwords are not enabled on this instance: its host gives no passwordHasher.');
  return hasher;
}

/** Checks a password against a fixed hash: the same work as a real check, for a name nobody has. */
export async function verifyNobody(ctx: AdminContext, hasher: PasswordHasher, password: string): Promise<void> {
  await hasher.verify(password, await ctx.people.nobodyHash());
}
