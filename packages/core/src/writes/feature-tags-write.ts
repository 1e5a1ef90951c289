/**
 * A change of a feature's tags (the tag routes): tags added, then tags removed, through the feature
 * write path, so the unknown-type rule, the tag list, the limit and the events (`feature-tagged`,
 * `feature-untagged`, one per tag) are those of every other write of tags.
 */
import { limitExceeded } from '../base/limits';
import type { Tag } from '../base/records';
import type { WriteTx } from '../base/storage';
import { tagKey } from '../base/tags';
import type { AdminContext } from '../runtime/context';
import type { EventInput } from '../runtime/emit';
import { writeFeature, type FeatureWriteResult } from './feature-write';
import type { WriteOrigin } from './write-origin';

export interface TagChange {
  added: readonly Tag[];
  removed: readonly Tag[];
}

/** The change in the caller's transaction; the caller has found the feature and checked UPDATE_FEATURE. */
export async function writeFeatureTags(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  ref: { projectId: string; featureName: string },
  change: TagChange,
): Promise<FeatureWriteResult<Tag[]>> {
  return writeFeature(tx, ctx, origin, ref, ({ feature, limits }) => {
    const before = new Set(feature.tags.map(tagKey));
    const tags = new Map(feature.tags.map((t) => [tagKey(t), t]));
    for (const t of change.added) tags.set(tagKey(t), { type: t.type, value: t.value });
    for (const t of change.removed) tags.delete(tagKey(t));
    feature.tags = [...tags.values()];
    if (feature.tags.length > limits.tagsPerFeature && feature.tags.length > before.size) {
      throw limitExceeded('tagsPerFeature', limits.tagsPerFeature, `Too many tags (${feature.tags.length})`, '/tags');
    }
    const events: EventInput[] = [];
    for (const t of feature.tags)
      if (!before.has(tagKey(t))) events.push({ type: 'feature-tagged', data: { type: t.type, value: t.value } });
    for (const key of before) {
      if (tags.has(key)) continue;
      const [type, value] = JSON.parse(key) as [string, string];
      events.push({ type: 'feature-untagged', preData: { type, value } });
    }
    return { result: feature.tags, events };
  });
}
