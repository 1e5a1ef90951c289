import type { Principal } from './auth';
import { emptyStats } from './documents/project-stats';
import type { EnvironmentRecord, NewEvent, ProjectRecord, ProjectStatsRecord, Tag } from './records';
import type { Storage, WriteTx } from './storage';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const ignore = (): void => undefined;
export const silentLogger: Logger = { debug: ignore, info: ignore, warn: ignore, error: ignore };

export interface AdminOptions {
  storage: Storage;
  /** The clock; injectable so computed figures (staleness, health) are testable. */
  now?: () => Date;
  logger?: Logger;
}

/** What every operation runs with. */
export interface AdminContext {
  readonly storage: Storage;
  readonly now: () => Date;
  readonly logger: Logger;
  /** Resolves once a fresh storage has the instance defaults (environments, `default` project). */
  ready(): Promise<void>;
}

export const DEFAULT_ENVIRONMENTS: readonly EnvironmentRecord[] = [
  { name: 'development', type: 'development', sortOrder: 100 },
  { name: 'production', type: 'production', sortOrder: 200 },
];

/** The `default` project every instance has. */
export function defaultProject(environments: string[], createdAt: string): ProjectRecord {
  return {
    id: 'default',
    name: 'Default',
    description: 'Default project',
    mode: 'open',
    defaultStickiness: 'default',
    favorite: false,
    members: [],
    environments,
    createdAt,
  };
}

export function createContext(options: AdminOptions): AdminContext {
  const now = options.now ?? (() => new Date());
  let initialized: Promise<void> | undefined;
  const ctx: AdminContext = {
    storage: options.storage,
    now,
    logger: options.logger ?? silentLogger,
    ready() {
      initialized ??= initialize(ctx).catch((error: unknown) => {
        initialized = undefined;
        throw error;
      });
      return initialized;
    },
  };
  return ctx;
}

async function initialize(ctx: AdminContext): Promise<void> {
  const done = await ctx.storage.read(async (tx) => (await tx.get('projects', 'default')) !== undefined);
  if (done) return;
  await ctx.storage.write(async (tx) => {
    if (await tx.get('projects', 'default')) return;
    const environments = await tx.list('environments');
    if (environments.length === 0) for (const env of DEFAULT_ENVIRONMENTS) await tx.put('environments', { ...env });
    const names = (environments.length ? environments : DEFAULT_ENVIRONMENTS).map((e) => e.name);
    await tx.put('projects', defaultProject(names, ctx.now().toISOString()));
    await tx.put('projectStats', emptyStats('default'));
  });
}

export interface EventInput {
  type: string;
  project?: string | null;
  featureName?: string | null;
  environment?: string | null;
  data?: unknown;
  preData?: unknown;
  tags?: Tag[];
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
