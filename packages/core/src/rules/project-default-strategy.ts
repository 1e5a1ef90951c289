/** A project environment's default strategy: the body checked (flexibleRollout only, as Unleash), and set on a project. */
import { badData } from '../base/errors';
import type { Limits } from '../base/limits';
import type { ProjectDefaultStrategy, ProjectRecord } from '../base/records';
import type { ReadTx } from '../base/storage';
import type { EventInput } from '../runtime/emit';
import { strategyFromBody } from './strategy-input';

/**
 * The body (Unleash's createFeatureStrategySchema) as the stored default: checked as a strategy of no
 * feature yet, so a missing `groupId` is empty (each feature's name when it is added).
 */
export async function defaultStrategyFromBody(body: unknown, limits: Limits, tx: ReadTx): Promise<ProjectDefaultStrategy['strategy']> {
  if (typeof body === 'object' && body !== null && Object.hasOwn(body, 'name') && (body as { name: unknown }).name !== 'flexibleRollout') {
    const message = 'Only "flexibleRollout" strategy can be used as a default strategy for an environment';
    throw badData(message, [{ message, path: '/name' }]);
  }
  const {
    id: _id,
    sortOrder: _sortOrder,
    ...strategy
  } = await strategyFromBody(body, {
    featureName: '',
    defaultStickiness: 'default',
    id: '',
    idKnown: false,
    sortOrder: 0,
    limits,
    tx,
  });
  return strategy;
}

/** The project with `strategy` as the environment's default, and its `default-strategy-updated` event. */
export function withDefaultStrategy(
  project: ProjectRecord,
  environment: string,
  strategy: ProjectDefaultStrategy['strategy'],
): { project: ProjectRecord; event: EventInput } {
  const before = project.defaultStrategies?.find((d) => d.environment === environment)?.strategy ?? null;
  const others = (project.defaultStrategies ?? []).filter((d) => d.environment !== environment);
  return {
    project: { ...project, defaultStrategies: [...others, { environment, strategy }] },
    event: { type: 'default-strategy-updated', project: project.id, environment, data: strategy, preData: before },
  };
}
