/**
 * The public entry of @flagadmin/core: what embedders, hosts and storages use. Everything else is
 * internal (tests and benchmarks import it from its source file).
 */

// An instance: operations bound to a storage, and its HTTP handler.
export { createFlagadmin } from './flagadmin';
export { createAdmin } from './admin/admin';
export type { Admin } from './admin/admin';
export { createContext } from './runtime/context';
export type { AdminContext, AdminOptions } from './runtime/context';
export type { ContextCaches } from './runtime/caches';
export { silentLogger } from './base/logger';
export type { Logger, LogMethod } from './base/logger';

// The HTTP API, for hosts: WHATWG handler and the plain-data protocol @flagadmin/node-http speaks.
export { createHandler } from './http/fetch-handler';
export type { FetchHandler } from './http/fetch-handler';
export { createDispatch } from './http/dispatch';
export { DEFAULT_BODY_LIMIT } from './http/plain';
export { MAX_REQUEST_ID_LENGTH } from './http/request-id';
export type { HandlerOptions, PlainHandler, PlainRequest, PlainResponse } from './http/plain';
export type { HeaderReader } from './http/route';
export { ALL_ROUTES } from './http/routes';
export type { Route } from './http/route';

// Who acts, and what goes wrong.
export { SYSTEM_PRINCIPAL } from './base/auth';
export type { Permission, Principal } from './base/auth';
export { AdminError, ERROR_STATUS } from './base/errors';
export type { ErrorBody, ErrorDetail, ErrorName, PermissionDetail } from './base/errors';
export { SetupError, isSetupError } from './base/setup-error';
export type { SetupErrorCode } from './base/setup-error';
export { parseInitialKeys, secretWeakness, weakInitialKeyWarnings } from './base/initial-keys';
export type { InitialKey, InitialKeys, KeyWeakness } from './base/initial-keys';

// The operations, unbound: each takes a context, then the acting principal.
export { patchFeature } from './operations/patch-feature';
export type { PatchFeatureInput, PatchFeatureResult, PatchOperation } from './operations/patch-feature';
export { listEvents } from './operations/list-events';
export { listEventsJson } from './operations/list-events-json';
export type { EventsResponse } from './runtime/event-selection';
export { listProjects } from './operations/list-projects';
export { getChangeRequest } from './operations/get-change-request';
export { addChangeRequestChanges } from './operations/add-change-request-changes';
export type { AddChangesInput } from './operations/add-change-request-changes';
// Change requests: settings, the workflow, apply (also scheduled).
export { CHANGE_REQUEST_OPERATIONS } from './admin/change-request-operations';
export { getChangeRequestConfig } from './operations/get-change-request-config';
export type { ChangeRequestEnvironmentConfig } from './operations/get-change-request-config';
export { updateChangeRequestConfig } from './operations/update-change-request-config';
export { listChangeRequests } from './operations/list-change-requests';
export { deleteChangeRequest } from './operations/delete-change-request';
export { updateChangeRequestState } from './operations/update-change-request-state';
export { updateChangeRequestChange } from './operations/update-change-request-change';
export { deleteChangeRequestChange } from './operations/delete-change-request-change';
export { addChangeRequestComment } from './operations/add-change-request-comment';
export { updateChangeRequestTitle } from './operations/update-change-request-title';
export { applyDueChangeRequests } from './operations/apply-due-change-requests';
export type { ChangeRequestDocument } from './change-requests/change-request-document';
export type { ConflictDetail } from './base/errors';
export { listOutdatedSdks } from './operations/list-outdated-sdks';
export type { OutdatedSdksResponse } from './operations/list-outdated-sdks';
export { createProject } from './operations/create-project';
export { createFeature } from './operations/create-feature';
export type { CreateFeatureInput } from './operations/create-feature';
export { getFeature } from './operations/get-feature';
export { listFeatures } from './operations/list-features';
export { authenticate } from './operations/authenticate';
export { createApiKey } from './operations/create-api-key';
export { listApiKeys } from './operations/list-api-keys';
export { getCurrentKey, type CurrentKeyDocument } from './operations/get-current-key';
export { deleteApiKey } from './operations/delete-api-key';
export { ensureInitialKeys } from './operations/ensure-initial-keys';
export { registerClient } from './operations/register-client';
export { recordMetrics } from './operations/record-metrics';
export { getClientFeatures } from './operations/client-features';
export type { ClientHints, ClientMetrics, ClientRegistration } from './runtime/client-apps';

// The shapes the operations return.
export type { EnvironmentDocument, FeatureDocument, StrategyDocument } from './documents/feature-document';
export type { ProjectDocument, ProjectOwner, ProjectsResponse } from './documents/project-document';
export type { ClientFeature, ClientFeaturesResponse, ClientStrategy } from './documents/client-feature';
export type { ApiTokenDocument } from './documents/api-token-document';

// The storage contract and the records storages keep.
export { COLLECTIONS, COLLECTION_NAMES } from './base/storage';
export type { CollectionName, Collections, EventQuery, ReadTx, SequenceName, Storage, WriteTx } from './base/storage';
export { ADMIN_ROLES, CHANGE_REQUEST_STATES, FEATURE_TYPES, KEY_TYPES, LIFECYCLE_STAGES, PROJECT_MODES } from './base/records';
export type {
  AdminRole,
  ApiKeyRecord,
  ApprovalRecord,
  ChangeRecord,
  ChangeRequestConfigRecord,
  ChangeRequestRecord,
  ChangeRequestState,
  ChangeTarget,
  ClientAppRecord,
  ClientInstance,
  Constraint,
  EnvironmentRecord,
  EventRecord,
  FeatureEnvironmentState,
  FeatureRecord,
  FeatureType,
  KeyType,
  LifecycleStage,
  NewEvent,
  ProjectMember,
  ProjectMode,
  ProjectRecord,
  ProjectStatsRecord,
  SchedulerRecord,
  Strategy,
  SegmentRecord,
  Tag,
  UserRef,
  Variant,
} from './base/records';

// Flag configuration: strategies, constraints, on/off, variants, segments, dependencies.
export { FLAG_CONFIG_OPERATIONS } from './admin/flag-config-operations';
export { addStrategy } from './operations/add-strategy';
export type { AddStrategyInput } from './operations/add-strategy';
export { updateStrategy } from './operations/update-strategy';
export type { UpdateStrategyInput } from './operations/update-strategy';
export { patchStrategy } from './operations/patch-strategy';
export type { PatchStrategyInput } from './operations/patch-strategy';
export { deleteStrategy } from './operations/delete-strategy';
export type { DeleteStrategyInput } from './operations/delete-strategy';
export { setStrategySortOrder } from './operations/set-strategy-sort-order';
export type { SetStrategySortOrderInput } from './operations/set-strategy-sort-order';
export { getStrategies } from './operations/get-strategies';
export { getStrategy } from './operations/get-strategy';
export type { FeatureEnvironmentQuery } from './runtime/read-feature-environment';
export { toggleEnvironment } from './operations/toggle-environment';
export type { ToggleEnvironmentInput } from './operations/toggle-environment';
export { getEnvironmentVariants } from './operations/get-environment-variants';
export { putEnvironmentVariants } from './operations/put-environment-variants';
export { patchEnvironmentVariants } from './operations/patch-environment-variants';
export type { FeatureVariants } from './writes/replace-variants';
export type { FeatureEnvironmentRef } from './writes/feature-environment-write';
export type { FeatureWriteResult } from './writes/feature-write';
export type { ClientSegment } from './documents/client-strategies';
export { FLAG_CONFIG_LIMITS } from './base/flag-config-limits';
export { DEFAULT_LIMITS, LIMIT_NAMES, resolveLimits } from './base/limits';
export type { Limits } from './base/limits';
export { BUILT_IN_STRATEGIES } from './rules/strategy-parameters';
export { CONSTRAINT_OPERATORS } from './schemas/constraint';
export type { ConstraintOperator } from './schemas/constraint';
export { FLAG_CONFIG_ROUTES } from './http/flag-config-routes';
export { createSegment } from './operations/create-segment';
export { updateSegment } from './operations/update-segment';
export { deleteSegment } from './operations/delete-segment';
export { listSegments } from './operations/list-segments';
export { getSegment } from './operations/get-segment';
export { addDependency } from './operations/add-dependency';
export type { AddDependencyInput } from './operations/add-dependency';
export { deleteDependency } from './operations/delete-dependency';
export { deleteDependencies } from './operations/delete-dependencies';
