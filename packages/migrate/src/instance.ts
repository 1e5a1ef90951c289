/**
 * One side of a move, Unleash-shaped: what a move reads from its source and writes to its target. Two
 * implementations: a running Unleash over its admin API (`unleash-instance.ts`) and a flagadmin instance
 * through its admin operations (`flagadmin-instance.ts`), so the same move runs either way.
 */
import type {
  ApiTokenDoc,
  ChangeRequestSetting,
  ContextFieldDoc,
  EnvironmentDoc,
  ExportData,
  FeatureListing,
  ProjectDoc,
  SegmentDoc,
  StrategyDefinitionDoc,
  TagDoc,
  TagTypeDoc,
} from './documents';
import type { FeatureState } from './feature-state';

export interface Instance {
  /** How messages name it: `Unleash at <url>`, `flagadmin`. */
  readonly label: string;
  environments(): Promise<EnvironmentDoc[]>;
  createEnvironment(environment: EnvironmentDoc): Promise<void>;
  setEnvironmentOrder(order: Record<string, number>): Promise<void>;
  setEnvironmentEnabled(name: string, enabled: boolean): Promise<void>;
  projects(): Promise<ProjectDoc[]>;
  createProject(project: ProjectDoc): Promise<void>;
  projectEnvironments(projectId: string): Promise<string[]>;
  addProjectEnvironment(projectId: string, environment: string): Promise<void>;
  contextFields(): Promise<ContextFieldDoc[]>;
  createContextField(field: ContextFieldDoc): Promise<void>;
  updateContextField(field: ContextFieldDoc): Promise<void>;
  tagTypes(): Promise<TagTypeDoc[]>;
  createTagType(tagType: TagTypeDoc): Promise<void>;
  updateTagType(tagType: TagTypeDoc): Promise<void>;
  tags(): Promise<TagDoc[]>;
  createTag(tag: TagDoc): Promise<void>;
  segments(): Promise<SegmentDoc[]>;
  createSegment(segment: Omit<SegmentDoc, 'id'>): Promise<void>;
  updateSegment(id: number, segment: Omit<SegmentDoc, 'id'>): Promise<void>;
  /** Custom strategy definitions only (the built-in ones are every instance's). */
  strategyDefinitions(): Promise<StrategyDefinitionDoc[]>;
  createStrategyDefinition(definition: StrategyDefinitionDoc): Promise<void>;
  updateStrategyDefinition(definition: StrategyDefinitionDoc): Promise<void>;
  setStrategyDeprecated(name: string, deprecated: boolean): Promise<void>;
  /** A project's features by name, live and archived ones. */
  features(projectId: string): Promise<FeatureListing[]>;
  /** Unleash's export of the features named, in one environment. */
  exportFeatures(projectId: string, environment: string, names: readonly string[]): Promise<ExportData>;
  /** The features named as they are here (absent: not here), in the environments named. */
  featureStates(projectId: string, environments: readonly string[], names: readonly string[]): Promise<Map<string, FeatureState>>;
  /** Unleash's import of one environment's export (`importToggles`): all of it or nothing. */
  importFeatures(projectId: string, environment: string, data: ExportData): Promise<void>;
  archiveFeature(projectId: string, name: string): Promise<void>;
  /** The project's change-request settings; undefined when this edition has none. */
  changeRequestSettings(projectId: string): Promise<ChangeRequestSetting[] | undefined>;
  setChangeRequestSetting(projectId: string, setting: ChangeRequestSetting): Promise<void>;
  apiTokens(): Promise<ApiTokenDoc[]>;
}

/** Raised by an instance for something it cannot hold (an edition without the route): the item is skipped with this reason. */
export class NotSupported extends Error {
  override readonly name = 'NotSupported';
}
