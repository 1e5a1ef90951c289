/** The operations of tags, tag types, search and per-feature reads, for `createAdmin` to bind. */
import { addFeatureTag } from '../operations/add-feature-tag';
import { addTagToFeatures } from '../operations/add-tag-to-features';
import { createTag } from '../operations/create-tag';
import { createTagType } from '../operations/create-tag-type';
import { deleteTag } from '../operations/delete-tag';
import { deleteTagType } from '../operations/delete-tag-type';
import { getTag } from '../operations/get-tag';
import { getTagType } from '../operations/get-tag-type';
import { listFeatureTags } from '../operations/list-feature-tags';
import { listTagTypes } from '../operations/list-tag-types';
import { listTags } from '../operations/list-tags';
import { removeFeatureTag } from '../operations/remove-feature-tag';
import { updateFeatureTags } from '../operations/update-feature-tags';
import { updateTagType } from '../operations/update-tag-type';
import { validateTagType } from '../operations/validate-tag-type';
import { searchFeatures } from '../operations/search-features';
import { getFeatureEventsJson } from '../operations/get-feature-events';
import { searchEventsJson } from '../operations/search-events';
import { listEventCreators } from '../operations/list-event-creators';
import { listParentOptions } from '../operations/list-parent-options';
import { listParentVariantOptions } from '../operations/list-parent-variant-options';
import { checkDependenciesExist } from '../operations/check-dependencies-exist';
import { updateFeatureStrategySegments } from '../operations/update-feature-strategy-segments';

export const TAG_OPERATIONS = {
  listFeatureTags,
  addFeatureTag,
  updateFeatureTags,
  removeFeatureTag,
  addTagToFeatures,
  listTags,
  getTag,
  createTag,
  deleteTag,
  listTagTypes,
  getTagType,
  createTagType,
  validateTagType,
  updateTagType,
  deleteTagType,
  searchFeatures,
  getFeatureEventsJson,
  searchEventsJson,
  listEventCreators,
  listParentOptions,
  listParentVariantOptions,
  checkDependenciesExist,
  updateFeatureStrategySegments,
} as const;
