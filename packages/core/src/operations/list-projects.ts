import { requireAdminKey, type Principal } from '../auth';
import type { AdminContext } from '../context';
import { projectsForKey } from '../documents/projects-for-key';
import type { ProjectsResponse } from '../documents/project-document';

/**
 * Every project in the key's scope with its computed figures, by name (case-insensitive), then id.
 * The result is frozen: it is computed once per storage revision (and per clock change of a figure)
 * and shared by every caller until then.
 */
export async function listProjects(ctx: AdminContext, principal: Principal): Promise<Readonly<ProjectsResponse>> {
  requireAdminKey(principal);
  return (await projectsForKey(ctx, principal)).response;
}
