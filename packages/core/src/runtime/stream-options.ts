/** How many streams an instance holds, how often an idle one beats, and how far behind a client may fall. */
export interface StreamOptions {
  /** Most open streams of this instance; over it a stream is refused with 429 (default 10,000). */
  max?: number;
  /** Milliseconds between heartbeats on an idle stream (default 30,000; the SDK reconnects after 60 s of silence). */
  heartbeatMs?: number;
  /**
   * Revisions each feed keeps to answer with changes (default 64): a delta client further behind gets
   * a hydration, and a stream that did not read for more revisions is closed.
   */
  depth?: number;
}

export const DEFAULT_STREAM_OPTIONS: Required<StreamOptions> = { max: 10_000, heartbeatMs: 30_000, depth: 64 };

/** The options with their defaults; a TypeError names one that is not a positive integer. */
export function streamOptions(options: StreamOptions = {}): Required<StreamOptions> {
  const resolved = { ...DEFAULT_STREAM_OPTIONS, ...options };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`streams.${name} must be a positive integer, got ${String(value)}`);
  }
  return resolved;
}
