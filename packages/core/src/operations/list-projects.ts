import { canSeeProject, requireAdminKey, seesAllProjects, type Principal } from '../auth';
import type { AdminContext } from '../context';
import { deepFreeze } from '../json';
import { projectDocument, type ProjectDocument, type ProjectsResponse } from '../documents/project-document';
import { emptyStats, nextClockChange } from '../documents/project-stats';

const byName = (a: ProjectDocument, b: ProjectDocument): number => {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  return an < bn ? -1 : an > bn ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/**
 * Every project in the key's scope with its computed figures, by name (case-insensitive), then id.
 * The result is frozen: it is computed once per storage revision (and per clock change of a figure)
 * and shared by every caller until then.
 */
export async function listProjects(ctx: AdminContext, principal: Principal): Promise<Readonly<ProjectsResponse>> {
  requireAdminKey(principal);
  const now = ctx.now();
  const all = await ctx.read(async (tx) => {
    const revision = await tx.revision();
    const cached = ctx.caches.projects.peek(revision, 'all');
    if (cached && now.getTime() < cached.validUntil) return cached.all;
    const [projects, stats] = await Promise.all([tx.list('projects'), tx.list('projectStats')]);
    const statsOf = new Map(stats.map((s) => [s.project, s]));
    let validUntil = Infinity;
    const documents = projects.map((p) => {
      const s = statsOf.get(p.id) ?? emptyStats(p.id);
      validUntil = Math.min(validUntil, nextClockChange(s, now));
      return projectDocument(p, s, now);
    });
    documents.sort(byName);
    const response = deepFreeze({ version: 1 as const, projects: documents });
    ctx.caches.projects.set(revision, 'all', { validUntil, all: response });
    return response;
  });
  if (seesAllProjects(principal)) return all;
  return deepFreeze({ version: 1 as const, projects: all.projects.filter((p) => canSeeProject(principal, p.id)) });
}
