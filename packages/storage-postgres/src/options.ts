/** What postgresStorage() takes: a pool of yours or a URL, and the read cache's and notified reads' bounds. */
import type { PoolOptions } from './connect';
import type { PgPool } from './pool';

/** Told about failed idle connections; pino-style `(fields, message)`, so `pino()` fits. */
export interface StorageLogger {
  warn(fields: { err: unknown }, message: string): void;
}

export interface CommonOptions {
  /** The PostgreSQL schema holding flagadmin's tables; created when missing. Default `flagadmin`. */
  schema?: string;
  logger?: StorageLogger;
  /** Most characters of JSON text the read cache keeps (answers at the current revision). Default 32 Mi. */
  cacheChars?: number;
  /**
   * Longest a notified read (core's SDK-facing reads) answers from commit notifications alone before it
   * reads the state row again, ms: the bound on how long a notification lost unseen can delay a change.
   * Default 1000.
   */
  recheckMs?: number;
}

export const DEFAULT_CACHE_CHARS = 32 * 1024 * 1024;
export const DEFAULT_RECHECK_MS = 1000;

/** The options of a pool the storage makes from a URL. */
export interface UrlOptions extends Omit<PoolOptions, 'onIdleError'> {
  /**
   * How many flagadmin processes (this one included) will share the PostgreSQL server, each with a pool
   * of `max`: at start the storage refuses (FlagadminConnectionBudgetError) when they and the ones running
   * could open more connections than `max_connections` allows. Default 1 (the running ones are seen).
   */
  processes?: number;
  /**
   * A direct connection URL (not through PgBouncer in transaction mode) for what needs one session: the
   * commit listener (LISTEN) and the start-up lock. Default: `url` itself. Takes up to 2 connections more.
   */
  listenUrl?: string;
}

export type PostgresStorageOptions =
  /** A pool you own: `close()` leaves it open. */
  | (CommonOptions & { pool: PgPool })
  /** A node-postgres pool made from a connection URL, ended by `close()`. */
  | (CommonOptions & UrlOptions);
