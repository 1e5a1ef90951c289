/** People as the API answers them (Unleash's userSchema, patSchema): never a password, hash or secret. */
import { avatarUrl } from '../base/avatar';
import { ROOT_ROLES, type PersonalTokenRecord, type UserRecord } from '../base/people-records';
import type { AdminRole } from '../base/records';

export interface UserDocument {
  id: number;
  name: string | null;
  email?: string;
  username: string | null;
  imageUrl: string;
  seenAt: string | null;
  loginAttempts: number;
  createdAt: string;
  rootRole: number;
  accountType: 'User';
  /** flagadmin's scope of the person, only when it is not every project / environment. */
  projects?: string[];
  environments?: string[];
}

export interface RoleDocument {
  id: number;
  type: 'root';
  name: string;
  description: string;
}

const rootRoleOf = (role: AdminRole) => ROOT_ROLES.find((r) => r.role === role)!;

const roleDocument = ({ id, name, description }: (typeof ROOT_ROLES)[number]): RoleDocument => ({ id, type: 'root', name, description });

/** The root role's Unleash id for a key role (Admin 1, Editor 2, Viewer 3). */
export const rootRoleId = (role: AdminRole): number => rootRoleOf(role).id;

/** A key role's root role as the API answers it (Unleash's roleSchema). */
export const rootRoleDocument = (role: AdminRole): RoleDocument => roleDocument(rootRoleOf(role));

export const rootRoleDocuments = (): RoleDocument[] => ROOT_ROLES.map(roleDocument);

/** The name events, change requests and reviews give a person: their email, else their username. */
export const personName = (user: Pick<UserRecord, 'email' | 'username' | 'id'>): string => user.email ?? user.username ?? `user ${user.id}`;

export async function userDocument(user: UserRecord): Promise<UserDocument> {
  return {
    id: user.id,
    name: user.name,
    ...(user.email === null ? {} : { email: user.email }),
    username: user.username,
    imageUrl: await avatarUrl(personName(user)),
    seenAt: user.seenAt,
    loginAttempts: user.failedLogins,
    createdAt: user.createdAt,
    rootRole: rootRoleId(user.role),
    accountType: 'User',
    ...(user.projects.includes('*') ? {} : { projects: [...user.projects] }),
    ...(user.environments.includes('*') ? {} : { environments: [...user.environments] }),
  };
}

export interface PatDocument {
  id: number;
  description: string;
  expiresAt?: string;
  createdAt: string;
  seenAt: null;
  userId: number;
  /** Only in the answer that creates it. */
  secret?: string;
}

export function patDocument(token: PersonalTokenRecord): PatDocument {
  return {
    id: token.id,
    description: token.description,
    ...(token.expiresAt === null ? {} : { expiresAt: token.expiresAt }),
    createdAt: token.createdAt,
    seenAt: null,
    userId: token.userId,
  };
}
