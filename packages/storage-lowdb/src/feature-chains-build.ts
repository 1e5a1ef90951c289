import type { FileHandle } from 'node:fs/promises';
import { FeatureChains } from '@flagadmin/storage-memory/engine';
import { FlagadminStorageCorruptError } from './errors';
import { scanFeatureName } from './event-line';
import { forEachLine } from './fs-util';

/** Bytes read per step of the build: the event loop gets a turn between steps (a few ms of work each). */
const BUILD_CHUNK = 1 << 20;

/**
 * The event log's index by feature name (FeatureChains), built after open rather than during it: open
 * files each line under its id and project only, then this reads the committed lines again in the
 * background, in 1 MiB steps, and files each one's `featureName` (scanFeatureName; a line where it follows
 * an object or array is parsed). Events appended meanwhile wait in order and are filed right after the
 * lines before them. A query by feature before the index is ready waits for it: one pass over the log, the
 * work open did for it before (bounded by the log's length), and answers as the complete index would. A
 * build that fails (a line no longer readable as an event) fails those queries with its error; the rest of
 * the storage works on.
 */
export class FeatureChainsBuild {
  private chains: FeatureChains | undefined = new FeatureChains();
  /** Features of the events appended while the build runs, in order. */
  private later: (string | null)[] = [];
  private stopped = false;
  private failure: unknown;
  private done: Promise<void> = Promise.resolve();

  /** Builds the index of the log's first `bytes` bytes (`count` lines) in the background. */
  start(fh: FileHandle, file: string, bytes: number, count: number): void {
    if (count === 0) return;
    this.chains = undefined;
    this.done = this.build(fh, file, bytes, count).catch((err: unknown) => {
      this.failure = err;
    });
  }

  /** Files the event at the next position (after every event before it). */
  add(feature: string | null): void {
    if (this.chains) this.chains.add(feature);
    else this.later.push(feature);
  }

  /** The index, once every committed event is filed in it. */
  async ready(): Promise<FeatureChains> {
    if (this.chains) return this.chains;
    await this.done;
    if (this.chains) return this.chains;
    throw this.failure;
  }

  /** Ends the build at its next step (its file is about to be closed) and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }

  private async build(fh: FileHandle, file: string, bytes: number, count: number): Promise<void> {
    const chains = new FeatureChains();
    let line = 0;
    const filed = await forEachLine(
      fh,
      bytes,
      BUILD_CHUNK,
      (buf, start, end) => {
        line++;
        let feature = scanFeatureName(buf, start, end);
        if (feature === undefined) {
          try {
            const event = JSON.parse(buf.toString('utf8', start, end)) as { featureName?: unknown } | null;
            feature = typeof event?.featureName === 'string' ? event.featureName : null;
          } catch (err) {
            throw new FlagadminStorageCorruptError(file, `line ${line} is not valid JSON (${(err as Error).message})`, { cause: err });
          }
        }
        chains.add(feature);
      },
      () => this.stopped,
    );
    if (this.stopped) throw new Error(`${file}: closed before the index by feature name was built`);
    if (filed !== bytes || line !== count) throw new FlagadminStorageCorruptError(file, `changed while it was indexed by feature name`);
    for (const feature of this.later) chains.add(feature);
    this.later = [];
    this.chains = chains;
  }
}
