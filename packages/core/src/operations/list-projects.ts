import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { projectsForKey } from '../runtime/projects-for-key';
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
