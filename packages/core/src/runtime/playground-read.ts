/**
 * What the playground reads: the flags of the asked projects the key sees (not archived, by name),
 * the segments, and the environments asked, each checked to exist (400 naming an unknown one).
 */
import { canSeeProject, requireAdminKey, seesAllProjects, type Principal } from '../base/auth';
import { badData } from '../base/errors';
import type { FeatureRecord, SegmentRecord } from '../base/records';
import type { AdminContext } from './context';

export interface PlaygroundInput {
  features: FeatureRecord[];
  segments: SegmentRecord[];
}

/** Any admin key may use the playground (Unleash: every signed-in user); it sees its own projects only. */
export async function readPlayground(
  ctx: AdminContext,
  principal: Principal,
  projects: readonly string[] | '*' | undefined,
  environments: readonly string[],
): Promise<PlaygroundInput> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    for (const environment of environments) {
      if (!(await tx.get('environments', environment)))
        throw badData(`The playground request is invalid: unknown environment "${environment}".`);
    }
    const asked = projects === undefined || projects === '*' ? undefined : [...new Set(projects)];
    let features: FeatureRecord[];
    if (asked) {
      const visible = asked.filter((p) => canSeeProject(principal, p));
      features = (await Promise.all(visible.map((p) => tx.list('features', { project: p })))).flat();
    } else if (seesAllProjects(principal)) features = await tx.list('features');
    else features = (await Promise.all(principal.projects.map((p) => tx.list('features', { project: p })))).flat();
    const live = features.filter((f) => !f.archived).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { features: live, segments: await tx.list('segments') };
  });
}
