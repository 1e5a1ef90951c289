/**
 * `@flagadmin/core/operations`: every operation unbound, for people composing their own service. Each
 * takes a context first (`createContext({ storage })` from the main entry), then the acting principal,
 * then one input object: `patchFeature(ctx, principal, { projectId, featureName, patch })`. `createAdmin`
 * hands out the same operations bound to a context; most embedders need only that (the main entry).
 */

// Features, events, projects.
export { patchFeature } from './operations/patch-feature';
export type { PatchFeatureInput, PatchFeatureResult, PatchOperation } from './operations/patch-feature';
export { listEvents } from './operations/list-events';
export { listEventsJson } from './operations/list-events-json';
export type { EventsResponse } from './runtime/event-selection';
export { listProjects } from './operations/list-projects';
export { listOutdatedSdks } from './operations/list-outdated-sdks';
export type { OutdatedSdksResponse } from './operations/list-outdated-sdks';
export { createProject } from './operations/create-project';
export { createFeature } from './operations/create-feature';
export type { CreateFeatureInput } from './operations/create-feature';
export { getFeature } from './operations/get-feature';
export { listFeatures } from './operations/list-features';

// API keys.
export { authenticate } from './operations/authenticate';
export { createApiKey } from './operations/create-api-key';
export { listApiKeys } from './operations/list-api-keys';
export { getCurrentKey, type CurrentKeyDocument } from './operations/get-current-key';
export { deleteApiKey } from './operations/delete-api-key';
export { listApiKeysByName } from './operations/list-api-keys-by-name';
export { updateApiKey } from './operations/update-api-key';
export { listProjectApiKeys } from './operations/list-project-api-keys';
export { createProjectApiKey } from './operations/create-project-api-key';
export { deleteProjectApiKey } from './operations/delete-project-api-key';
export { ensureInitialKeys } from './operations/ensure-initial-keys';

// The client API that Unleash SDKs use.
export { registerClient } from './operations/register-client';
export { recordMetrics } from './operations/record-metrics';
export { getClientFeatures } from './operations/client-features';
export { getFrontendFeatures } from './operations/get-frontend-features';
export { recordFrontendMetrics } from './operations/record-frontend-metrics';
export { registerFrontendClient } from './operations/register-frontend-client';
export { evaluateOfrepFlag } from './operations/evaluate-ofrep-flag';
export { evaluateOfrepFlags } from './operations/evaluate-ofrep-flags';
export { getPlayground } from './operations/get-playground';
export { getAdvancedPlayground } from './operations/get-advanced-playground';
export { getUiConfig } from './operations/get-ui-config';
export { setCors } from './operations/set-cors';
export { getClientFeature } from './operations/get-client-feature';
export { getClientDelta } from './operations/get-client-delta';
export type { ClientDeltaResult } from './operations/get-client-delta';
export { openClientStream } from './operations/open-client-stream';
export { validateEdgeTokens } from './operations/validate-edge-tokens';
export type { EdgeToken } from './operations/validate-edge-tokens';
export { recordBulkMetrics } from './operations/record-bulk-metrics';
export type { ClientHints, ClientMetrics, ClientRegistration } from './runtime/client-apps';

// Change requests: settings, the workflow, apply (also scheduled).
export { CHANGE_REQUEST_OPERATIONS } from './admin/change-request-operations';
export { getChangeRequest } from './operations/get-change-request';
export { addChangeRequestChanges } from './operations/add-change-request-changes';
export type { AddChangesInput } from './operations/add-change-request-changes';
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

// Flag configuration: strategies, on/off, variants, segments, dependencies (and their routes).
export { FLAG_CONFIG_OPERATIONS } from './admin/flag-config-operations';
export { FLAG_CONFIG_ROUTES } from './http/flag-config-routes';
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
export { createSegment } from './operations/create-segment';
export { updateSegment } from './operations/update-segment';
export { deleteSegment } from './operations/delete-segment';
export { listSegments } from './operations/list-segments';
export { getSegment } from './operations/get-segment';
export { validateSegment } from './operations/validate-segment';
export { getStrategiesBySegmentId } from './operations/get-strategies-by-segment-id';
export type { SegmentStrategy } from './operations/get-strategies-by-segment-id';
export { getSegmentsByStrategyId } from './operations/get-segments-by-strategy-id';
export { addDependency } from './operations/add-dependency';
export type { AddDependencyInput } from './operations/add-dependency';
export { deleteDependency } from './operations/delete-dependency';
export { deleteDependencies } from './operations/delete-dependencies';

// Context fields (Unleash's /api/admin/context and a project's /context).
export { getContextFields } from './operations/get-context-fields';
export { getContextField } from './operations/get-context-field';
export { createContextField } from './operations/create-context-field';
export { updateContextField } from './operations/update-context-field';
export { deleteContextField } from './operations/delete-context-field';
export { updateContextFieldLegalValue } from './operations/update-context-field-legal-value';
export { deleteContextFieldLegalValue } from './operations/delete-context-field-legal-value';
export { validateContextFieldName } from './operations/validate-context-field-name';
export { getStrategiesByContextField } from './operations/get-strategies-by-context-field';
export type { ContextFieldStrategyUse } from './rules/context-field-usage';
export type { ContextFieldDocument } from './documents/context-field-document';
export type { ContextFieldScope } from './rules/context-field-lookup';

// Feature lifecycle: PUT, clone, validate, archive, revive, delete for good, stale, bulk on/off, lifecycle stages, links.
export { FEATURE_LIFECYCLE_OPERATIONS } from './admin/feature-lifecycle-operations';
export { updateFeature } from './operations/update-feature';
export type { UpdateFeatureInput } from './operations/update-feature';
export { cloneFeature } from './operations/clone-feature';
export type { CloneFeatureInput } from './operations/clone-feature';
export { archiveFeature } from './operations/archive-feature';
export { archiveFeatures } from './operations/archive-features';
export { validateArchiveFeatures } from './operations/validate-archive-features';
export type { ValidateArchiveFeaturesResult } from './operations/validate-archive-features';
export { reviveFeature } from './operations/revive-feature';
export { reviveFeatures } from './operations/revive-features';
export { deleteFeature } from './operations/delete-feature';
export { deleteFeatures } from './operations/delete-features';
export { staleFeatures } from './operations/stale-features';
export { bulkToggleEnvironment } from './operations/bulk-toggle-environment';
export type { BulkToggleInput } from './operations/bulk-toggle-environment';
export { overwriteVariantsOnEnvironments } from './operations/overwrite-variants-on-environments';
export type { OverwriteVariantsInput } from './operations/overwrite-variants-on-environments';
export { getFeatureEnvironment } from './operations/get-feature-environment';
export { validateFeature } from './operations/validate-feature';
export { validateConstraint } from './operations/validate-constraint';
export { getFeatureLifecycle } from './operations/get-feature-lifecycle';
export { completeFeature } from './operations/complete-feature';
export { uncompleteFeature } from './operations/uncomplete-feature';
export { countLifecycleStages } from './operations/count-lifecycle-stages';
export type { LifecycleStageCount } from './operations/count-lifecycle-stages';
export { createFeatureLink } from './operations/create-feature-link';
export { updateFeatureLink } from './operations/update-feature-link';
export { deleteFeatureLink } from './operations/delete-feature-link';

// Strategy definitions (Unleash's /api/admin/strategies): built-in and custom.
export { listStrategyDefinitions } from './operations/list-strategy-definitions';
export { getStrategyDefinition } from './operations/get-strategy-definition';
export { createStrategyDefinition } from './operations/create-strategy-definition';
export { updateStrategyDefinition } from './operations/update-strategy-definition';
export { removeStrategyDefinition } from './operations/remove-strategy-definition';
export { deprecateStrategyDefinition } from './operations/deprecate-strategy-definition';
export { reactivateStrategyDefinition } from './operations/reactivate-strategy-definition';
export type { StrategyDefinitionDocument } from './documents/strategy-definition-document';

// Environments and feature types.
export { getAllEnvironments } from './operations/get-all-environments';
export { getEnvironment } from './operations/get-environment';
export { getProjectEnvironments } from './operations/get-project-environments';
export { updateEnvironmentSortOrder } from './operations/update-environment-sort-order';
export { setEnvironmentEnabled } from './operations/set-environment-enabled';
export { createEnvironment } from './operations/create-environment';
export { updateEnvironment } from './operations/update-environment';
export { deleteEnvironment } from './operations/delete-environment';
export { addEnvironmentToProject } from './operations/add-environment-to-project';
export { removeEnvironmentFromProject } from './operations/remove-environment-from-project';
export { updateProjectDefaultStrategy } from './operations/update-project-default-strategy';
export { getFeatureTypes } from './operations/get-feature-types';
export { updateFeatureTypeLifetime } from './operations/update-feature-type-lifetime';
export type { EnvironmentDocument, ProjectEnvironmentDocument } from './documents/environment-document';
export type { FeatureTypeDocument } from './documents/feature-types';
export { listFeatureTags } from './operations/list-feature-tags';
export { addFeatureTag } from './operations/add-feature-tag';
export { updateFeatureTags } from './operations/update-feature-tags';
export { removeFeatureTag } from './operations/remove-feature-tag';
export { addTagToFeatures } from './operations/add-tag-to-features';
export { listTags } from './operations/list-tags';
export { getTag } from './operations/get-tag';
export { createTag } from './operations/create-tag';
export { deleteTag } from './operations/delete-tag';
export { listTagTypes } from './operations/list-tag-types';
export { getTagType } from './operations/get-tag-type';
export { createTagType } from './operations/create-tag-type';
export { validateTagType } from './operations/validate-tag-type';
export { updateTagType } from './operations/update-tag-type';
export { deleteTagType } from './operations/delete-tag-type';
export type { TagAnswer, TagList } from './runtime/tag-lookups';
export { searchFeatures } from './operations/search-features';
export type { SearchFeaturesResult } from './operations/search-features';
export type { SearchedFeature } from './documents/search-document';
export { getFeatureEventsJson } from './operations/get-feature-events';
export { searchEventsJson } from './operations/search-events';
export { listEventCreators } from './operations/list-event-creators';
export { listParentOptions } from './operations/list-parent-options';
export { listParentVariantOptions } from './operations/list-parent-variant-options';
export { checkDependenciesExist } from './operations/check-dependencies-exist';
export { updateFeatureStrategySegments } from './operations/update-feature-strategy-segments';
export type { StrategySegmentsBody } from './operations/update-feature-strategy-segments';

// Import and export in Unleash's format (features-batch).
export { exportFeatures } from './operations/export-features';
export type { ExportDocument } from './documents/export-document';
export { validateImport } from './operations/validate-import';
export type { ImportReport } from './rules/import-report';
export { importToggles } from './operations/import-toggles';

// Usage metrics and applications.
export { getFeatureUsageSummary } from './operations/get-feature-usage-summary';
export type { FeatureEnvironmentMetrics, FeatureUsage } from './operations/get-feature-usage-summary';
export { getRawFeatureMetrics } from './operations/get-raw-feature-metrics';
export type { FeatureMetrics } from './operations/get-raw-feature-metrics';
export { getApplications } from './operations/get-applications';
export type { ApplicationsAnswer } from './operations/get-applications';
export { getApplication } from './operations/get-application';
export type { ApplicationDocument } from './documents/application-document';
export { getApplicationOverview } from './operations/get-application-overview';
export type { ApplicationOverview } from './operations/get-application-overview';
export { getApplicationEnvironmentInstances } from './operations/get-application-environment-instances';
export type { ApplicationInstance } from './operations/get-application-environment-instances';
export { getOutdatedSdks } from './operations/get-outdated-sdks';

// Integrations (Unleash's addons).
export { getAddons } from './operations/get-addons';
export { createAddon } from './operations/create-addon';
export { getAddon } from './operations/get-addon';
export { updateAddon } from './operations/update-addon';
export { deleteAddon } from './operations/delete-addon';
export { getIntegrationEvents } from './operations/get-integration-events';
export { testAddon } from './operations/test-addon';

// People: users and roles, sign-in and sessions, personal access tokens.
export { getUsers } from './operations/get-users';
export { getUser } from './operations/get-user';
export { createUser } from './operations/create-user';
export type { CreateUserBody } from './operations/create-user';
export { updateUser } from './operations/update-user';
export { deleteUser } from './operations/delete-user';
export { changeUserPassword } from './operations/change-user-password';
export { changeMyPassword } from './operations/change-my-password';
export { validateUserPassword } from './operations/validate-user-password';
export { searchUsers } from './operations/search-users';
export { login } from './operations/login';
export { logout } from './operations/logout';
export { openSession } from './operations/open-session';
export { findOrCreateSsoUser } from './operations/find-or-create-sso-user';
export type { SsoIdentity } from './operations/find-or-create-sso-user';
export { ensureDefaultAdmin } from './operations/ensure-default-admin';
export { authenticateSession } from './operations/authenticate-session';
export { getPats } from './operations/get-pats';
export { createPat } from './operations/create-pat';
export { deletePat } from './operations/delete-pat';
export { getProfile } from './operations/get-profile';
export type { ProfileDocument } from './operations/get-profile';
export { getAdminCount } from './operations/get-admin-count';
export { getBaseUsersAndGroups } from './operations/get-base-users-and-groups';
export type { BaseUser } from './operations/get-base-users-and-groups';
export { resetUserPassword } from './operations/reset-user-password';
export { validateResetToken } from './operations/validate-reset-token';
export type { TokenUserDocument } from './operations/validate-reset-token';
export { changePasswordByToken } from './operations/change-password-by-token';
export { getUserPermissions } from './operations/get-user-permissions';
export type { UserAccessOverview } from './operations/get-user-permissions';
export type { PatDocument, RoleDocument, UserDocument } from './documents/user-document';
