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

/** Why a file system refuses writes that may succeed later, as the message names it (no path: clients read it). */
const UNAVAILABLE_CAUSES: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on its disk (ENOSPC); try again when space is freed',
  EDQUOT: 'its disk quota is used up (EDQUOT); try again when space is freed',
  EROFS: 'its file system is read-only (EROFS); try again once it is writable',
  EIO: 'its disk reported an I/O error (EIO); try again later',
};

/**
 * A write could not be made durable because the disk refuses it for now: full (ENOSPC), over quota
 * (EDQUOT), read-only (EROFS), failing (EIO). Nothing of the write was kept. core answers it as 503
 * ServiceUnavailableError with this message (`expose`: it names the cause and no path; the error's
 * `cause` has the path, for logs); the storage is not ready until a write can be made durable again.
 */
export class FlagadminStorageUnavailableError extends Error {
  override readonly name = 'FlagadminStorageUnavailableError';
  /** The message is meant for clients (the http-errors convention). */
  readonly expose = true;
  constructor(
    /** The file system's error code: `ENOSPC`, `EDQUOT`, `EROFS` or `EIO`. */
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(`The storage cannot write: ${UNAVAILABLE_CAUSES[code] ?? code}`, options);
  }
}

/** `error` as FlagadminStorageUnavailableError when its code says the disk refuses writes for now, unchanged otherwise. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof FlagadminStorageUnavailableError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && Object.hasOwn(UNAVAILABLE_CAUSES, code)
    ? new FlagadminStorageUnavailableError(code, { cause: error })
    : error;
}
