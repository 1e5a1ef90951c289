/**
 * What storages keep. These are plain JSON values (no Date, no Map) so any storage can hold them as
 * documents. The shapes the API returns are built from them in `documents/`.
 */

export const FEATURE_TYPES = ['release', 'experiment', 'operational', 'kill-switch', 'permission'] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

export const LIFECYCLE_STAGES = ['initial', 'pre-live', 'live', 'completed', 'archived'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

export const PROJECT_MODES = ['open', 'protected', 'private'] as const;
export type ProjectMode = (typeof PROJECT_MODES)[number];

/** `backend` is Unleash's current name for a client key (`client` its deprecated one): both read the client API, each answered as created. */
export const KEY_TYPES = ['admin', 'client', 'backend', 'frontend'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

export const ADMIN_ROLES = ['admin', 'editor', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const CHANGE_REQUEST_STATES = ['Draft', 'In review', 'Approved', 'Scheduled', 'Applied', 'Cancelled', 'Rejected'] as const;
export type ChangeRequestState = (typeof CHANGE_REQUEST_STATES)[number];

export interface Tag {
  type: string;
  value: string;
}

export interface Constraint {
  contextName: string;
  operator: string;
  caseInsensitive?: boolean;
  inverted?: boolean;
  values?: string[];
  value?: string;
}

export interface Variant {
  name: string;
  weight: number;
  weightType: string;
  stickiness: string;
  payload?: { type: string; value: string };
  overrides?: { contextName: string; values: string[] }[];
}

export interface Strategy {
  id: string;
  name: string;
  title?: string;
  disabled?: boolean;
  sortOrder: number;
  segments: number[];
  constraints: Constraint[];
  variants: Variant[];
  parameters: Record<string, string>;
}

/** A reusable set of constraints that strategies refer to by id (Unleash's segments). */
export interface SegmentRecord {
  id: number;
  name: string;
  description: string | null;
  /** The project the segment is bound to; null for a segment every project may use. */
  project: string | null;
  constraints: Constraint[];
  createdAt: string;
  createdBy: string;
  /**
   * When the segment was deleted. Storages keep records, never remove them, so a deleted segment stays
   * as this marker: its id is never used again and every read treats it as gone.
   */
  deletedAt?: string;
}

/** A project's default strategy in one environment: what enabling a feature there with no strategy adds. */
export interface ProjectDefaultStrategy {
  environment: string;
  /** The strategy without id and sortOrder; an empty `groupId` parameter becomes the feature's name. */
  strategy: Omit<Strategy, 'id' | 'sortOrder'>;
}

export interface ProjectMember {
  name: string;
  email?: string;
  imageUrl?: string;
  role: 'owner' | 'member';
}

export interface ProjectRecord {
  id: string;
  name: string;
  description: string;
  mode: ProjectMode;
  defaultStickiness: string;
  favorite: boolean;
  members: ProjectMember[];
  /** Names of the instance environments this project uses. */
  environments: string[];
  /** Per environment, the strategy enabling a feature with none adds (else flexibleRollout 100 %). */
  defaultStrategies?: ProjectDefaultStrategy[];
  createdAt: string;
}

export interface FeatureEnvironmentState {
  name: string;
  enabled: boolean;
  strategies: Strategy[];
  variants: Variant[];
  lastSeenAt: string | null;
}

export interface FeatureRecord {
  name: string;
  project: string;
  type: FeatureType;
  description: string | null;
  archived: boolean;
  archivedAt: string | null;
  stale: boolean;
  favorite: boolean;
  impressionData: boolean;
  createdAt: string;
  lastSeenAt: string | null;
  lifecycle: { stage: LifecycleStage; enteredStageAt: string };
  tags: Tag[];
  variants: Variant[];
  dependencies: { feature: string; enabled: boolean; variants: string[] }[];
  children: string[];
  environments: FeatureEnvironmentState[];
  /**
   * The configuration (strategies, variants) of environments removed from the feature's project, kept
   * for a re-add, which brings it back disabled. Never served nor shown.
   */
  removedEnvironments?: FeatureEnvironmentState[];
  /** Increases with every administrative change; the ETag. */
  version: number;
  /** First time the feature was enabled in a production-type environment (avgTimeToProduction). */
  productionAt: string | null;
  /**
   * Every lifecycle stage the feature entered, oldest first, each once (Unleash's lifecycle list); absent
   * on records written before it was kept: then `lifecycle` alone is the list.
   */
  lifecycleStages?: LifecycleStageEntry[];
  /** Links to elsewhere (an issue, a dashboard); absent when none. */
  links?: FeatureLink[];
  /** The key that created the feature (set by the write path); absent on records written before it was kept. */
  createdBy?: { id: number; name: string };
}

export interface LifecycleStageEntry {
  stage: LifecycleStage;
  enteredStageAt: string;
  /** Of the `completed` stage: `kept` or `discarded`, and what was kept (a variant name). */
  status?: 'kept' | 'discarded';
  statusValue?: string;
}

export interface FeatureLink {
  /** From the `featureLink` sequence, as text (Unleash's ids are text). */
  id: string;
  url: string;
  title: string | null;
}

export interface ApiKeyRecord {
  id: number;
  name: string;
  type: KeyType;
  /** Admin keys only. */
  role: AdminRole | null;
  /** `["*"]` or project ids. */
  projects: string[];
  /** `["*"]` or environment names. */
  environments: string[];
  /** Hex SHA-256 of the secret; the secret itself is never stored. */
  secretHash: string;
  createdAt: string;
  /** When set, the key authenticates only before this instant (ISO date-time). */
  expiresAt?: string;
  /** When set, the key was deleted: it no longer authenticates nor is listed (kept so its secret stays revoked). */
  deletedAt?: string;
}

export interface ClientInstance {
  instanceId: string;
  sdkVersion: string | null;
  environment: string | null;
  lastSeen: string;
  /** How it reported: through the frontend API (`frontend`) or the client API (`backend`); absent on older records. */
  sdkType?: 'frontend' | 'backend';
  /** The address it last reported from through the client API (absent when the host did not say). */
  clientIp?: string;
}

export interface ClientAppRecord {
  appName: string;
  instances: ClientInstance[];
  /** Projects the app reported usage metrics for (sorted, distinct). */
  projects: string[];
  /** The strategies its last registration said it implements (absent before one did). */
  strategies?: string[];
  /** When any of its instances last registered or reported (absent on records written before it was kept). */
  lastSeen?: string;
}

/**
 * The value an application is listed under in its collection's index beside its projects (which never
 * hold a `:`): the day, counted from the epoch, it was last seen, so the applications not seen for long are
 * found without a scan (runtime/client-app-prune.ts).
 */
export const appSeenIndex = (day: number): string => `seen:${day}`;

/** The day (from the epoch) an application was last seen: its own stamp, else its latest instance's; undefined for neither. */
export function appSeenDay(app: ClientAppRecord): number | undefined {
  const times = app.lastSeen === undefined ? app.instances.map((i) => Date.parse(i.lastSeen)) : [Date.parse(app.lastSeen)];
  const last = Math.max(...times.filter(Number.isFinite)); // -Infinity for none
  return Number.isFinite(last) ? Math.floor(last / 86_400_000) : undefined;
}

/**
 * Aggregates of one project, kept up to date in the same transaction as every feature change,
 * so listing projects never walks every feature.
 */
export interface ProjectStatsRecord {
  project: string;
  featureCount: number;
  staleFeatureCount: number;
  /** Per feature type: sorted creation times (ms) of non-archived, non-stale features. */
  freshCreatedAt: Partial<Record<FeatureType, number[]>>;
  /** Over release features that reached a production environment: sum of days and count. */
  productionDaysSum: number;
  productionCount: number;
  lastEventAt: string | null;
}

export interface EventRecord {
  id: number;
  createdAt: string;
  type: string;
  createdBy: string;
  createdByUserId: number | null;
  environment: string | null;
  project: string | null;
  featureName: string | null;
  data: unknown;
  preData: unknown;
  tags: Tag[];
  /** The change request whose apply caused the event (only then). */
  changeRequestId?: number;
}

export type NewEvent = Omit<EventRecord, 'id'>;
