/**
 * The tags a feature write adds and removes, against the instance's tag list: a tag of an unknown type
 * is a 400 (Unleash's rule), a tag used for the first time joins the list (`tag-created`, as Unleash's
 * createTagIfNeeded), and each tag keeps how many features carry it (`featureCount`), so deleting a tag
 * or a tag type in use is refused without reading every feature. Run by the feature write path
 * (feature-write.ts) for every write whose tags changed: PATCH, creation, the tag routes, change requests.
 */
import { badData } from '../base/errors';
import type { Tag } from '../base/records';
import type { TagRecord } from '../base/vocabulary-records';
import type { WriteTx } from '../base/storage';
import { tagKey } from '../base/tags';
import type { EventInput } from '../runtime/emit';

/** The message of a tag of an unknown type, as Unleash words it. */
export const unknownTagType = (type: string): string => `Tag type '${type}' does not exist`;

/**
 * Moves the tag list from `before` to `after` (a feature's tags before and after a write), in the
 * caller's transaction; returns the `tag-created` events of tags new to the list.
 */
export async function syncTagUsage(tx: WriteTx, now: string, before: readonly Tag[], after: readonly Tag[]): Promise<EventInput[]> {
  const had = new Set(before.map(tagKey));
  const has = new Set(after.map(tagKey));
  const events: EventInput[] = [];
  for (const tag of after) {
    if (had.has(tagKey(tag))) continue;
    if (!(await tx.get('tagTypes', tag.type))) {
      throw badData(`${unknownTagType(tag.type)}: create it first (POST /api/admin/tag-types).`, [
        { message: unknownTagType(tag.type), path: '/tags' },
      ]);
    }
    const record = await tx.get('tags', tagKey(tag));
    if (record) {
      await tx.put('tags', { ...record, featureCount: (record.featureCount ?? 0) + 1 });
      continue;
    }
    const created: TagRecord = { type: tag.type, value: tag.value, createdAt: now, featureCount: 1 };
    await tx.put('tags', created);
    events.push(tagCreatedEvent(tag));
  }
  for (const tag of before) {
    if (has.has(tagKey(tag))) continue;
    const record = await tx.get('tags', tagKey(tag));
    if (record) await tx.put('tags', { ...record, featureCount: Math.max(0, (record.featureCount ?? 0) - 1) });
  }
  return events;
}

/** `tag-created`: an instance event carrying the tag. */
export const tagCreatedEvent = (tag: Tag): EventInput => ({
  type: 'tag-created',
  project: null,
  featureName: null,
  environment: null,
  tags: [],
  data: { type: tag.type, value: tag.value },
  preData: null,
});
