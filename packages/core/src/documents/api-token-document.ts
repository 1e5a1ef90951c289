/** An API key as the admin API shows it: never its secret or hash. */
import type { AdminRole, ApiKeyRecord, KeyType } from '../base/records';

export interface ApiTokenDocument {
  id: number;
  tokenName: string;
  type: KeyType;
  role: AdminRole | null;
  projects: string[];
  project: string;
  environment: string;
  createdAt: string;
  /** null: the key never expires. */
  expiresAt: string | null;
}

export function apiTokenDocument(key: ApiKeyRecord): ApiTokenDocument {
  const project = key.projects.includes('*') ? '*' : key.projects.length === 1 ? key.projects[0]! : '[]';
  return {
    id: key.id,
    tokenName: key.name,
    type: key.type,
    role: key.role,
    projects: key.projects,
    project,
    environment: key.environments[0] ?? '*',
    createdAt: key.createdAt,
    expiresAt: key.expiresAt ?? null,
  };
}
