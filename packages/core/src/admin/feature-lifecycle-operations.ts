/** The feature lifecycle operations (PUT, clone, validate, archive, revive, delete, stale, bulk on/off, lifecycle, links), for `createAdmin` to bind. */
import { archiveFeature } from '../operations/archive-feature';
import { archiveFeatures } from '../operations/archive-features';
import { bulkToggleEnvironment } from '../operations/bulk-toggle-environment';
import { cloneFeature } from '../operations/clone-feature';
import { completeFeature } from '../operations/complete-feature';
import { countLifecycleStages } from '../operations/count-lifecycle-stages';
import { createFeatureLink } from '../operations/create-feature-link';
import { deleteFeature } from '../operations/delete-feature';
import { deleteFeatureLink } from '../operations/delete-feature-link';
import { deleteFeatures } from '../operations/delete-features';
import { getFeatureEnvironment } from '../operations/get-feature-environment';
import { getFeatureLifecycle } from '../operations/get-feature-lifecycle';
import { overwriteVariantsOnEnvironments } from '../operations/overwrite-variants-on-environments';
import { reviveFeature } from '../operations/revive-feature';
import { reviveFeatures } from '../operations/revive-features';
import { staleFeatures } from '../operations/stale-features';
import { uncompleteFeature } from '../operations/uncomplete-feature';
import { updateFeature } from '../operations/update-feature';
import { updateFeatureLink } from '../operations/update-feature-link';
import { validateArchiveFeatures } from '../operations/validate-archive-features';
import { validateConstraint } from '../operations/validate-constraint';
import { validateFeature } from '../operations/validate-feature';

export const FEATURE_LIFECYCLE_OPERATIONS = {
  updateFeature,
  getFeatureEnvironment,
  validateFeature,
  cloneFeature,
  staleFeatures,
  bulkToggleEnvironment,
  overwriteVariantsOnEnvironments,
  validateConstraint,
  archiveFeature,
  archiveFeatures,
  validateArchiveFeatures,
  reviveFeature,
  reviveFeatures,
  deleteFeature,
  deleteFeatures,
  getFeatureLifecycle,
  completeFeature,
  uncompleteFeature,
  countLifecycleStages,
  createFeatureLink,
  updateFeatureLink,
  deleteFeatureLink,
} as const;
