/** Reads every operation makes: a visible project, a feature in its project, its environment, the environment index. */
import { canSeeProject, type Principal } from '../base/auth';
import { environmentIndex, type EnvironmentIndex } from '../documents/feature-document';
import { notFound } from '../base/errors';
import type { FeatureEnvironmentState, FeatureRecord, ProjectRecord } from '../base/records';
import type { ReadTx } from '../base/storage';
import { derivedByVersion, type DerivedRead } from './derived-by-version';

/** A numeric id as a path names it (change requests, changes, segments): 1 to 16 digits, no leading zero. */
export const isIdText = (text: string): boolean => /^[1-9]\d{0,15}$/.test(text);

/** The project, or 404 (also for a project outside the reader's scope: reads reveal nothing of it). */
export async function visibleProject(tx: ReadTx, principal: Principal, projectId: string): Promise<ProjectRecord> {
  const project = canSeeProject(principal, projectId) ? await tx.get('projects', projectId) : undefined;
  if (!project) throw notFound(`Could not find project with id "${projectId}".`);
  return project;
}

/** The feature when it exists in that project, or 404 (never naming another project it may be in). */
export async function featureInProject(tx: ReadTx, projectId: string, featureName: string): Promise<FeatureRecord> {
  const feature = await tx.get('features', featureName);
  // A feature found in the project proves the project exists (projects are never deleted).
  if (feature && feature.project === projectId) return feature;
  if (!(await tx.get('projects', projectId))) throw notFound(`Could not find project with id "${projectId}".`);
  throw notFound(`Could not find feature "${featureName}" in project "${projectId}".`);
}

/** The environment's state in a feature, or 404 naming both. */
export function environmentOf(feature: FeatureRecord, environment: string): FeatureEnvironmentState {
  const state = feature.environments.find((e) => e.name === environment);
  if (!state) throw notFound(`Could not find environment "${environment}" for feature "${feature.name}".`);
  return state;
}

/** The environments by name, in their sort order (kept while the storage says they are unchanged). */
export const environments: DerivedRead<EnvironmentIndex> = derivedByVersion('environments', environmentIndex);
