/** The audit log: events appended in the writer's transaction, and each project's `updatedAt` moved. */
import type { Principal } from '../base/auth';
import type { AdminContext } from './context';
import { emptyStats } from '../documents/project-stats';
import { limitExceeded } from '../base/limits';
import type { NewEvent, ProjectStatsRecord, Tag } from '../base/records';
import type { WriteTx } from '../base/storage';

export interface EventInput {
  type: string;
  project?: string | null;
  featureName?: string | null;
  environment?: string | null;
  data?: unknown;
  preData?: unknown;
  tags?: Tag[];
  /** Set on the events a change request's apply causes. */
  changeRequestId?: number;
}

/**
 * Appends events in the caller's write transaction, so they commit with the change they describe,
 * and moves each project's `updatedAt` (its last event). `changedStats`: a project's stats record the
 * caller changed in this transaction and has not put yet; emit puts it (with its last event moved when
 * the events are of its project), so it is neither read back nor written twice.
 */
export async function emit(
  tx: WriteTx,
  ctx: AdminContext,
  actor: Principal,
  events: readonly EventInput[],
  changedStats?: ProjectStatsRecord,
): Promise<void> {
  if (events.length > ctx.limits.eventsPerRequest) {
    throw limitExceeded('eventsPerRequest', ctx.limits.eventsPerRequest, `Too many changes in one request (${events.length} events)`);
  }
  const createdAt = ctx.now().toISOString();
  const projects = new Set<string>();
  for (const e of events) {
    const event: NewEvent = {
      createdAt,
      type: e.type,
      createdBy: actor.name,
      createdByUserId: actor.id === 0 ? null : actor.id,
      environment: e.environment ?? null,
      project: e.project ?? null,
      featureName: e.featureName ?? null,
      data: e.data ?? null,
      preData: e.preData ?? null,
      tags: e.tags ?? [],
      ...(e.changeRequestId === undefined ? {} : { changeRequestId: e.changeRequestId }),
    };
    await tx.appendEvent(event);
    if (event.project !== null) projects.add(event.project);
  }
  for (const project of projects) {
    const stats = changedStats?.project === project ? changedStats : ((await tx.get('projectStats', project)) ?? emptyStats(project));
    stats.lastEventAt = createdAt;
    await tx.put('projectStats', stats);
  }
  if (changedStats && !projects.has(changedStats.project)) await tx.put('projectStats', changedStats);
}
