/**
 * Every JSON Schema of a request body or response shape, as `as const` objects: ajv compiles them ahead
 * of time (scripts/generate-validators.ts, used by validation.ts); the OpenAPI document (http/openapi.ts)
 * and the tests use the same.
 */
import {
  apiTokenSchema,
  apiTokensSchema,
  createApiTokenSchema,
  createProjectApiTokenSchema,
  currentKeySchema,
  updateApiTokenSchema,
} from './api-token';
import { CHANGE_PAYLOAD_SCHEMAS, CHANGE_REQUEST_SCHEMAS, changeRequestChangesSchema } from './change-request';
import { CONTEXT_FIELD_SCHEMAS } from './context-field';
import { clientFeaturesSchema, clientMetricsSchema, clientRegisterSchema } from './client';
import { CLIENT_DELIVERY_SCHEMAS } from './client-delivery';
import { errorSchema, healthSchema } from './common';
import { ENVIRONMENT_SCHEMAS } from './environment';
import { ADDON_SCHEMAS } from './addon';
import { USER_SCHEMAS } from './users';
import { USER_ACCOUNT_SCHEMAS } from './user-account';
import { eventSchema, eventsSchema } from './event';
import { createFeatureSchema, featureSchema, featuresSchema, patchOperationsSchema, tagSchema } from './feature';
import { FEATURE_TYPE_SCHEMAS } from './feature-type';
import { EXPORT_IMPORT_SCHEMAS } from './export-import';
import { FLAG_CONFIG_SCHEMAS } from './flag-config';
import { FRONTEND_SCHEMAS } from './frontend';
import { OFREP_SCHEMAS } from './ofrep';
import { PLAYGROUND_SCHEMAS } from './playground';
import { FEATURE_LIFECYCLE_SCHEMAS } from './feature-lifecycle';
import { createProjectSchema, outdatedSdksSchema, projectSchema, projectsSchema } from './project';
import { TAG_SCHEMAS } from './tag';
import { SEARCH_SCHEMAS } from './search';
import { STRATEGY_DEFINITION_SCHEMAS } from './strategy-definition';
import { USAGE_SCHEMAS } from './usage';

export const SCHEMAS = [
  tagSchema,
  featureSchema,
  featuresSchema,
  eventSchema,
  eventsSchema,
  projectSchema,
  projectsSchema,
  outdatedSdksSchema,
  apiTokenSchema,
  apiTokensSchema,
  currentKeySchema,
  errorSchema,
  clientFeaturesSchema,
  healthSchema,
  patchOperationsSchema,
  createProjectSchema,
  createFeatureSchema,
  createApiTokenSchema,
  updateApiTokenSchema,
  createProjectApiTokenSchema,
  changeRequestChangesSchema,
  clientRegisterSchema,
  clientMetricsSchema,
  ...CLIENT_DELIVERY_SCHEMAS,
  ...FLAG_CONFIG_SCHEMAS,
  ...FEATURE_LIFECYCLE_SCHEMAS,
  ...STRATEGY_DEFINITION_SCHEMAS,
  ...CHANGE_REQUEST_SCHEMAS,
  ...FRONTEND_SCHEMAS,
  ...OFREP_SCHEMAS,
  ...PLAYGROUND_SCHEMAS,
  ...TAG_SCHEMAS,
  ...SEARCH_SCHEMAS,
  ...CONTEXT_FIELD_SCHEMAS,
  ...ENVIRONMENT_SCHEMAS,
  ...ADDON_SCHEMAS,
  ...USER_SCHEMAS,
  ...USER_ACCOUNT_SCHEMAS,
  ...FEATURE_TYPE_SCHEMAS,
  ...EXPORT_IMPORT_SCHEMAS,
  ...USAGE_SCHEMAS,
] as const;

/** Schemas the core checks with that are not published in the OpenAPI document (parts of a published body). */
export const UNPUBLISHED_SCHEMAS = [...CHANGE_PAYLOAD_SCHEMAS] as const;

/** Every schema core validates with: what scripts/generate-validators.ts compiles. */
export const VALIDATED_SCHEMAS = [...SCHEMAS, ...UNPUBLISHED_SCHEMAS] as const;

export type PublishedSchemaId = (typeof SCHEMAS)[number]['$id'];
export type SchemaId = PublishedSchemaId | (typeof UNPUBLISHED_SCHEMAS)[number]['$id'];
