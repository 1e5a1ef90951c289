import { requireAdminKey, type Principal } from '../auth';
import type { AdminContext } from '../context';
import { notFound } from '../errors';
import { canSeeSegment } from '../flag-config/segment-access';
import type { SegmentRecord } from '../records';
import type { ReadTx } from '../storage';

/** The segment with that id when the key may see it, else 404 (also for a malformed id). */
export async function visibleSegment(tx: ReadTx, principal: Principal, id: string): Promise<SegmentRecord> {
  const segment = /^[1-9]\d{0,15}$/.test(id) ? await tx.get('segments', id) : undefined;
  if (!segment || segment.deletedAt !== undefined || !canSeeSegment(principal, segment)) throw notFound(`Could not find segment with id ${id}.`);
  return segment;
}

/** Every segment not deleted. */
export async function liveSegments(tx: ReadTx): Promise<SegmentRecord[]> {
  return (await tx.list('segments')).filter((s) => s.deletedAt === undefined);
}

/** `GET /api/admin/segments`: the segments of every project and of the key's projects, by id. */
export async function listSegments(ctx: AdminContext, principal: Principal): Promise<{ segments: SegmentRecord[] }> {
  requireAdminKey(principal);
  const all = await ctx.read(liveSegments);
  return { segments: all.filter((s) => canSeeSegment(principal, s)).sort((a, b) => a.id - b.id) };
}

/** `GET /api/admin/segments/:id`. */
export async function getSegment(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<SegmentRecord> {
  requireAdminKey(principal);
  return ctx.read((tx) => visibleSegment(tx, principal, input.id));
}
