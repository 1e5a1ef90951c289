/** The strategies that refer to a segment, for the checks that keep references valid. */
import type { SegmentRecord } from '../base/records';
import type { ReadTx } from '../base/storage';

export interface SegmentUse {
  project: string;
  featureName: string;
  environment: string;
  strategyId: string;
  strategyName: string;
}

/**
 * Every strategy using the segment. A project-bound segment is looked for in its project's features
 * only; a segment of every project in all features (an admin write, made rarely).
 */
export async function segmentUses(tx: ReadTx, segment: SegmentRecord): Promise<SegmentUse[]> {
  const features = segment.project === null ? await tx.list('features') : await tx.list('features', { project: segment.project });
  const uses: SegmentUse[] = [];
  for (const f of features) {
    for (const env of f.environments) {
      for (const s of env.strategies) {
        if (s.segments.includes(segment.id))
          uses.push({ project: f.project, featureName: f.name, environment: env.name, strategyId: s.id, strategyName: s.name });
      }
    }
  }
  return uses;
}

export const describeUses = (uses: readonly SegmentUse[]): string =>
  uses.map((u) => `${u.featureName}/${u.environment}/${u.strategyId}`).join(', ');
