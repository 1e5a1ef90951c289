/** Checks the segments a strategy refers to: each exists (404) and may be used in the project (400). */
import { badData, notFound } from '../base/errors';
import type { SegmentRecord } from '../base/records';
import type { ReadTx } from '../base/storage';

export async function checkSegmentReferences(
  tx: ReadTx,
  projectId: string,
  ids: readonly number[],
  where = '/segments',
): Promise<SegmentRecord[]> {
  const found: SegmentRecord[] = [];
  for (const [i, id] of ids.entries()) {
    const segment = await tx.get('segments', String(id));
    if (!segment || segment.deletedAt !== undefined) throw notFound(`Could not find segment with id ${id} (${where}/${i}).`);
    if (segment.project !== null && segment.project !== projectId) {
      const message = `Segment ${id} belongs to project "${segment.project}": it can only be used by that project's strategies.`;
      throw badData(message, [{ message, path: `${where}/${i}` }]);
    }
    found.push(segment);
  }
  return found;
}
