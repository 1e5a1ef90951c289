/** Reads of the tag routes: a feature by name as a key may see it, tag types, and tags as answered (with their type's colour). */
import { canSeeProject, type Principal } from '../base/auth';
import { notFound } from '../base/errors';
import type { FeatureRecord, Tag } from '../base/records';
import type { TagTypeRecord } from '../base/vocabulary-records';
import type { ReadTx } from '../base/storage';

/** A tag as the tag routes answer it: its pair and its type's colour. */
export interface TagAnswer {
  type: string;
  value: string;
  color: string | null;
}

/** The `{version: 1, tags}` answers. */
export interface TagList {
  version: 1;
  tags: TagAnswer[];
}

/** A feature by name (the tag routes name no project), or 404 also when it is of a project outside the key's scope. */
export async function visibleFeature(tx: ReadTx, principal: Principal, featureName: string): Promise<FeatureRecord> {
  const feature = await tx.get('features', featureName);
  if (!feature || !canSeeProject(principal, feature.project)) throw notFound(`Could not find feature with name ${featureName}`);
  return feature;
}

/** The colour of each tag type, by name. */
export async function tagTypeColors(tx: ReadTx): Promise<Map<string, string | null>> {
  return new Map((await tx.list('tagTypes')).map((t: TagTypeRecord) => [t.name, t.color]));
}

/** Tags as answered, each with its type's colour (null for a type without one). */
export function tagAnswers(tags: readonly Tag[], colors: ReadonlyMap<string, string | null>): TagAnswer[] {
  return tags.map((t) => ({ type: t.type, value: t.value, color: colors.get(t.type) ?? null }));
}
