/** Finding segments inside a transaction: the one a key may see, the live ones, a free name. */
import { isIdText } from '../runtime/lookups';
import type { Principal } from '../base/auth';
import { AdminError, notFound } from '../base/errors';
import type { SegmentRecord } from '../base/records';
import type { ReadTx } from '../base/storage';
import { canSeeSegment } from './segment-access';

/** The segment with that id when the key may see it, else 404 (also for a malformed id). */
export async function visibleSegment(tx: ReadTx, principal: Principal, id: string): Promise<SegmentRecord> {
  const segment = isIdText(id) ? await tx.get('segments', id) : undefined;
  if (!segment || segment.deletedAt !== undefined || !canSeeSegment(principal, segment))
    throw notFound(`Could not find segment with id ${id}.`);
  return segment;
}

/** Every segment not deleted. */
export async function liveSegments(tx: ReadTx): Promise<SegmentRecord[]> {
  return (await tx.list('segments')).filter((s) => s.deletedAt === undefined);
}

/** The name is free: 409 when another segment has it. */
export function requireFreeSegmentName(segments: readonly SegmentRecord[], name: string, except?: number): void {
  if (segments.some((s) => s.name === name && s.id !== except))
    throw new AdminError('NameExistsError', `A segment named "${name}" already exists.`);
}
