import { canSeeProject, requireAdminKey, type Principal } from '../auth';
import type { AdminContext } from '../context';
import { emptyStats, projectDocument, type ProjectDocument } from '../documents';

export interface ProjectsResponse {
  version: 1;
  projects: ProjectDocument[];
}

/** Every project in the key's scope with its computed figures, by name (case-insensitive), then id. */
export async function listProjects(ctx: AdminContext, principal: Principal): Promise<ProjectsResponse> {
  requireAdminKey(principal);
  await ctx.ready();
  const now = ctx.now();
  return ctx.storage.read(async (tx) => {
    const [projects, stats] = await Promise.all([tx.list('projects'), tx.list('projectStats')]);
    const statsOf = new Map(stats.map((s) => [s.project, s]));
    const documents = projects
      .filter((p) => canSeeProject(principal, p.id))
      .map((p) => projectDocument(p, statsOf.get(p.id) ?? emptyStats(p.id), now));
    documents.sort((a, b) => {
      const an = a.name.toLowerCase();
      const bn = b.name.toLowerCase();
      return an < bn ? -1 : an > bn ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
    return { version: 1, projects: documents };
  });
}
