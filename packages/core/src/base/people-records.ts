/**
 * What storages keep of people: users with a root role (and a scope, as a key has), their sign-in
 * sessions and their personal access tokens. Plain JSON values, as every record. A password is kept as
 * the host's hash only; a session or token secret as its SHA-256 only.
 */
import type { AdminRole } from './records';

/** Unleash's root roles: their ids, names and what each means here (the key role with the same rights). */
export const ROOT_ROLES = [
  {
    id: 1,
    name: 'Admin',
    role: 'admin',
    description:
      'Users with the root admin role have superuser access to Unleash and can perform any operation within the Unleash platform.',
  },
  {
    id: 2,
    name: 'Editor',
    role: 'editor',
    description:
      'Users with the root editor role have access to most features in Unleash, but can not manage users and roles in the root scope. Editors will be added as project owners when creating projects and get superuser rights within the context of these projects. Users with the editor role will also get access to most permissions on the default project by default.',
  },
  {
    id: 3,
    name: 'Viewer',
    role: 'viewer',
    description:
      'Users with the root viewer role can only read root resources in Unleash. Viewers can be added to specific projects as project members. Users with the viewer role may not view API tokens.',
  },
] as const satisfies readonly { id: number; name: string; role: AdminRole; description: string }[];

export type RootRoleName = (typeof ROOT_ROLES)[number]['name'];

export interface UserRecord {
  /** From the same counter as keys' ids (`apiKey`), so a principal's id names one key or one person. */
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  role: AdminRole;
  /** `["*"]` or project ids, as a key's scope. */
  projects: string[];
  /** `["*"]` or environment names. */
  environments: string[];
  /** The host's password hash (`passwordHasher.hash`); null for a person without a password (single sign-on). */
  passwordHash: string | null;
  createdAt: string;
  /** The last sign-in. */
  seenAt: string | null;
  /** Failed sign-ins in a row; a success sets it back to 0. */
  failedLogins: number;
  /** Sign-in is refused until this instant after too many failures. */
  lockedUntil: string | null;
  /** Moves when the person's sessions must end (role, scope or password changed): a session of an older one is refused. */
  sessionEpoch: number;
  /** The single sign-on identity the person was created or found by. */
  sso?: { issuer: string; subject: string };
  /** The password reset link an admin made last (one at a time): its token's SHA-256 only, until used or expired. */
  reset?: { tokenHash: string; createdAt: string; expiresAt: string; createdBy: string };
}

export interface SessionRecord {
  /** SHA-256 (hex) of the session id; the id itself is never stored. */
  idHash: string;
  userId: number;
  /** The person's `sessionEpoch` when the session opened. */
  epoch: number;
  createdAt: string;
  expiresAt: string;
}

export interface PersonalTokenRecord {
  /** From the `personalToken` sequence. */
  id: number;
  userId: number;
  description: string;
  /** Hex SHA-256 of the secret; the secret itself is never stored. */
  secretHash: string;
  createdAt: string;
  /** When set, the token authenticates only before this instant. */
  expiresAt: string | null;
}
