/**
 * The Unleash-shaped documents both sides exchange: what Unleash 8.2.0's admin API answers and takes, and
 * flagadmin's admin operations alike (flagadmin speaks the same shapes). Only the fields a move carries.
 */
export interface EnvironmentDoc {
  name: string;
  type: string;
  sortOrder: number;
  enabled: boolean;
}

export interface ProjectDoc {
  id: string;
  name: string;
  description?: string | null;
}

export interface LegalValue {
  value: string;
  description?: string;
}

export interface ContextFieldDoc {
  name: string;
  description?: string | null;
  stickiness?: boolean;
  sortOrder?: number;
  legalValues?: LegalValue[];
  project?: string | null;
}

export interface TagTypeDoc {
  name: string;
  description?: string | null;
  icon?: string | null;
  color?: string | null;
}

export interface TagDoc {
  type: string;
  value: string;
}

export interface ConstraintDoc {
  contextName: string;
  operator: string;
  values?: string[];
  value?: string;
  inverted?: boolean;
  caseInsensitive?: boolean;
}

export interface SegmentDoc {
  id: number;
  name: string;
  description?: string | null;
  project?: string | null;
  constraints: ConstraintDoc[];
}

export interface StrategyDefinitionDoc {
  name: string;
  title?: string | null;
  description?: string | null;
  editable: boolean;
  deprecated: boolean;
  parameters: { name: string; type: string; description?: string; required?: boolean }[];
}

export interface ApiTokenDoc {
  tokenName: string;
  type: string;
  environment: string;
  projects: string[];
}

export interface ChangeRequestSetting {
  environment: string;
  changeRequestEnabled: boolean;
  requiredApprovals?: number | null;
}

export interface VariantDoc {
  name: string;
  weight?: number;
  weightType?: string;
  stickiness?: string;
  payload?: { type: string; value: string } | null;
  overrides?: { contextName: string; values: string[] }[];
}

export interface ExportStrategy {
  id?: string;
  name: string;
  featureName: string;
  title?: string | null;
  disabled?: boolean | null;
  sortOrder?: number;
  segments?: number[];
  constraints?: ConstraintDoc[];
  variants?: VariantDoc[];
  parameters?: Record<string, string | number>;
}

/** Unleash's export of one environment (exportResultSchema), as `POST /api/admin/features-batch/export` answers. */
export interface ExportData {
  features: {
    name: string;
    description?: string | null;
    type?: string;
    project?: string;
    stale?: boolean | null;
    impressionData?: boolean | null;
    archived?: boolean | null;
  }[];
  featureStrategies: ExportStrategy[];
  featureEnvironments?: { featureName?: string; name?: string; environment?: string; enabled: boolean; variants?: VariantDoc[] }[];
  contextFields?: ContextFieldDoc[];
  featureTags?: { featureName: string; tagType?: string; tagValue: string }[];
  segments?: { id: number; name: string }[];
  tagTypes: TagTypeDoc[];
  dependencies?: { feature: string; dependencies: { feature: string; enabled?: boolean; variants?: string[] }[] }[];
  links?: { feature: string; links: { url: string; title?: string | null }[] }[];
}

/** A feature as `GET /api/admin/projects/:p/features/:f` answers it (the fields compared). */
export interface FeatureDoc {
  name: string;
  project: string;
  type?: string;
  description?: string | null;
  stale?: boolean;
  impressionData?: boolean;
  archived?: boolean;
  environments: { name: string; enabled: boolean; variants?: VariantDoc[]; strategies: ExportStrategy[] }[];
  tags?: TagDoc[];
  dependencies?: { feature: string; enabled?: boolean; variants?: string[] }[];
  links?: { url: string; title?: string | null }[];
}

/** A feature's name and whether it is archived. */
export interface FeatureListing {
  name: string;
  archived: boolean;
}
