import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { environmentWithCounts, type EnvironmentDocument } from '../documents/environment-document';
import { environments } from '../runtime/lookups';

/** Every environment of the instance, by sort order then name, with Unleash's counts (projects, keys, enabled features). */
export async function getAllEnvironments(
  ctx: AdminContext,
  principal: Principal,
): Promise<{ version: 1; environments: EnvironmentDocument[] }> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const [envs, projects, keys, features] = await Promise.all([
      environments(tx),
      tx.list('projects'),
      tx.list('apiKeys'),
      tx.list('features'),
    ]);
    return { version: 1, environments: [...envs.values()].map((e) => environmentWithCounts(e, projects, keys, features)) };
  });
}
