/**
 * The tag list every instance starts with: Unleash's default tag type `simple`, on a fresh storage and on
 * existing data. Existing data may also carry tags from before the tag list was kept (feature tags set by
 * PATCH): once, they are counted into the list (`featureCount`), and a type they use that is not known
 * becomes a tag type, so every tag stays of a known type. A setting (`tagList`) marks it done, so later
 * starts cost one read and a deleted `simple` stays deleted.
 */
import type { TagRecord, TagTypeRecord } from '../base/vocabulary-records';
import type { Storage, WriteTx } from '../base/storage';
import { tagKey } from '../base/tags';

/** Unleash's own `simple` type (its migrations' description, icon and colour). */
export const SIMPLE_TAG_TYPE: Readonly<TagTypeRecord> = Object.freeze({
  name: 'simple',
  description: 'Used to simplify filtering of features',
  icon: '#',
  color: '#FFFFFF',
});

const MARKER = 'tagList';

export async function ensureTagDefaults(storage: Storage, now: () => Date): Promise<void> {
  if (await storage.read(async (tx) => (await tx.get('settings', MARKER)) !== undefined)) return;
  await storage.write(async (tx) => {
    if (await tx.get('settings', MARKER)) return;
    if (!(await tx.get('tagTypes', SIMPLE_TAG_TYPE.name))) await tx.put('tagTypes', { ...SIMPLE_TAG_TYPE });
    await countExistingTags(tx, now().toISOString());
    await tx.put('settings', { name: MARKER, value: { countedAt: now().toISOString() } });
  });
}

/** Every feature's tags into the tag list, and their types into the tag types (one pass, once). */
async function countExistingTags(tx: WriteTx, createdAt: string): Promise<void> {
  const counts = new Map<string, TagRecord>();
  for (const feature of await tx.list('features')) {
    for (const tag of feature.tags) {
      const key = tagKey(tag);
      const counted = counts.get(key) ?? { type: tag.type, value: tag.value, createdAt, featureCount: 0 };
      counted.featureCount = (counted.featureCount ?? 0) + 1;
      counts.set(key, counted);
    }
  }
  for (const [key, counted] of counts) {
    if (!(await tx.get('tagTypes', counted.type)))
      await tx.put('tagTypes', { name: counted.type, description: '', icon: null, color: null });
    const stored = await tx.get('tags', key);
    await tx.put('tags', { ...counted, createdAt: stored?.createdAt ?? createdAt });
  }
}
