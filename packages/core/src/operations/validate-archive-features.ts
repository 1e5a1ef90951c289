import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { featureInProject, visibleProject } from '../runtime/lookups';
import { assertValid } from '../schemas/validation';
import { distinctNames } from '../writes/feature-lifecycle-edits';

export interface ValidateArchiveFeaturesResult {
  /** Features of the list that live features outside the list depend on: archiving the list would be refused. */
  parentsWithChildFeatures: string[];
  /** Whether a feature of the list has dependencies or dependents (they go with the archive). */
  hasDeletedDependencies: boolean;
}

/**
 * `POST /api/admin/projects/:projectId/archive/validate` `{features}`: what archiving them would meet, as
 * Unleash answers it (for the page's warning). Every name must be a feature of the project (else 404).
 */
export async function validateArchiveFeatures(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; body: unknown },
): Promise<ValidateArchiveFeaturesResult> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<{ features: string[] }>('batchFeaturesBody', input.body, 'features');
  const names = distinctNames(input.body.features);
  const together = new Set(names);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const parents: string[] = [];
    let hasDeletedDependencies = false;
    for (const name of names) {
      const feature = await featureInProject(tx, input.projectId, name);
      if (feature.dependencies.length || feature.children.length) hasDeletedDependencies = true;
      for (const childName of feature.children) {
        const child = together.has(childName) ? undefined : await tx.get('features', childName);
        if (child && !child.archived) {
          parents.push(name);
          break;
        }
      }
    }
    return { parentsWithChildFeatures: parents, hasDeletedDependencies };
  });
}
