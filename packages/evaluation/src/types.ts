/**
 * What the engine reads: Unleash's client format as `GET /api/client/features` serves it (features,
 * and the segments strategies refer to by id), with every field the SDKs treat as optional left
 * optional, so the client specification's states and our own answers both fit.
 */

export interface EvaluationConstraint {
  contextName: string;
  operator: string;
  caseInsensitive?: boolean;
  inverted?: boolean;
  values?: string[];
  value?: string;
}

export interface EvaluationPayload {
  type: string;
  value: string;
}

export interface EvaluationVariant {
  name: string;
  weight: number;
  weightType?: string;
  stickiness?: string;
  payload?: EvaluationPayload;
  overrides?: { contextName: string; values: string[] }[];
}

export interface EvaluationStrategy {
  name: string;
  /** The strategy's id, as the admin API shows it (the client API leaves it out). */
  id?: string;
  /** A disabled strategy is skipped (the client API never serves one; the admin shape may hold one). */
  disabled?: boolean;
  parameters?: Record<string, string>;
  constraints?: EvaluationConstraint[];
  segments?: number[];
  variants?: EvaluationVariant[];
}

export interface EvaluationDependency {
  feature: string;
  /** `false`: the parent must be off. Missing or `true`: on (and one of `variants`, when given). */
  enabled?: boolean;
  variants?: string[];
}

export interface EvaluationFeature {
  name: string;
  enabled: boolean;
  impressionData?: boolean;
  strategies: EvaluationStrategy[];
  variants?: EvaluationVariant[];
  dependencies?: EvaluationDependency[];
}

export interface EvaluationSegment {
  id: number;
  name?: string;
  constraints?: EvaluationConstraint[];
}

/** The features to evaluate and the segments their strategies refer to (the client API's answer). */
export interface EvaluationState {
  features: readonly EvaluationFeature[];
  segments?: readonly EvaluationSegment[];
}

/** Unleash's context. Any other field a constraint or a stickiness names is read from `properties`. */
export interface EvaluationContext {
  userId?: string;
  sessionId?: string;
  remoteAddress?: string;
  environment?: string;
  appName?: string;
  /** The instant DATE_AFTER and DATE_BEFORE compare with (ISO 8601 or a Date); the clock when absent. */
  currentTime?: string | Date;
  properties?: Record<string, string | null | undefined>;
}

/** The variant an evaluation hands out, in the frontend API's shape. */
export interface VariantResult {
  name: string;
  enabled: boolean;
  payload?: EvaluationPayload;
  /** Whether the flag itself is on for this context (Unleash's `feature_enabled`). */
  feature_enabled: boolean;
}

/** One flag evaluated for one context. */
export interface FlagEvaluation {
  name: string;
  enabled: boolean;
  variant: VariantResult;
  impressionData: boolean;
}
