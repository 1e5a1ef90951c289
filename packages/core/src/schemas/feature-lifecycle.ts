/**
 * JSON Schemas of the feature lifecycle routes (PUT, clone, validate, archive and its batches, stale,
 * bulk on/off, variants on several environments, lifecycle stages, links), with Unleash 8.2.0's shapes.
 */
import { FEATURE_TYPES, LIFECYCLE_STAGES } from '../base/records';
import { constraintInputSchema } from './constraint';
import { environmentEntrySchema } from './feature';
import { bool, dateTime, name, num, str, strings } from './primitives';
import { environmentVariantsBodySchema } from './variant';

/** At most this many features in one batch body (each is one write and at least one event). */
export const FEATURES_PER_BATCH = 1000;

const featureNames = { type: 'array', maxItems: FEATURES_PER_BATCH, items: { type: 'string', minLength: 1, maxLength: 100 } } as const;

/** `PUT .../features/:featureName` (Unleash's updateFeatureSchema; other members are ignored, as Unleash strips them). */
export const updateFeatureBodySchema = {
  $id: 'updateFeatureBody',
  type: 'object',
  properties: {
    name: str,
    description: { type: ['string', 'null'], maxLength: 1000 },
    type: { enum: FEATURE_TYPES },
    stale: bool,
    archived: bool,
    impressionData: bool,
  },
} as const;

/** `POST /api/admin/features/validate` (validateFeatureSchema). */
export const validateFeatureBodySchema = {
  $id: 'validateFeatureBody',
  type: 'object',
  required: ['name'],
  properties: { name, projectId: { type: ['string', 'null'] } },
} as const;

/** `POST .../features/:featureName/clone` (cloneFeatureSchema): the new name, as create's rule. */
export const cloneFeatureBodySchema = {
  $id: 'cloneFeatureBody',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name, replaceGroupId: bool },
} as const;

/** Archive, revive, delete and validate a batch (batchFeaturesSchema); bulk on/off (bulkToggleFeaturesSchema). */
export const batchFeaturesBodySchema = {
  $id: 'batchFeaturesBody',
  type: 'object',
  additionalProperties: false,
  required: ['features'],
  properties: { features: featureNames },
} as const;

/** `POST /api/admin/projects/:projectId/stale` (batchStaleSchema). */
export const batchStaleBodySchema = {
  $id: 'batchStaleBody',
  type: 'object',
  additionalProperties: false,
  required: ['features', 'stale'],
  properties: { features: featureNames, stale: bool },
} as const;

/** `PUT .../features/:featureName/variants-batch` (pushVariantsSchema): one set onto several environments. */
export const pushVariantsBodySchema = {
  $id: 'pushVariantsBody',
  type: 'object',
  additionalProperties: false,
  properties: {
    variants: { type: 'array', maxItems: environmentVariantsBodySchema.maxItems, items: environmentVariantsBodySchema.items },
    environments: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 100 } },
  },
} as const;

/** The answer of `validateArchiveFeatures` (validateArchiveFeaturesSchema). */
export const validateArchiveFeaturesSchema = {
  $id: 'validateArchiveFeatures',
  type: 'object',
  additionalProperties: false,
  required: ['parentsWithChildFeatures', 'hasDeletedDependencies'],
  properties: { parentsWithChildFeatures: strings, hasDeletedDependencies: bool },
} as const;

/** One feature environment (`getFeatureEnvironment`, Unleash's featureEnvironmentSchema). */
export const featureEnvironmentSchema = { $id: 'featureEnvironment', ...environmentEntrySchema } as const;

/** The stages a feature entered, oldest first (featureLifecycleSchema). */
export const featureLifecycleSchema = {
  $id: 'featureLifecycle',
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['stage', 'enteredStageAt'],
    properties: { stage: { enum: LIFECYCLE_STAGES }, status: str, enteredStageAt: dateTime },
  },
} as const;

/** `POST .../lifecycle/complete` (featureLifecycleCompletedSchema). */
export const featureLifecycleCompletedBodySchema = {
  $id: 'featureLifecycleCompletedBody',
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { enum: ['kept', 'discarded'] }, statusValue: { type: 'string', maxLength: 255 } },
} as const;

/** `GET /api/admin/lifecycle/count` (featureLifecycleCountSchema): features per current stage. */
export const featureLifecycleCountSchema = {
  $id: 'featureLifecycleCount',
  type: 'object',
  additionalProperties: false,
  required: ['initial', 'preLive', 'live', 'completed', 'archived'],
  properties: { initial: num, preLive: num, live: num, completed: num, archived: num },
} as const;

/** A link's body (linkSchema). */
export const linkBodySchema = {
  $id: 'linkBody',
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: { url: { type: 'string', minLength: 1, maxLength: 10_000 }, title: { type: ['string', 'null'], maxLength: 255 } },
} as const;

/** `POST /api/admin/constraints/validate`: one constraint (constraintSchema). */
export const constraintBodySchema = { $id: 'constraintBody', ...constraintInputSchema } as const;

export const FEATURE_LIFECYCLE_SCHEMAS = [
  updateFeatureBodySchema,
  validateFeatureBodySchema,
  cloneFeatureBodySchema,
  batchFeaturesBodySchema,
  batchStaleBodySchema,
  pushVariantsBodySchema,
  validateArchiveFeaturesSchema,
  featureEnvironmentSchema,
  featureLifecycleSchema,
  featureLifecycleCompletedBodySchema,
  featureLifecycleCountSchema,
  linkBodySchema,
  constraintBodySchema,
] as const;
