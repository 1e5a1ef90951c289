/**
 * The version of what a change targets, and the conflicts of a request: a change whose target is gone
 * (feature archived, strategy or segment deleted) or changed since the change was added.
 */
import { sha256Hex } from '../base/auth';
import type { ConflictDetail } from '../base/errors';
import type { FeatureRecord } from '../base/records';
import type { ChangeRecord, ChangeRequestRecord, ChangeTarget } from '../base/change-request-records';
import type { ReadTx } from '../base/storage';
import type { TargetRef } from './change-actions';

const GONE = 'gone';

/** JSON with sorted keys, so equal values give equal text whatever order a storage kept keys in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

const fingerprint = async (value: unknown): Promise<string> =>
  value === undefined ? GONE : (await sha256Hex(canonical(value))).slice(0, 32);

/** What the change targets, now. */
export async function currentTarget(tx: ReadTx, ref: TargetRef, environment: string, featureName: string | null): Promise<ChangeTarget> {
  const at = (version: string): ChangeTarget => ({ kind: ref.kind, ...(ref.id === undefined ? {} : { id: ref.id }), version });
  if (ref.kind === 'segment') {
    const segment = await tx.get('segments', ref.id!);
    return at(await fingerprint(segment && segment.deletedAt === undefined ? segment : undefined));
  }
  const feature = featureName === null ? undefined : await tx.get('features', featureName);
  const state = feature?.environments.find((e) => e.name === environment);
  switch (ref.kind) {
    case 'feature':
      return at(feature ? String(feature.archived) : GONE);
    case 'strategy':
      return at(await fingerprint(state?.strategies.find((s) => s.id === ref.id)));
    case 'strategies':
      return at(await fingerprint(state?.strategies));
    case 'variants':
      return at(await fingerprint(state?.variants));
    case 'dependencies':
      return at(await fingerprint(feature?.dependencies));
  }
}

const MESSAGES: Record<string, string> = {
  featureArchived: 'Feature has been archived',
  strategyDeleted: 'Strategy has been deleted',
  strategyChanged: 'Strategy has been changed since this change was made',
  strategiesChanged: 'Strategies have changed since this change was made',
  variantsChanged: 'Variants have changed since this change was made',
  dependenciesChanged: 'Dependencies have changed since this change was made',
  segmentDeleted: 'Segment has been deleted',
  segmentChanged: 'Segment has been changed since this change was made',
};

async function conflictOf(
  tx: ReadTx,
  change: ChangeRecord,
  environment: string,
  feature: FeatureRecord | undefined,
  featureName: string | null,
): Promise<ConflictDetail | undefined> {
  const { target } = change;
  const base = { changeId: change.id, feature: featureName, ...(target?.id === undefined ? {} : { id: target.id }) };
  if (featureName !== null && (!feature || feature.archived))
    return { ...base, kind: 'featureArchived', message: MESSAGES['featureArchived']! };
  // A change stored before target versions were kept: only its feature being gone can be seen.
  if (!target) return undefined;
  const now = await currentTarget(tx, target as TargetRef, environment, featureName);
  if (now.version === target.version) return undefined;
  const kind = `${target.kind}${now.version === GONE ? 'Deleted' : 'Changed'}`;
  return { ...base, kind, message: MESSAGES[kind] ?? `The target has changed since this change was made` };
}

/** Every conflict of the request, in change order (segments first, as they apply first). */
export async function conflictsOf(tx: ReadTx, cr: ChangeRequestRecord): Promise<ConflictDetail[]> {
  const out: ConflictDetail[] = [];
  for (const change of cr.segments) {
    const conflict = await conflictOf(tx, change, cr.environment, undefined, null);
    if (conflict) out.push(conflict);
  }
  for (const entry of cr.features) {
    const feature = await tx.get('features', entry.name);
    for (const change of entry.changes) {
      const conflict = await conflictOf(tx, change, cr.environment, feature, entry.name);
      if (conflict) out.push(conflict);
    }
  }
  return out;
}
