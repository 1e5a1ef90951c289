import type { Principal } from '../base/auth';
import type { SegmentRecord } from '../base/records';
import { parseSegmentBody } from '../rules/segment-input';
import type { AdminContext } from '../runtime/context';
import { updateSegmentInTx } from '../writes/segment-writes';

/**
 * `PUT /api/admin/segments/:id`: replaces name, description, project and constraints. Binding a
 * segment to a project while strategies of other projects use it is a 409 naming them. Event:
 * `segment-updated`; the same segment again is no change.
 */
export async function updateSegment(ctx: AdminContext, principal: Principal, input: { id: string; body: unknown }): Promise<SegmentRecord> {
  const body = parseSegmentBody(input.body);
  return ctx.write((tx) => updateSegmentInTx(tx, ctx, { principal }, input.id, body));
}
