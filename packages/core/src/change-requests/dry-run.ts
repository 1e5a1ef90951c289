/**
 * Runs changes as their apply would, in a write transaction that is always rolled back: what the
 * operations refuse (a bad strategy parameter, an unknown strategy id, a missing parent) is refused
 * when the change is made, not when it is applied. Returns each change's target as it is now.
 */
import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { ChangeTarget } from '../base/change-request-records';
import type { PreparedChange } from './change-actions';
import { currentTarget } from './change-targets';
import { underPath } from './prepared-changes';

export interface DryRunItem {
  prepared: PreparedChange;
  feature: string | null;
  /** The change's path in the request body, for error details. */
  prefix: string;
}

/** Thrown to roll the dry run back, carrying its result. */
class RolledBack {
  constructor(readonly targets: ChangeTarget[]) {}
}

export async function dryRun(
  ctx: AdminContext,
  principal: Principal,
  environment: string,
  items: readonly DryRunItem[],
): Promise<ChangeTarget[]> {
  try {
    await ctx.write(async (tx) => {
      const targets: ChangeTarget[] = [];
      for (const item of items) targets.push(await currentTarget(tx, item.prepared.target, environment, item.feature));
      for (const item of items) {
        try {
          // An id of no request: nothing of a dry run is committed.
          await item.prepared.run(tx, ctx, { principal, changeRequestId: 0 });
        } catch (error) {
          throw underPath(error, `${item.prefix}/payload`);
        }
      }
      throw new RolledBack(targets);
    });
  } catch (caught) {
    if (caught instanceof RolledBack) return caught.targets;
    throw caught;
  }
  throw new Error('unreachable: a dry run always rolls back');
}
