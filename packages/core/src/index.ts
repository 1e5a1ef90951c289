/**
 * The public entry of @flagadmin/core: what embedders, hosts and storages use, and every type (types cost
 * nothing at run time). The operations unbound are the subpath `@flagadmin/core/operations`
 * (`operations.ts`). Everything else is internal (tests and benchmarks import it from its source file).
 */

// An instance: operations bound to a storage, and its HTTP handler.
export { createFlagadmin } from './flagadmin';
export { createAdmin } from './admin/admin';
export type { Admin } from './admin/admin';
export { createContext } from './runtime/context';
export type { AdminContext, AdminOptions } from './runtime/context';
export type { ContextCaches } from './runtime/caches';
export { DEFAULT_STREAM_OPTIONS } from './runtime/stream-options';
export type { StreamOptions } from './runtime/stream-options';
export type { StreamStats } from './runtime/client-streams';
export { silentLogger } from './base/logger';
export type { Logger, LogMethod } from './base/logger';

// The HTTP API, for hosts: WHATWG handler and the plain-data protocol @flagadmin/node-http speaks.
export { createHandler } from './http/fetch-handler';
export type { ConnectionInfo, FetchHandler } from './http/fetch-handler';
export { createDispatch } from './http/dispatch';
export { DEFAULT_BODY_LIMIT } from './http/plain';
export { MAX_REQUEST_ID_LENGTH } from './http/request-id';
export type { HandlerOptions, PlainHandler, PlainRequest, PlainResponse } from './http/plain';
export type { HeaderReader } from './http/route';
export { ALL_ROUTES } from './http/routes';
export type { Route } from './http/route';

// Who acts, and what goes wrong.
export { SYSTEM_PRINCIPAL } from './base/auth';
// People: the session cookie a host sets (the bin's single sign-on), the hasher it brings, what is stored.
export { SESSION_COOKIE, sessionCookieHeader } from './base/session-cookie';
export type { PasswordHasher } from './base/password-policy';
export type { PersonalTokenRecord, RootRoleName, SessionRecord, UserRecord } from './base/people-records';
export type { PeopleOptions } from './runtime/people-options';
export type { Permission, Principal } from './base/auth';
export { AdminError, ERROR_STATUS } from './base/errors';
export type { ErrorBody, ErrorDetail, ErrorName, PermissionDetail } from './base/errors';
export { SetupError, isSetupError } from './base/setup-error';
export type { SetupErrorCode } from './base/setup-error';
export { parseInitialKeys, secretWeakness, weakInitialKeyWarnings } from './base/initial-keys';
/** Why an origin (of the frontend API's CORS list, or a trusted one) is not one: for a host checking its settings before it opens anything. */
export { SETTING_PROBLEMS } from './base/setting-problems';
export type { InitialKey, InitialKeys, KeyWeakness } from './base/initial-keys';

// The operations take and return these; the operations themselves, unbound (each takes a context, then
// the acting principal), are the subpath `@flagadmin/core/operations`: `createAdmin` hands out the same
// ones bound to a context.
export type { PatchFeatureInput, PatchFeatureResult, PatchOperation } from './operations/patch-feature';
export type { EventsResponse } from './runtime/event-selection';
export type { AddChangesInput } from './operations/add-change-request-changes';
export type { ChangeRequestEnvironmentConfig } from './operations/get-change-request-config';
export type { ChangeRequestDocument } from './change-requests/change-request-document';
export type { ConflictDetail } from './base/errors';
export type { OutdatedSdksResponse } from './operations/list-outdated-sdks';
export type { CreateFeatureInput } from './operations/create-feature';
export type { CurrentKeyDocument } from './operations/get-current-key';
export type { ClientHints, ClientMetrics, ClientRegistration } from './runtime/client-apps';

// The shapes the operations return.
export type { EnvironmentDocument, FeatureDocument, StrategyDocument } from './documents/feature-document';
export type { ProjectDocument, ProjectOwner, ProjectsResponse } from './documents/project-document';
export type { ClientFeature, ClientFeaturesResponse, ClientStrategy } from './documents/client-feature';
export type { ApiTokenDocument } from './documents/api-token-document';
export type { AddonParameterDefinition, AddonProviderDefinition, IntegrationEventRecord, IntegrationState } from './base/addon-providers';
export type { IntegrationSecrets } from './base/addon-secrets';

// The storage contract and the records storages keep.
export { COLLECTIONS, COLLECTION_NAMES } from './base/storage';
export type { CollectionName, Collections, EventQuery, ReadOptions, ReadTx, SequenceName, Storage, WriteTx } from './base/storage';
export { ADMIN_ROLES, CHANGE_REQUEST_STATES, FEATURE_TYPES, KEY_TYPES, LIFECYCLE_STAGES, PROJECT_MODES } from './base/records';
export type {
  AdminRole,
  ApiKeyRecord,
  ChangeRequestState,
  ClientAppRecord,
  ClientInstance,
  Constraint,
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
  Strategy,
  SegmentRecord,
  Tag,
  Variant,
} from './base/records';
export type {
  ApprovalRecord,
  ChangeRecord,
  ChangeRequestConfigRecord,
  ChangeRequestRecord,
  ChangeTarget,
  SchedulerRecord,
  UserRef,
} from './base/change-request-records';
export type {
  AddonRecord,
  ContextFieldRecord,
  EnvironmentRecord,
  FeatureTypeRecord,
  SettingRecord,
  StrategyDefinitionRecord,
  StrategyParameterDefinition,
  TagRecord,
  TagTypeRecord,
} from './base/vocabulary-records';

// Flag configuration: what an operation's input may hold, and what it takes and returns.
export { FLAG_CONFIG_LIMITS } from './base/flag-config-limits';
export { BUILT_IN_STRATEGIES } from './rules/strategy-parameters';
export { CONSTRAINT_OPERATORS } from './schemas/constraint';
export type { ConstraintOperator } from './schemas/constraint';
export type { AddStrategyInput } from './operations/add-strategy';
export type { UpdateStrategyInput } from './operations/update-strategy';
export type { PatchStrategyInput } from './operations/patch-strategy';
export type { DeleteStrategyInput } from './operations/delete-strategy';
export type { SetStrategySortOrderInput } from './operations/set-strategy-sort-order';
export type { FeatureEnvironmentQuery } from './runtime/read-feature-environment';
export type { ToggleEnvironmentInput } from './operations/toggle-environment';
export type { FeatureVariants } from './writes/replace-variants';
export type { FeatureEnvironmentRef } from './writes/feature-environment-write';
export type { FeatureWriteResult } from './writes/feature-write';
export type { ClientSegment } from './documents/client-strategies';
export type { AddDependencyInput } from './operations/add-dependency';

// How much one request may ask (configurable per instance).
export { DEFAULT_LIMITS, LIMIT_NAMES, resolveLimits } from './base/limits';
export type { Limits } from './base/limits';
