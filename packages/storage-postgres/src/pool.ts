/**
 * What the storage needs of a PostgreSQL driver, typed structurally so neither this package's types nor
 * core import one: node-postgres' `Pool` fits as it is, and so does any pool with the same shape.
 */

export interface PgQueryResult<R> {
  rows: R[];
}

export interface PgPoolClient {
  /**
   * Runs one statement with `$1`-style parameters. Without parameters the text may hold several
   * statements separated by `;` (the simple query protocol); the driver then answers with the result of
   * each (node-postgres: an array) or of the last.
   */
  query<R = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<PgQueryResult<R> | PgQueryResult<R>[]>;
  /** Gives the connection back; with an error (or `true`) the pool closes it instead of reusing it. */
  release(destroy?: boolean | Error): void;
  /** node-postgres emits `error` on a checked-out connection that the server drops between queries. */
  on?(event: 'error', listener: (error: Error) => void): unknown;
  /** node-postgres emits `notification` for each NOTIFY on a channel the connection LISTENs to. */
  on?(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  off?(event: 'error', listener: (error: Error) => void): unknown;
}

export interface PgPool {
  connect(): Promise<PgPoolClient>;
  end(): Promise<void>;
}

/** The last result of a query (several statements give several). */
export function lastResult<R>(result: PgQueryResult<R> | PgQueryResult<R>[]): PgQueryResult<R> {
  return Array.isArray(result) ? result[result.length - 1]! : result;
}
