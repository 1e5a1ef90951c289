import type { Principal } from '../base/auth';
import { badData } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import type { ChangeRequestDocument } from '../change-requests/change-request-document';
import { backToReview, findChange, requireEditable } from '../change-requests/change-edits';
import { visibleChangeRequest } from '../change-requests/change-request-lookup';
import { requestEvent } from '../change-requests/change-request-events';
import { changeRequestWrite, type ChangeRequestRef } from '../change-requests/change-request-write';
import { dryRun } from '../change-requests/dry-run';
import { prepareInput, type ChangeInput } from '../change-requests/prepared-changes';
import { assertValid } from '../schemas/validation';

/**
 * `PUT .../change-requests/:id/changes/:changeId` `{action, payload}` (or `{feature, action, payload}`,
 * as Unleash's UI sends it): the author replaces a change (same feature), checked as when it was added,
 * with its target's version taken again. A request In review or Approved returns to In review and loses
 * its approvals. Event: `change-edited`.
 */
export async function updateChangeRequestChange(
  ctx: AdminContext,
  principal: Principal,
  input: ChangeRequestRef & { changeId: string; body: unknown },
): Promise<ChangeRequestDocument> {
  assertValid<ChangeInput>('changeRequestChangeEdit', input.body, 'change');
  const body = input.body;
  const place = await ctx.read(async (tx) => {
    const cr = await visibleChangeRequest(tx, principal, input.projectId, input.id);
    requireEditable(principal, cr);
    return { cr, feature: findChange(cr, input.changeId).feature };
  });
  requireSameFeature(input.changeId, place.feature, body.feature);
  const prepared = prepareInput(input.projectId, place.cr.environment, { ...body, feature: place.feature }, '');
  const [target] = await dryRun(ctx, principal, place.cr.environment, [{ prepared, feature: place.feature, prefix: '' }]);
  return changeRequestWrite(ctx, principal, input, async (_tx, cr) => {
    requireEditable(principal, cr);
    const { feature, change } = findChange(cr, input.changeId);
    const preData = { action: change.action, payload: change.payload };
    Object.assign(change, { action: body.action, payload: body.payload, target: target! });
    const review = backToReview(cr);
    return {
      record: cr,
      events: [
        requestEvent(
          cr,
          'change-edited',
          { changeId: change.id, action: body.action, payload: body.payload, preData, ...review },
          feature ?? undefined,
        ),
      ],
    };
  });
}

/** A `feature` in the body must be the change's own (null for a segment change): an edit never moves a change. */
function requireSameFeature(changeId: string, own: string | null, named: string | null | undefined): void {
  if (named === undefined || named === own) return;
  const what = own === null ? 'a segment change and names no feature' : `for feature "${own}"`;
  throw badData(`Change ${changeId} is ${what}, not ${named === null ? 'null' : `"${named}"`}.`, [
    { message: `must be ${own === null ? 'null' : `"${own}"`}`, path: '/feature' },
  ]);
}
