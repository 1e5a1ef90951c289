/**
 * The connection budget: every flagadmin process on a PostgreSQL server may open up to its pool size, so
 * processes × pool size must stay within what the server accepts (`max_connections` less the slots
 * reserved for superusers). A process names its pool size in its connections' `application_name`
 * (`flagadmin pool=<max> <id>`), so a starting process sees the others that hold a connection (each holds
 * its commit listener's) and counts them with those it is told will start (`processes`).
 */
import { lastResult, type PgPool } from './pool';

/** Starting would let the flagadmin processes open more connections than the server accepts. */
export class FlagadminConnectionBudgetError extends Error {
  override readonly name = 'FlagadminConnectionBudgetError';
}

export const APPLICATION_PREFIX = 'flagadmin pool=';

/** This process's `application_name`: its pool size and an id telling its connections from others'. */
export const applicationName = (max: number): string => `${APPLICATION_PREFIX}${max} ${crypto.randomUUID().slice(0, 8)}`;

interface Budget {
  /** This process's `application_name`. */
  name: string;
  max: number;
  /** Processes expected on the server, this one included (at least the ones seen). */
  processes: number;
}

/** Rejects with FlagadminConnectionBudgetError when the processes' pools together exceed the server's connections. */
export async function checkBudget(pool: PgPool, { name, max, processes }: Budget): Promise<void> {
  const client = await pool.connect();
  // A connection the server drops while it is checked out emits `error`: the query fails instead.
  const ignore = () => undefined;
  client.on?.('error', ignore);
  let row: { allowed: number; reserved: number; others: string[] };
  try {
    [row] = lastResult(
      await client.query<{ allowed: number; reserved: number; others: string[] }>(
        `SELECT current_setting('max_connections')::int AS allowed,
          current_setting('superuser_reserved_connections')::int
            + COALESCE(current_setting('reserved_connections', true)::int, 0) AS reserved,
          ARRAY(SELECT DISTINCT application_name FROM pg_stat_activity
            WHERE starts_with(application_name, $1) AND application_name <> $2) AS others`,
        [APPLICATION_PREFIX, name],
      ),
    ).rows as [typeof row];
  } catch (error) {
    client.release(true); // closed, the listener left on it
    throw error;
  }
  client.off?.('error', ignore);
  client.release();
  const others = row.others.map((n) => Number(/^\S+ pool=(\d+)/.exec(n)?.[1] ?? 0));
  // Processes told of but not seen yet are counted at this process's pool size.
  const unseen = Math.max(0, processes - 1 - others.length);
  const wanted = max * (1 + unseen) + others.reduce((sum, n) => sum + n, 0);
  const available = row.allowed - row.reserved;
  if (wanted <= available) return;
  const count = 1 + unseen + others.length;
  throw new FlagadminConnectionBudgetError(
    `PostgreSQL accepts ${available} connections (max_connections ${row.allowed}, ${row.reserved} reserved), but ${count} flagadmin process${count === 1 ? '' : 'es'} may open ${wanted} ` +
      `(this one ${max}${others.length ? `, ${others.length} running: ${others.join(' + ')}` : ''}${unseen ? `, ${unseen} more expected at ${max} each` : ''}): ` +
      'lower the pool size (max), put PgBouncer in front, or raise max_connections',
  );
}
