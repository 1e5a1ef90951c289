/** The copy of a feature an edit (or a stamp) changes, sharing what edits replace whole. */
import type { FeatureRecord } from '../base/records';

/**
 * The copy an edit changes: the record, its lists and its environments are new; strategies, variants,
 * tags and dependencies themselves are shared with the stored record, because edits replace them whole
 * (a new strategy object, a new list) and never change one in place. A deep copy of every strategy was
 * the largest cost of a PATCH.
 */
export function copyForEdit(stored: Readonly<FeatureRecord>): FeatureRecord {
  return {
    ...stored,
    tags: [...stored.tags],
    variants: [...stored.variants],
    dependencies: [...stored.dependencies],
    children: [...stored.children],
    environments: stored.environments.map((e) => ({ ...e, strategies: [...e.strategies], variants: [...e.variants] })),
  };
}
