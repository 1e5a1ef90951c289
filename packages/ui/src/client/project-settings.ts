// A project's settings calls: creating a project, and its change-request settings per environment.
import { api, seg } from './api';
import type { Project } from './types';

export interface ChangeRequestSetting {
  environment: string;
  type: string;
  changeRequestEnabled: boolean;
  requiredApprovals: number;
}

export interface NewProject {
  id: string;
  name: string;
  description?: string;
}

/** `POST /api/admin/projects` (ADMIN): the project as the API stored it. */
export async function createProject(body: NewProject): Promise<Project> {
  return (await api<Project>('/api/admin/projects', { method: 'POST', body })).data;
}

export async function getChangeRequestSettings(projectId: string): Promise<ChangeRequestSetting[]> {
  return (await api<ChangeRequestSetting[]>(`/api/admin/projects/${seg(projectId)}/change-requests/config`)).data;
}

/** ADMIN: change requests on or off for one environment, with the approvals they need (1-10). */
export async function updateChangeRequestSetting(
  projectId: string,
  environment: string,
  body: { changeRequestsEnabled: boolean; requiredApprovals: number },
): Promise<void> {
  await api(`/api/admin/projects/${seg(projectId)}/environments/${seg(environment)}/change-requests/config`, { method: 'PUT', body });
}
