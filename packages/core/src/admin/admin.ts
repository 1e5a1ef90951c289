import type { Principal } from '../base/auth';
import { createContext, type AdminContext, type AdminOptions } from '../runtime/context';
import type { InitialKeys } from '../base/initial-keys';
import { authenticate } from '../operations/authenticate';
import { createApiKey } from '../operations/create-api-key';
import { deleteApiKey } from '../operations/delete-api-key';
import { listApiKeys } from '../operations/list-api-keys';
import { listApiKeysByName } from '../operations/list-api-keys-by-name';
import { updateApiKey } from '../operations/update-api-key';
import { listProjectApiKeys } from '../operations/list-project-api-keys';
import { createProjectApiKey } from '../operations/create-project-api-key';
import { deleteProjectApiKey } from '../operations/delete-project-api-key';
import { getCurrentKey } from '../operations/get-current-key';
import { ensureInitialKeys } from '../operations/ensure-initial-keys';
import { recordMetrics } from '../operations/record-metrics';
import { registerClient } from '../operations/register-client';
import { getClientFeatures } from '../operations/client-features';
import { createFeature } from '../operations/create-feature';
import { createProject } from '../operations/create-project';
import { getFeature } from '../operations/get-feature';
import { listFeatures } from '../operations/list-features';
import { listEvents } from '../operations/list-events';
import { listEventsJson } from '../operations/list-events-json';
import { listOutdatedSdks } from '../operations/list-outdated-sdks';
import { listProjects } from '../operations/list-projects';
import { patchFeature } from '../operations/patch-feature';
import { FLAG_CONFIG_OPERATIONS } from './flag-config-operations';
import { EVALUATION_OPERATIONS } from './evaluation-operations';
import { FEATURE_LIFECYCLE_OPERATIONS } from './feature-lifecycle-operations';
import { CHANGE_REQUEST_OPERATIONS } from './change-request-operations';
import { CLIENT_DELIVERY_OPERATIONS } from './client-delivery-operations';
import { TAG_OPERATIONS } from './tag-operations';
import { EXPORT_IMPORT_OPERATIONS } from './export-import-operations';
import { CONTEXT_FIELD_OPERATIONS } from './context-field-operations';
import { STRATEGY_DEFINITION_OPERATIONS } from './strategy-definition-operations';
import { ENVIRONMENT_OPERATIONS } from './environment-operations';
import { ADDON_OPERATIONS } from './addon-operations';
import { USER_OPERATIONS } from './user-operations';
import { ensureDefaultAdmin } from '../operations/ensure-default-admin';
import { authenticateSession } from '../operations/authenticate-session';
import type { Authenticated } from '../operations/authenticate';
import { USAGE_OPERATIONS } from './usage-operations';

/** Operations that act for a principal, with the context bound. */
const OPERATIONS = {
  patchFeature,
  listEvents,
  listEventsJson,
  listProjects,
  listOutdatedSdks,
  createProject,
  createFeature,
  getFeature,
  listFeatures,
  createApiKey,
  listApiKeys,
  getCurrentKey,
  deleteApiKey,
  listApiKeysByName,
  updateApiKey,
  listProjectApiKeys,
  createProjectApiKey,
  deleteProjectApiKey,
  registerClient,
  recordMetrics,
  getClientFeatures,
  ...CLIENT_DELIVERY_OPERATIONS,
  ...FLAG_CONFIG_OPERATIONS,
  ...EVALUATION_OPERATIONS,
  ...FEATURE_LIFECYCLE_OPERATIONS,
  ...CHANGE_REQUEST_OPERATIONS,
  ...TAG_OPERATIONS,
  ...EXPORT_IMPORT_OPERATIONS,
  ...CONTEXT_FIELD_OPERATIONS,
  ...STRATEGY_DEFINITION_OPERATIONS,
  ...ENVIRONMENT_OPERATIONS,
  ...ADDON_OPERATIONS,
  ...USER_OPERATIONS,
  ...USAGE_OPERATIONS,
} as const;

type Operations = typeof OPERATIONS;
type Bound<F> = F extends (ctx: AdminContext, principal: Principal, ...rest: infer R) => infer Out
  ? (principal: Principal, ...rest: R) => Out
  : never;

export type Admin = { readonly [K in keyof Operations]: Bound<Operations[K]> } & {
  readonly context: AdminContext;
  authenticate(header: string | null | undefined): Promise<Principal>;
  ensureInitialKeys(input: InitialKeys): Promise<number>;
  /** The first admin from a username and password, when nobody exists yet (true when created). */
  ensureDefaultAdmin(input: { username: string; password: string }): Promise<boolean>;
  /** The person of a session id (the `flagadmin-session` cookie's value); 401 when it has ended. */
  authenticateSession(sessionId: string): Promise<Authenticated>;
};

/**
 * The operations bound to their dependencies. Each takes the acting principal first (an authenticated
 * key, or SYSTEM_PRINCIPAL) and enforces the permission rules itself, so calling them from code is
 * exactly as safe as calling them over HTTP.
 */
export function createAdmin(options: AdminOptions): Admin {
  const context = createContext(options);
  const bound: Record<string, unknown> = {};
  for (const [name, op] of Object.entries(OPERATIONS)) {
    bound[name] = (principal: Principal, ...rest: unknown[]) =>
      (op as (ctx: AdminContext, p: Principal, ...r: unknown[]) => unknown)(context, principal, ...rest);
  }
  return Object.freeze({
    ...(bound as { [K in keyof Operations]: Bound<Operations[K]> }),
    context,
    authenticate: (header: string | null | undefined) => authenticate(context, header),
    ensureInitialKeys: (input: InitialKeys) => ensureInitialKeys(context, input),
    ensureDefaultAdmin: (input: { username: string; password: string }) => ensureDefaultAdmin(context, input),
    authenticateSession: (sessionId: string) => authenticateSession(context, sessionId),
  });
}
