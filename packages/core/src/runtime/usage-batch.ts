/**
 * SDK reports (registrations, metrics) written together: every report received within a short window
 * is applied in ONE write transaction, and each caller's promise resolves once that write is durable.
 * A fleet of thousands of SDK instances then moves the storage revision a few times a second instead
 * of hundreds, so the answers kept per revision (client features, projects, events) stay kept, and a
 * report answered 202 is as durable as any other write.
 */
import type { WriteTx } from '../base/storage';

/** Applies one report inside the batch's transaction. */
export type UsageApply = (tx: WriteTx) => Promise<void>;

interface Pending {
  apply: UsageApply;
  resolve(): void;
  reject(error: unknown): void;
}

/** How long the first report of a batch waits for others (ms) unless `usageBatchMs` says otherwise. */
export const DEFAULT_USAGE_BATCH_MS = 20;

export class UsageBatch {
  private pending: Pending[] = [];
  private scheduled = false;
  private flushing: Promise<void> | undefined;

  /**
   * `afterReports`: run once per batch, after its reports, in the same transaction (the applications'
   * pruning, runtime/client-app-prune.ts: once per write, not once per report).
   */
  constructor(
    private readonly write: <T>(fn: (tx: WriteTx) => Promise<T>) => Promise<T>,
    private readonly windowMs: number = DEFAULT_USAGE_BATCH_MS,
    private readonly afterReports?: UsageApply,
  ) {}

  /**
   * Resolves once the report is durable, together with the others of its batch; rejects when the
   * batch's write fails (then none of its reports is stored).
   */
  submit(apply: UsageApply): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ apply, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setTimeout(() => void this.flush(), this.windowMs);
      }
    });
  }

  /** Writes what is pending, after the batch before it is durable (one write at a time). */
  private async flush(): Promise<void> {
    await this.flushing;
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const run = this.write(async (tx) => {
      for (const report of batch) await report.apply(tx);
      await this.afterReports?.(tx);
    });
    this.flushing = run.then(
      () => undefined,
      () => undefined,
    );
    try {
      await run;
      for (const report of batch) report.resolve();
    } catch (error) {
      for (const report of batch) report.reject(error);
    }
  }
}
