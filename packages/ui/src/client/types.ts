// The shapes of the admin API answers the page reads (see the OpenAPI document at /docs/openapi.json).

export interface Tag {
  type: string;
  value: string;
}

/** A condition on the SDK's context: `values` for list operators, `value` for one-value ones. */
export interface Constraint {
  contextName: string;
  operator: string;
  values?: string[];
  value?: string;
  inverted?: boolean;
  caseInsensitive?: boolean;
}

export interface Strategy {
  id?: string;
  name: string;
  title?: string;
  disabled?: boolean;
  parameters?: Record<string, string>;
  constraints?: Constraint[];
  segments?: number[];
  /** Variants of the strategy itself (the page keeps them as they are when it edits the strategy). */
  variants?: Variant[];
}

export interface Variant {
  name: string;
  weight: number;
  weightType?: 'variable' | 'fix';
  stickiness?: string;
  payload?: { type: string; value: string };
  overrides?: { contextName: string; values: string[] }[];
}

export interface Segment {
  id: number;
  name: string;
  description?: string | null;
  project?: string | null;
  constraints?: Constraint[];
}

export interface FeatureEnvironment {
  name: string;
  type?: string;
  enabled: boolean;
  strategies?: Strategy[];
  variants?: Variant[];
  lastSeenAt?: string | null;
}

export interface Feature {
  name: string;
  type?: string;
  description?: string | null;
  archived?: boolean;
  project?: string;
  stale?: boolean;
  /** Older than its type's lifetime, neither stale nor archived (computed by the API). */
  potentiallyStale?: boolean;
  favorite?: boolean;
  impressionData?: boolean;
  createdAt?: string | null;
  lastSeenAt?: string | null;
  environments?: FeatureEnvironment[];
  tags?: Tag[] | null;
  dependencies?: Dependency[];
  children?: string[];
  archivedAt?: string | null;
  /** The current lifecycle stage (initial, pre-live, live, completed, archived). */
  lifecycle?: { stage: string; enteredStageAt: string };
  /** Links to elsewhere (an issue, a dashboard); absent when none. */
  links?: FeatureLink[];
}

export interface FeatureLink {
  id: string;
  url: string;
  title?: string | null;
}

export interface Dependency {
  feature: string;
  enabled?: boolean;
  variants?: string[];
}

export interface Project {
  id: string;
  name: string;
  description?: string;
  health: number;
  featureCount: number;
  staleFeatureCount: number;
  potentiallyStaleFeatureCount: number;
  memberCount?: number;
  updatedAt?: string;
  mode?: string;
}

export interface AdminEvent {
  id: number;
  createdAt: string;
  type: string;
  createdBy: string;
  environment?: string | null;
  project?: string | null;
  featureName?: string | null;
  data?: unknown;
  preData?: unknown;
}

export interface EventsResponse {
  version: number;
  events: AdminEvent[];
  totalEvents?: number;
}

export interface Person {
  /** The key's id, for people of change requests (as `GET /api/admin/user` gives it). */
  id?: number;
  username?: string | null;
  imageUrl?: string | null;
}

export interface ChangeRequestChange {
  id: number;
  action: string;
  conflict?: string;
  payload: unknown;
  createdBy?: Person;
  createdAt?: string;
}

export interface ChangeRequest {
  id: number;
  title?: string;
  environment: string;
  minApprovals: number;
  project: string;
  state: string;
  features: { name: string; conflict?: string; changes: ChangeRequestChange[] }[];
  segments: (ChangeRequestChange & { name: string })[];
  approvals?: { createdBy: Person; createdAt: string }[];
  rejections?: { createdBy: Person; createdAt: string }[];
  comments?: { id: number; text: string; createdBy: Person; createdAt: string }[];
  /** Set while Scheduled: when it applies, and `failed` with the reason when it could not. */
  schedule?: { scheduledAt: string; status: 'pending' | 'failed'; reason?: string };
  createdBy: Person;
  createdAt: string;
}

/** `GET /api/admin/user`: the signed-in key, its role and scope (`["*"]` or names). */
export interface CurrentKey {
  user: { id: number; username: string };
  role: string | null;
  projects: string[];
  environments: string[];
}

/** The states a change request moves to through `PUT …/change-requests/:id/state`. */
export type ChangeRequestMove = 'In review' | 'Approved' | 'Rejected' | 'Applied' | 'Scheduled' | 'Cancelled';

export interface OutdatedSdks {
  sdks: { sdkVersion: string; applications: string[] }[];
}

/** The feature types the API knows (its createFeature schema). */
export const FEATURE_TYPES = ['release', 'experiment', 'operational', 'kill-switch', 'permission'] as const;
