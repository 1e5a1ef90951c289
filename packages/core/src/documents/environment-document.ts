/** The environment answers (Unleash's environmentSchema and environmentProjectSchema), built from records. */
import type { ApiKeyRecord, FeatureRecord, ProjectDefaultStrategy, ProjectRecord } from '../base/records';
import type { EnvironmentRecord } from '../base/vocabulary-records';

export interface EnvironmentDocument {
  name: string;
  type: string;
  enabled: boolean;
  protected: boolean;
  sortOrder: number;
  projectCount?: number;
  apiTokenCount?: number;
  enabledToggleCount?: number;
  requiredApprovals?: number | null;
}

export type DefaultStrategyDocument = ProjectDefaultStrategy['strategy'];

export interface ProjectEnvironmentDocument {
  name: string;
  type: string;
  enabled: boolean;
  protected: boolean;
  sortOrder: number;
  projectApiTokenCount: number;
  projectEnabledToggleCount: number;
  defaultStrategy?: DefaultStrategyDocument;
  /** The project uses the environment. */
  visible: boolean;
  requiredApprovals?: number | null;
}

/** An environment record's fields, read with the defaults of records stored before they existed. */
export const isEnabledEnvironment = (e: EnvironmentRecord): boolean => e.enabled !== false;

export function environmentDocument(e: EnvironmentRecord): EnvironmentDocument {
  return {
    name: e.name,
    type: e.type,
    enabled: isEnabledEnvironment(e),
    protected: e.protected === true,
    sortOrder: e.sortOrder,
    ...(e.requiredApprovals != null ? { requiredApprovals: e.requiredApprovals } : {}),
  };
}

/** Whether a live key reads the environment (a `*` key reads every one). */
const keyReads = (k: ApiKeyRecord, environment: string): boolean =>
  k.deletedAt === undefined && (k.environments.includes('*') || k.environments.includes(environment));

/** The counts Unleash's getAllEnvironments adds: projects using it, keys for it, features enabled in it. */
export function environmentWithCounts(
  e: EnvironmentRecord,
  projects: readonly ProjectRecord[],
  keys: readonly ApiKeyRecord[],
  features: readonly FeatureRecord[],
): EnvironmentDocument {
  return {
    ...environmentDocument(e),
    projectCount: projects.filter((p) => p.environments.includes(e.name)).length,
    apiTokenCount: keys.filter((k) => k.type !== 'admin' && k.environments.includes(e.name) && k.deletedAt === undefined).length,
    enabledToggleCount: features.filter((f) => f.environments.some((s) => s.name === e.name && s.enabled)).length,
  };
}

/** One environment as a project sees it: its keys and enabled features there, its default strategy, whether it uses it. */
export function projectEnvironmentDocument(
  e: EnvironmentRecord,
  project: ProjectRecord,
  keys: readonly ApiKeyRecord[],
  features: readonly FeatureRecord[],
): ProjectEnvironmentDocument {
  const { name, type, enabled, protected: isProtected, sortOrder, requiredApprovals } = environmentDocument(e);
  const defaultStrategy = project.defaultStrategies?.find((d) => d.environment === name)?.strategy;
  return {
    name,
    type,
    enabled,
    protected: isProtected,
    sortOrder,
    projectApiTokenCount: keys.filter(
      (k) => k.type !== 'admin' && keyReads(k, name) && (k.projects.includes('*') || k.projects.includes(project.id)),
    ).length,
    projectEnabledToggleCount: features.filter((f) => f.environments.some((s) => s.name === name && s.enabled)).length,
    ...(defaultStrategy ? { defaultStrategy } : {}),
    visible: project.environments.includes(name),
    ...(requiredApprovals !== undefined ? { requiredApprovals } : {}),
  };
}
