/**
 * What an environment's arrival in or departure from a project, or its deletion, does to the records
 * that name it: features (through `storeFollowingChange`, the feature write path's follow-up write),
 * projects, keys and change-request settings. Each runs in the caller's write transaction; the caller
 * writes the one event that tells the change.
 */
import type { FeatureEnvironmentState, FeatureRecord } from '../base/records';
import { COLLECTIONS, type WriteTx } from '../base/storage';
import { storeFollowingChange } from './feature-write';

const without = (states: readonly FeatureEnvironmentState[] | undefined, name: string): FeatureEnvironmentState[] =>
  (states ?? []).filter((s) => s.name !== name);

/**
 * The project's features get the environment: disabled, with the configuration they had when it was
 * removed (strategies, variants), else with none (Unleash's `connectFeatures`).
 */
export async function attachToFeatures(tx: WriteTx, projectId: string, environment: string): Promise<void> {
  for (const stored of await tx.list('features', { project: projectId })) {
    if (stored.environments.some((s) => s.name === environment)) continue;
    await storeFollowingChange(tx, stored, (feature) => {
      const kept = feature.removedEnvironments?.find((s) => s.name === environment);
      feature.environments.push(
        kept ? { ...kept, enabled: false } : { name: environment, enabled: false, strategies: [], variants: [], lastSeenAt: null },
      );
      setRemoved(feature, without(feature.removedEnvironments, environment));
    });
  }
}

/** The project's features lose the environment; its configuration is kept for a re-add. */
export async function detachFromFeatures(tx: WriteTx, projectId: string, environment: string): Promise<void> {
  for (const stored of await tx.list('features', { project: projectId })) {
    const state = stored.environments.find((s) => s.name === environment);
    if (!state) continue;
    await storeFollowingChange(tx, stored, (feature) => {
      feature.environments = without(feature.environments, environment);
      setRemoved(feature, [...without(feature.removedEnvironments, environment), state]);
    });
  }
}

function setRemoved(feature: FeatureRecord, removed: FeatureEnvironmentState[]): void {
  if (removed.length) feature.removedEnvironments = removed;
  else delete feature.removedEnvironments;
}

/**
 * A deleted environment leaves no trace that could come back with a new one of the same name: every
 * feature's state and kept configuration, every project's use and default strategy, the change-request
 * settings (deleted), and its API keys, which are revoked (marked deleted, so their secrets stay
 * refused, with no event of their own: the environment's deletion tells it).
 */
export async function eraseEnvironment(tx: WriteTx, environment: string, deletedAt: string): Promise<void> {
  for (const stored of await tx.list('features')) {
    const named = (s: FeatureEnvironmentState) => s.name === environment;
    if (!stored.environments.some(named) && !stored.removedEnvironments?.some(named)) continue;
    await storeFollowingChange(tx, stored, (feature) => {
      feature.environments = without(feature.environments, environment);
      setRemoved(feature, without(feature.removedEnvironments, environment));
    });
  }
  for (const project of await tx.list('projects')) {
    const defaults = project.defaultStrategies?.filter((d) => d.environment !== environment);
    if (project.environments.includes(environment) || defaults?.length !== project.defaultStrategies?.length) {
      const updated = { ...project, environments: project.environments.filter((e) => e !== environment) };
      if (defaults?.length) updated.defaultStrategies = defaults;
      else delete updated.defaultStrategies;
      await tx.put('projects', updated);
    }
    await tx.delete(
      'changeRequestConfigs',
      COLLECTIONS.changeRequestConfigs.key({ project: project.id, environment, enabled: false, requiredApprovals: 1 }),
    );
  }
  for (const key of await tx.list('apiKeys')) {
    if (key.deletedAt === undefined && key.environments.includes(environment)) await tx.put('apiKeys', { ...key, deletedAt });
  }
}
