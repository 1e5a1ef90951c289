import { asUnavailable, FlagadminStorageUnavailableError } from './errors';

/** At most this many bytes per file are written by a readiness probe (a failed batch may be bigger). */
const PROBE_MAX = 1 << 20;

/** What a failed batch needed: bytes of journal lines and of event lines. */
export interface BatchBytes {
  journal: number;
  events: number;
}

/**
 * Whether commits can be made durable now (the README's "When the disk is full"): the last commit that
 * failed because the disk refuses writes for now (full, over quota, read-only, failing) is remembered
 * until a write succeeds, and is what `ready()` reports. While it is, `ready()` runs a trial write of
 * the failed batch's size, so readiness comes back by itself once space does, with no write needed.
 */
export class WriteHealth {
  private failure: { error: FlagadminStorageUnavailableError; bytes: BatchBytes } | undefined;
  private probing: Promise<void> | undefined;

  constructor(
    private readonly label: string,
    private readonly warn: (message: string) => void,
    private readonly report: (what: string, err: unknown) => void,
  ) {}

  /** A failed commit's error for its callers: the disk refusing writes becomes FlagadminStorageUnavailableError (logged once). */
  failed(err: unknown, bytes: BatchBytes): unknown {
    const mapped = asUnavailable(err);
    if (!(mapped instanceof FlagadminStorageUnavailableError)) return mapped;
    if (!this.failure) this.report(`${this.label}: writes fail, nothing of them is kept`, err);
    this.failure = { error: mapped, bytes };
    return mapped;
  }

  /** A write was made durable: writes work (again). */
  succeeded(): void {
    if (!this.failure) return;
    this.failure = undefined;
    this.warn(`${this.label}: writes work again`);
  }

  /**
   * Resolves at once while commits succeed. After one failed, runs `trial` (one at a time; the store
   * runs it in its write queue) with the failed batch's size, at most PROBE_MAX bytes per file: resolves
   * once that works, rejects with a FlagadminStorageUnavailableError while it does not.
   */
  ready(trial: (bytes: BatchBytes) => Promise<void>): Promise<void> {
    if (!this.failure) return Promise.resolve();
    return (this.probing ??= this.probe(trial).finally(() => {
      this.probing = undefined;
    }));
  }

  private async probe(trial: (bytes: BatchBytes) => Promise<void>): Promise<void> {
    const bytes = this.failure?.bytes;
    if (!bytes) return;
    try {
      await trial({ journal: Math.min(bytes.journal, PROBE_MAX), events: Math.min(bytes.events, PROBE_MAX) });
    } catch (err) {
      throw asUnavailable(err);
    }
    this.succeeded();
  }
}
