import { requireAdminKey, type Principal } from '../base/auth';
import type { LifecycleStageEntry } from '../base/records';
import type { AdminContext } from '../runtime/context';
import { featureInProject, visibleProject } from '../runtime/lookups';
import { stagesOf } from '../rules/lifecycle';

/** `GET .../features/:featureName/lifecycle`: the stages the feature entered, oldest first (`status` on `completed`). */
export async function getFeatureLifecycle(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string },
): Promise<{ stage: LifecycleStageEntry['stage']; status?: string; enteredStageAt: string }[]> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const feature = await featureInProject(tx, input.projectId, input.featureName);
    return stagesOf(feature).map((s) => ({ stage: s.stage, ...(s.status ? { status: s.status } : {}), enteredStageAt: s.enteredStageAt }));
  });
}
