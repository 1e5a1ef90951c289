/** The data directory (or data file) is held by another live process, or by another open storage here. */
export class FlagadminStorageLockedError extends Error {
  override readonly name = 'FlagadminStorageLockedError';
  constructor(
    /** The lock file. */
    readonly lockFile: string,
    /** The owner's pid, when the lock file names one. */
    readonly pid: number | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A file of the data directory cannot be read as flagadmin wrote it. The file is left exactly as it
 * was: fix or restore it by hand; nothing is repaired automatically except a torn last line.
 */
export class FlagadminStorageCorruptError extends Error {
  override readonly name = 'FlagadminStorageCorruptError';
  constructor(
    readonly file: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${detail}`, options);
  }
}
