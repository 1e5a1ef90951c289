/** Where an import goes: the project must exist and use the environment (404 otherwise, with nothing written). */
import { notFound } from '../base/errors';
import type { ProjectRecord } from '../base/records';
import type { ReadTx } from '../base/storage';

export async function importTarget(tx: ReadTx, body: { project: string; environment: string }): Promise<ProjectRecord> {
  const project = await tx.get('projects', body.project);
  if (!project) throw notFound(`Could not find project with id "${body.project}".`);
  if (!project.environments.includes(body.environment))
    throw notFound(`Could not find environment "${body.environment}" in project "${body.project}".`);
  return project;
}
