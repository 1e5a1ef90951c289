/**
 * What archiving means, on every path that archives a feature (PATCH, DELETE, the batch, a change
 * request's `archiveFeature`) and for a permanent delete, as Unleash: a feature others depend on stays
 * unless they go with it; an archived feature drops its own dependencies; an archived feature is read-only.
 */
import { AdminError, badData } from '../base/errors';
import type { FeatureRecord } from '../base/records';
import type { WriteTx } from '../base/storage';
import type { EventInput } from '../runtime/emit';
import { parentsWithoutChild } from '../rules/dependency-links';

/** Unleash's ArchivedFeatureError (400): any change of an archived feature but reviving or deleting it. */
export const archivedFeature = (name: string): AdminError =>
  badData(`Cannot perform this operation on archived features: "${name}" is archived (revive it first).`);

/**
 * A parent stays while features depend on it (as Unleash): archiving or deleting it would leave its
 * children evaluated against a parent SDKs no longer get. 409 naming them; archived children and the
 * features going `together` (the same batch) do not count.
 */
export async function requireNoLiveChildren(
  tx: WriteTx,
  record: Readonly<FeatureRecord>,
  verb: 'archived' | 'deleted',
  together?: ReadonlySet<string>,
): Promise<void> {
  const live: string[] = [];
  for (const name of record.children) {
    if (together?.has(name)) continue;
    const child = await tx.get('features', name);
    if (child && !child.archived) live.push(name);
  }
  if (live.length === 0) return;
  throw new AdminError(
    'ConflictError',
    `"${record.name}" cannot be ${verb}: ${live.map((n) => `"${n}"`).join(', ')} depend on it. Archive them or remove their dependency first.`,
    { details: live.map((name) => ({ message: `"${name}" depends on "${record.name}"`, path: '/archived' })) },
  );
}

/**
 * Archiving `feature` (the edit's copy): no live child outside `together`, then its own dependencies go
 * (Unleash deletes them with a `feature-dependencies-removed` event) and its parents lose it as a child.
 */
export async function archiveConsequences(
  tx: WriteTx,
  feature: FeatureRecord,
  together?: ReadonlySet<string>,
): Promise<{ events: EventInput[]; others: FeatureRecord[] }> {
  await requireNoLiveChildren(tx, feature, 'archived', together);
  const dependencies = feature.dependencies;
  if (dependencies.length === 0) return { events: [], others: [] };
  feature.dependencies = [];
  return {
    events: [{ type: 'feature-dependencies-removed', data: null, preData: { dependencies } }],
    others: await parentsWithoutChild(
      tx,
      feature.name,
      dependencies.map((d) => d.feature),
    ),
  };
}
