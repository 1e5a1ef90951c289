/** A node-postgres pool for `postgresStorage({ url })`, with every wait bounded. */
import type { PgPool } from './pool';

export interface PoolOptions {
  url: string;
  /** Most connections this process opens; default 10. */
  max?: number;
  /** Longest wait for a connection (a new one or a free one), ms; default 5000. */
  connectTimeoutMs?: number;
  /** Longest a statement may take, enforced by the client and the server, ms; default 15000. */
  queryTimeoutMs?: number;
  /** Gets connection errors of idle connections (the pool replaces them by itself). */
  onIdleError?: (error: Error) => void;
}

/** The pool options a storage does not pass on to node-postgres. */
interface Named {
  /** The connections' `application_name` (budget.ts). */
  applicationName: string;
}

export async function createPool(options: PoolOptions & Named): Promise<PgPool> {
  const { default: pg } = await import('pg');
  const queryTimeout = options.queryTimeoutMs ?? 15_000;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    query_timeout: queryTimeout,
    statement_timeout: queryTimeout,
    // A transaction left open by a stuck client gives up its locks (the state row's above all).
    idle_in_transaction_session_timeout: queryTimeout,
    application_name: options.applicationName,
  });
  // Without a listener, an idle connection the server drops would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  // So would an error that reaches a connection between its users' listeners: one released it with a
  // failure and the pool is ending it when the server's own message about it arrives (a fast shutdown
  // tells every connection). Whoever used the connection saw the failure through its statements.
  pool.on('connect', (client) => client.on('error', ignore));
  return pool as unknown as PgPool;
}

const ignore = (): void => undefined;
