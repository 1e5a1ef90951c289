/** A pooled connection for one transaction: failures say "unavailable", a broken connection is closed. */
import { asUnavailable, isUnavailable } from './errors';
import { lastResult, type PgPool, type PgPoolClient } from './pool';
import type { RowSource, StateRow } from './read-tx';

export class Connection implements RowSource {
  private broken: Error | undefined;
  /** The first statement that failed (the transaction is then aborted). */
  statementFailed: unknown;
  private readonly onError = (error: Error) => (this.broken = error);
  /** The statement sent last: the next waits for it (node-postgres warns of, and its next major refuses, a query sent while one runs). */
  private last: Promise<unknown> = Promise.resolve();

  private constructor(readonly client: PgPoolClient) {
    client.on?.('error', this.onError);
  }

  static async open(pool: PgPool): Promise<Connection> {
    try {
      return new Connection(await pool.connect());
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  async rows<R>(text: string, values?: readonly unknown[]): Promise<R[]> {
    // A transaction's reads may be asked together (Promise.all in a read function): one at a time, in order.
    const sent = this.last.then(() => this.client.query<R>(text, values));
    this.last = sent.catch(() => undefined);
    try {
      return lastResult(await sent).rows;
    } catch (error) {
      this.statementFailed ??= error;
      throw this.failed(error);
    }
  }

  /** Runs `begin` (BEGIN ...; SELECT revision, last_event_id ...) and gives the state row it read. */
  async begin(begin: string): Promise<StateRow> {
    const [row] = await this.rows<{ revision: string; last_event_id: string }>(begin);
    if (!row) throw new Error('The state row is missing');
    return { revision: Number(row.revision), lastEventId: Number(row.last_event_id) };
  }

  /** Notes a failure that means the connection is gone; gives the error to throw. */
  failed(error: unknown): unknown {
    if (isUnavailable(error)) this.broken ??= error instanceof Error ? error : new Error(String(error));
    return asUnavailable(error);
  }

  /** Back to the pool, or closed when it failed. */
  release(): void {
    this.client.off?.('error', this.onError);
    this.client.release(this.broken ?? false);
  }
}
