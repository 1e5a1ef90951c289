/** What a fresh instance has before anyone writes: the default environments and the `default` project. */
import { emptyStats } from '../documents/project-stats';
import type { ProjectRecord } from '../base/records';
import type { EnvironmentRecord } from '../base/vocabulary-records';
import type { Storage } from '../base/storage';

export const DEFAULT_ENVIRONMENTS: readonly EnvironmentRecord[] = [
  { name: 'development', type: 'development', sortOrder: 100, enabled: true, protected: false },
  { name: 'production', type: 'production', sortOrder: 200, enabled: true, protected: false },
];

/** The `default` project every instance has. */
export function defaultProject(environments: string[], createdAt: string): ProjectRecord {
  return {
    id: 'default',
    name: 'Default',
    description: 'Default project',
    mode: 'open',
    defaultStickiness: 'default',
    favorite: false,
    members: [],
    environments,
    createdAt,
  };
}

/** Writes the defaults unless the `default` project exists; environments already there are kept. */
export async function ensureInstanceDefaults(storage: Storage, now: () => Date): Promise<void> {
  const done = await storage.read(async (tx) => (await tx.get('projects', 'default')) !== undefined);
  if (done) return;
  await storage.write(async (tx) => {
    if (await tx.get('projects', 'default')) return;
    const environments = await tx.list('environments');
    if (environments.length === 0) for (const env of DEFAULT_ENVIRONMENTS) await tx.put('environments', { ...env });
    const names = (environments.length ? environments : DEFAULT_ENVIRONMENTS).map((e) => e.name);
    await tx.put('projects', defaultProject(names, now().toISOString()));
    await tx.put('projectStats', emptyStats('default'));
  });
}
