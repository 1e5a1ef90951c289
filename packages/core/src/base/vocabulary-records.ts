/**
 * What storages keep of the instance's vocabulary, beside the flags of `records.ts`: context fields, tag
 * types and the tag list, strategy definitions, feature types' lifetimes, settings and integrations,
 * and the environments.
 * Plain JSON values, as every record.
 */

/** A context field constraints and stickiness may name (Unleash's context fields); the built-ins are records too. */
export interface ContextFieldRecord {
  name: string;
  description: string;
  legalValues: { value: string; description?: string }[];
  stickiness: boolean;
  sortOrder: number;
  /** The project the field belongs to; null for an instance-wide field. */
  project: string | null;
  createdAt: string;
}

/** A kind of tag (Unleash's tag types): tags are (type, value) pairs of a known type. */
export interface TagTypeRecord {
  name: string;
  description: string;
  icon: string | null;
  color: string | null;
}

/** One tag of the instance's tag list (Unleash's `tags` table): a (type, value) pair. */
export interface TagRecord {
  type: string;
  value: string;
  createdAt: string;
  /**
   * How many features carry the tag, kept by the feature write path in the same transaction as every
   * change of a feature's tags (so a tag in use is known without reading every feature).
   */
  featureCount?: number;
}

/** One parameter of a strategy definition; `type` is one of STRATEGY_PARAMETER_TYPES. */
export interface StrategyParameterDefinition {
  name: string;
  type: string;
  description: string;
  required: boolean;
}

/**
 * A strategy definition with its parameter definitions: a custom one, or a built-in's record, which
 * only keeps whether it is deprecated (its text comes from BUILT_IN_STRATEGY_DEFINITIONS).
 */
export interface StrategyDefinitionRecord {
  name: string;
  title: string | null;
  description: string | null;
  parameters: StrategyParameterDefinition[];
  /** False for the built-ins, which cannot be changed or removed (a built-in's record keeps its deprecation). */
  editable: boolean;
  deprecated: boolean;
  sortOrder: number;
  createdAt: string;
}

/** A feature type's changed lifetime (Unleash's default lifetimes apply to types without one). */
export interface FeatureTypeRecord {
  id: string;
  lifetimeDays: number | null;
}

/** An instance setting kept by name (e.g. the frontend API's CORS origins). */
export interface SettingRecord {
  name: string;
  value: unknown;
}

/** An integration (Unleash's addons): a provider, its parameters and the events it is sent. */
export interface AddonRecord {
  id: number;
  provider: string;
  description: string | null;
  enabled: boolean;
  parameters: Record<string, unknown>;
  events: string[];
  projects: string[];
  environments: string[];
  createdAt: string;
}

/** An environment of the instance: its type, order, whether SDKs are served from it. */
export interface EnvironmentRecord {
  name: string;
  /** Unleash's types (`development`, `test`, `preproduction`, `production`) or any other text. */
  type: string;
  sortOrder: number;
  /** False: the environment is served to no SDK and new projects leave it out. Absent on older records: enabled. */
  enabled?: boolean;
  /** A protected environment cannot be changed or deleted. Absent: not protected. */
  protected?: boolean;
  /** The approvals a change request needs in this environment (Unleash's experimental field); absent: none set. */
  requiredApprovals?: number | null;
  createdAt?: string;
}
