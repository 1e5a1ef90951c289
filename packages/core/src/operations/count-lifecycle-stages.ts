import { canSeeProject, requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';

export interface LifecycleStageCount {
  initial: number;
  preLive: number;
  live: number;
  completed: number;
  archived: number;
}

const KEY = { initial: 'initial', 'pre-live': 'preLive', live: 'live', completed: 'completed', archived: 'archived' } as const;

/**
 * `GET /api/admin/lifecycle/count`: how many features are in each current stage, over the projects the
 * key may see (a pass over those projects' features, through the project index).
 */
export async function countLifecycleStages(ctx: AdminContext, principal: Principal): Promise<LifecycleStageCount> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const counts: LifecycleStageCount = { initial: 0, preLive: 0, live: 0, completed: 0, archived: 0 };
    for (const project of await tx.list('projects')) {
      if (!canSeeProject(principal, project.id)) continue;
      for (const feature of await tx.list('features', { project: project.id })) counts[KEY[feature.lifecycle.stage]] += 1;
    }
    return counts;
  });
}
