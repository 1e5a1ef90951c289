/**
 * A change request as the API shows it (spec 2.5, Unleash's shape): internal fields left out, and on an
 * open request the conflict strings of changes whose target changed or went.
 */
import type { ConflictDetail } from '../base/errors';
import type { ChangeRecord, ChangeRequestRecord } from '../base/change-request-records';
import type { ReadTx } from '../base/storage';
import { conflictsOf } from './change-targets';
import { isOpen } from './transitions';

type ChangeEntry = Omit<ChangeRecord, 'target'> & { conflict?: string };

export interface ChangeRequestDocument extends Omit<ChangeRequestRecord, 'features' | 'segments' | 'schedule' | 'discardedAt'> {
  features: { name: string; conflict?: string; changes: ChangeEntry[] }[];
  segments: (ChangeEntry & { name: string })[];
  schedule?: { scheduledAt: string; status: 'pending' | 'failed'; reason?: string };
}

function entry({ target: _target, ...change }: ChangeRecord, conflicts: ReadonlyMap<number, ConflictDetail>): ChangeEntry {
  const conflict = conflicts.get(change.id);
  return conflict ? { ...change, conflict: conflict.message } : change;
}

export async function changeRequestDocument(tx: ReadTx, cr: ChangeRequestRecord): Promise<ChangeRequestDocument> {
  const found = isOpen(cr.state) ? await conflictsOf(tx, cr) : [];
  const conflicts = new Map(found.map((c) => [c.changeId, c]));
  const { features, segments, schedule, discardedAt: _discarded, ...rest } = cr;
  return {
    ...rest,
    features: features.map((f) => {
      const archived = found.find((c) => c.feature === f.name && c.kind === 'featureArchived');
      return { name: f.name, ...(archived ? { conflict: archived.message } : {}), changes: f.changes.map((c) => entry(c, conflicts)) };
    }),
    segments: segments.map((s) => ({ ...entry(s, conflicts), name: s.name })),
    ...(schedule
      ? {
          schedule: { scheduledAt: schedule.scheduledAt, status: schedule.status, ...(schedule.reason ? { reason: schedule.reason } : {}) },
        }
      : {}),
  };
}
