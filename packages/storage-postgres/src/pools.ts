/** The pools a storage made from a URL opens: the main one, and a direct one for LISTEN and session locks. */
import { applicationName as applicationNameOf, checkBudget } from './budget';
import { createPool } from './connect';
import { asUnavailable } from './errors';
import { migrate } from './migrations';
import type { CommonOptions, UrlOptions } from './options';
import type { PgPool } from './pool';

/** The direct pool's size when `listenUrl` is given: the listener and the start-up lock. */
const SESSION_POOL_MAX = 2;

/** The storage's pools: `session` for LISTEN and session locks (a direct connection), `pool` for the rest. */
export interface Pools {
  pool: PgPool;
  session: PgPool;
}

export const endPools = async ({ pool, session }: Pools): Promise<void> => {
  await pool.end().catch(() => undefined);
  if (session !== pool) await session.end().catch(() => undefined);
};

/**
 * Migrates on a connection of its own whose statements have no time limit (a migration over a big table may
 * take minutes, and one the pool's timeout cut would fail every start again), closed once it is done: with
 * the budget check's, two connections while the process starts, both within its pool size.
 */
async function migrateWithoutTimeout(options: CommonOptions & UrlOptions, applicationName: string, schema: string): Promise<void> {
  const pool = await createPool({ ...options, max: 1, queryTimeoutMs: 0, applicationName });
  try {
    await migrate(pool, schema);
  } finally {
    await pool.end().catch(() => undefined);
  }
}

/** Opens the pools, checks the connection budget and migrates the schema; on failure ends what it opened. */
export async function openPools(options: CommonOptions & UrlOptions, schema: string): Promise<Pools> {
  const max = options.max ?? 10;
  const onIdleError = (error: Error) => options.logger?.warn({ err: error }, 'idle PostgreSQL connection failed');
  const applicationName = applicationNameOf(max + (options.listenUrl ? SESSION_POOL_MAX : 0));
  const pool = await createPool({ ...options, max, applicationName, onIdleError });
  const session = options.listenUrl
    ? await createPool({ ...options, url: options.listenUrl, max: SESSION_POOL_MAX, applicationName, onIdleError })
    : pool;
  const pools = { pool, session };
  try {
    await checkBudget(session, {
      name: applicationName,
      max: max + (session === pool ? 0 : SESSION_POOL_MAX),
      processes: options.processes ?? 1,
    });
    await migrateWithoutTimeout(options, applicationName, schema);
  } catch (error) {
    await endPools(pools);
    throw asUnavailable(error);
  }
  return pools;
}
