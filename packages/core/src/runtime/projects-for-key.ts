/** The project list a key sees, and until when its clock-dependent figures hold. */
import { canSeeProject, seesAllProjects, type Principal } from '../base/auth';
import type { AdminContext } from './context';
import { deepFreeze } from '../base/json';
import { projectDocument, type ProjectDocument, type ProjectsResponse } from '../documents/project-document';
import { emptyStats, nextClockChange } from '../documents/project-stats';
import { readFeatureLifetimes } from './feature-lifetimes';

export interface ProjectsForKey {
  /** Frozen: shared by every caller until the next write or `validUntil`. */
  response: Readonly<ProjectsResponse>;
  /** The figures hold until this time (ms): the next feature passing its lifetime. */
  validUntil: number;
}

const byName = (a: ProjectDocument, b: ProjectDocument): number => {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  return an < bn ? -1 : an > bn ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/**
 * Every project in the key's scope with its computed figures, by name (case-insensitive), then id.
 * The whole list is computed once per storage revision (and per clock change of a figure).
 */
export async function projectsForKey(ctx: AdminContext, principal: Principal): Promise<ProjectsForKey> {
  const now = ctx.now();
  const answer = await ctx.read(async (tx) => {
    const revision = await tx.revision();
    const cached = ctx.caches.projects.peek(revision, 'all');
    if (cached && now.getTime() < cached.validUntil) return cached;
    const [projects, stats, lifetimes] = await Promise.all([tx.list('projects'), tx.list('projectStats'), readFeatureLifetimes(tx)]);
    const statsOf = new Map(stats.map((s) => [s.project, s]));
    let validUntil = Infinity;
    const documents = projects.map((p) => {
      const s = statsOf.get(p.id) ?? emptyStats(p.id);
      validUntil = Math.min(validUntil, nextClockChange(s, now, lifetimes));
      return projectDocument(p, s, now, lifetimes);
    });
    documents.sort(byName);
    const fresh = { validUntil, all: deepFreeze({ version: 1 as const, projects: documents }) };
    ctx.caches.projects.set(revision, 'all', fresh);
    return fresh;
  });
  const { all, validUntil } = answer;
  if (seesAllProjects(principal)) return { response: all, validUntil };
  return {
    response: deepFreeze({ version: 1 as const, projects: all.projects.filter((p) => canSeeProject(principal, p.id)) }),
    validUntil,
  };
}
