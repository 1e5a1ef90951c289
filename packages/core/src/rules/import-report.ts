/**
 * What an import of Unleash's export format would do, read in a transaction and writing nothing: the
 * data cleaned as Unleash cleans it (features archived here left out, segment ids mapped by name), then
 * Unleash's errors, warnings and missing permissions, with its messages. `validateImport` answers the
 * report; `importToggles` refuses on it (403 for permissions, else 400) before writing anything.
 */
import { canSeeEnvironment, canSeeProject, seesAllProjects, type Principal } from '../base/auth';
import type { Limits } from '../base/limits';
import type { ContextFieldRecord } from '../base/vocabulary-records';
import type { ReadTx } from '../base/storage';
import { listStrategyDefinitions } from './strategy-definition-lookup';
import { liveSegments } from './segment-lookup';

export interface ImportStrategy {
  id?: string;
  name: string;
  featureName?: string;
  title?: string | null;
  disabled?: boolean | null;
  sortOrder?: number;
  segments?: number[];
  constraints?: unknown[];
  variants?: unknown[];
  parameters?: Record<string, string | number>;
}

export interface ImportData {
  features: { name: string; description?: string | null; type?: string; stale?: boolean | null; impressionData?: boolean | null }[];
  featureStrategies: ImportStrategy[];
  featureEnvironments?: { featureName?: string; name?: string; enabled: boolean; variants?: unknown[] }[];
  contextFields?: {
    name: string;
    description?: string | null;
    stickiness?: boolean;
    sortOrder?: number;
    legalValues?: { value: string; description?: string }[];
    project?: string | null;
  }[];
  featureTags?: { featureName: string; tagType?: string; tagValue: string }[];
  segments?: { id: number; name: string }[];
  tagTypes: { name: string; description?: string; icon?: string | null; color?: string | null }[];
  dependencies?: { feature: string; dependencies: { feature: string; enabled?: boolean; variants?: string[] }[] }[];
  links?: { feature: string; links: { url: string; title?: string | null }[] }[];
}

export interface ImportBody {
  project: string;
  environment: string;
  data: ImportData;
}

export interface ReportItem {
  message: string;
  affectedItems: string[];
}

export interface ImportReport {
  errors: ReportItem[];
  warnings: ReportItem[];
  permissions: ReportItem[];
}

/** Unleash's names of the permissions an import needs, as its validation lists the missing ones. */
export const PERMISSION_NAMES = {
  UPDATE_FEATURE: 'Update feature flags',
  CREATE_FEATURE: 'Create feature flags',
  CREATE_TAG_TYPE: 'Create tag types',
  CREATE_CONTEXT_FIELD: 'Create context fields',
  DELETE_FEATURE_STRATEGY: 'Delete activation strategies',
  CREATE_FEATURE_STRATEGY: 'Create activation strategies',
  UPDATE_FEATURE_ENVIRONMENT_VARIANTS: 'Update variants',
} as const;

const distinct = (items: readonly string[]): string[] => [...new Set(items)];
const item = (message: string, affectedItems: string[]): ReportItem[] => (affectedItems.length ? [{ message, affectedItems }] : []);
const featureOf = (entry: { featureName?: string | undefined }): string | undefined => entry.featureName;

/**
 * The data as Unleash imports it: features archived here (and their environments, strategies and tags)
 * left out, tag types kept only when a kept tag uses them, and each strategy's segment ids mapped to the
 * ids of this instance's segments of the same names (an unknown one is left out; validation names it).
 */
export async function cleanImportData(tx: ReadTx, data: ImportData): Promise<{ data: ImportData; archived: string[] }> {
  const archived: string[] = [];
  for (const name of distinct(data.features.map((f) => f.name))) if ((await tx.get('features', name))?.archived) archived.push(name);
  const gone = new Set(archived);
  const kept = (name: string | undefined) => name !== undefined && !gone.has(name);
  const featureTags = (data.featureTags ?? []).filter((t) => !gone.has(t.featureName));
  const usedTypes = new Set(featureTags.map((t) => t.tagType));
  const byName = new Map((await liveSegments(tx)).map((s) => [s.name, s.id]));
  const segmentIds = new Map((data.segments ?? []).map((s) => [s.id, byName.get(s.name)]));
  return {
    archived,
    data: {
      ...data,
      features: data.features.filter((f) => !gone.has(f.name)),
      featureEnvironments: (data.featureEnvironments ?? []).filter((e) => kept(featureOf(e))),
      featureStrategies: data.featureStrategies
        .filter((s) => kept(s.featureName))
        .map((s) => ({
          ...s,
          segments: (s.segments ?? []).map((id) => segmentIds.get(id)).filter((id): id is number => id !== undefined),
        })),
      featureTags,
      tagTypes: data.tagTypes.filter((t) => usedTypes.has(t.name)),
    },
  };
}

/** Whether each legal value of the imported field is one of the existing field's (Unleash's isValidField). */
const legalValuesFit = (imported: NonNullable<ImportData['contextFields']>[number], existing: ContextFieldRecord | undefined) =>
  !existing || (imported.legalValues ?? []).every((v) => existing.legalValues.some((e) => e.value === v.value));

/** The report of an import of `data` (cleaned) into `body.project` / `body.environment` by `principal`. */
export async function importReport(
  tx: ReadTx,
  principal: Principal,
  body: ImportBody,
  data: ImportData,
  archived: readonly string[],
  limits: Limits,
): Promise<ImportReport> {
  const { project, environment } = body;
  const names = data.features.map((f) => f.name);
  const stored = new Map<string, { project: string; archived: boolean }>();
  for (const name of distinct(names)) {
    const feature = await tx.get('features', name);
    if (feature) stored.set(name, { project: feature.project, archived: feature.archived });
  }
  const definitions = new Map((await listStrategyDefinitions(tx)).map((d) => [d.name, d]));
  const fields = new Map((await tx.list('contextFields')).map((f) => [f.name, f]));
  const segmentNames = new Set((await liveSegments(tx)).filter((s) => s.project === null || s.project === project).map((s) => s.name));
  const existingTagTypes = new Set((await tx.list('tagTypes')).map((t) => t.name));

  const unsupportedStrategies = distinct(data.featureStrategies.filter((s) => !definitions.has(s.name)).map((s) => s.name));
  const badFields = (data.contextFields ?? [])
    .filter((f) => {
      const existing = fields.get(f.name);
      return !legalValuesFit(f, existing) || (existing?.project != null && existing.project !== project);
    })
    .map((f) => f.name);
  const otherProject = distinct(names)
    .filter((n) => stored.has(n) && stored.get(n)!.project !== project)
    .map((n) => `${n} (in project ${stored.get(n)!.project})`);
  const duplicates = distinct(names.filter((n, i) => names.indexOf(n) !== i));
  const unsupportedSegments = (body.data.segments ?? []).filter((s) => !segmentNames.has(s.name)).map((s) => s.name);
  const imported = new Set(names);
  const parents = distinct((data.dependencies ?? []).flatMap((d) => d.dependencies.map((p) => p.feature)));
  const missingParents: string[] = [];
  for (const p of parents) if (!imported.has(p) && !stored.has(p) && !(await tx.get('features', p))) missingParents.push(p);
  const existing = distinct(names).filter((n) => stored.get(n)?.project === project && !stored.get(n)!.archived);
  const newFeatures = distinct(names).length - existing.length;
  const overLimit = distinct(names).length > limits.featuresPerImport;

  const errors = [
    ...item('We detected the following custom strategy that needs to be created first:', unsupportedStrategies),
    ...item('We detected the following context fields that do not have matching legal values with the imported ones:', badFields),
    ...item(
      `You cannot import a features that already exist in other projects. You already have the following features defined outside of project ${project}:`,
      otherProject,
    ),
    ...item('We detected the following features are duplicate in your import data:', duplicates),
    ...(overLimit
      ? [
          {
            message: `We detected you want to import ${distinct(names).length} features, exceeding the maximum of ${limits.featuresPerImport} per import (limit featuresPerImport).`,
            affectedItems: [],
          },
        ]
      : []),
    ...item('We detected the following segments that need to be created first:', unsupportedSegments),
    ...item('We detected the following dependencies that need to be created first:', missingParents),
  ];
  const custom = distinct(data.featureStrategies.map((s) => s.name)).filter((n) => definitions.get(n)?.editable);
  const warnings = [
    ...item(
      'The following strategy types will be used in import. Please make sure the strategy type parameters are configured as in source environment:',
      custom,
    ),
    ...item('The following features will not be imported as they are currently archived. To import them, please unarchive them first:', [
      ...archived,
    ]),
    ...item('The following features already exist in this project and will be overwritten:', existing),
  ];

  const needed: (keyof typeof PERMISSION_NAMES)[] = ['UPDATE_FEATURE'];
  if (data.tagTypes.some((t) => !existingTagTypes.has(t.name))) needed.push('CREATE_TAG_TYPE');
  if ((data.contextFields ?? []).some((f) => !fields.has(f.name))) needed.push('CREATE_CONTEXT_FIELD');
  if (await strategiesExist(tx, names, environment)) needed.push('DELETE_FEATURE_STRATEGY');
  if (data.featureStrategies.length) needed.push('CREATE_FEATURE_STRATEGY');
  if ((data.featureEnvironments ?? []).some((e) => (e.variants ?? []).length)) needed.push('UPDATE_FEATURE_ENVIRONMENT_VARIANTS');
  if (newFeatures > 0) needed.push('CREATE_FEATURE');
  const missing = needed.filter((p) => !holds(principal, p, project, environment)).map((p) => PERMISSION_NAMES[p]);
  const permissions = item('We detected you are missing the following permissions:', missing);
  return { errors, warnings, permissions };
}

/** Whether a feature named has a strategy in the environment (Unleash asks it even of an empty list). */
async function strategiesExist(tx: ReadTx, names: readonly string[], environment: string): Promise<boolean> {
  if (names.length === 0) return true;
  for (const name of distinct(names)) {
    const feature = await tx.get('features', name);
    if (feature?.environments.some((e) => e.name === environment && e.strategies.length)) return true;
  }
  return false;
}

/**
 * flagadmin's roles for Unleash's permissions: an editor or admin key with the project in scope holds the
 * project's ones (the environment's in scope too for strategies and variants); tag types and context fields
 * of the instance need a key over every project.
 */
function holds(p: Principal, permission: keyof typeof PERMISSION_NAMES, project: string, environment: string): boolean {
  if (p.type !== 'admin' || (p.role !== 'admin' && p.role !== 'editor')) return false;
  if (permission === 'CREATE_TAG_TYPE' || permission === 'CREATE_CONTEXT_FIELD') return seesAllProjects(p);
  if (!canSeeProject(p, project)) return false;
  return permission === 'UPDATE_FEATURE' || permission === 'CREATE_FEATURE' || canSeeEnvironment(p, environment);
}
