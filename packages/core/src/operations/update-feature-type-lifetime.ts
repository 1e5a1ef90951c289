import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { notFound } from '../base/errors';
import { featureTypeDocument, isFeatureType, type FeatureTypeDocument } from '../documents/feature-types';
import { readFeatureLifetimes } from '../runtime/feature-lifetimes';
import { assertValid } from '../schemas/validation';

/**
 * `PUT /api/admin/feature-types/:id/lifetime` (ADMIN; Unleash's updateFeatureTypeLifetime): the days
 * after which a feature of the type is potentially stale; `null` or 0: never (stored as null, as
 * Unleash). The id is read case-insensitively; 404 for another. Every answer that shows
 * `potentiallyStale` (features, project figures) follows at once. Event: `feature-type-updated`.
 */
export async function updateFeatureTypeLifetime(
  ctx: AdminContext,
  principal: Principal,
  input: { id: string; body: unknown },
): Promise<FeatureTypeDocument> {
  requireAdmin(principal);
  const id = input.id.toLowerCase();
  assertValid<{ lifetimeDays: number | null }>('featureTypeLifetime', input.body, 'feature type lifetime');
  const lifetimeDays = input.body.lifetimeDays === 0 ? null : input.body.lifetimeDays;
  return ctx.write(async (tx) => {
    if (!isFeatureType(id)) throw notFound(`The feature type you tried to update ("${id}") does not exist.`);
    const lifetimes = await readFeatureLifetimes(tx);
    const before = featureTypeDocument(id, lifetimes);
    const after = featureTypeDocument(id, { ...lifetimes, [id]: lifetimeDays });
    await tx.put('featureTypes', { id, lifetimeDays });
    await emit(tx, ctx, principal, [{ type: 'feature-type-updated', data: after, preData: before }]);
    return after;
  });
}
