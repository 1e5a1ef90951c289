/**
 * The database cannot be reached, or stopped answering within the time limits: a connection refused,
 * dropped or timed out, the server shutting down. Nothing of the write that met it was committed
 * (or, for a COMMIT whose answer was lost, the write is reported failed and may have committed: see the
 * README). core answers it as 503 ServiceUnavailableError; the next request tries again.
 */
export class FlagadminStorageUnavailableError extends Error {
  override readonly name = 'FlagadminStorageUnavailableError';
}

/**
 * The database's flagadmin schema was written by a newer version of this package than the one
 * starting: this process refuses to start rather than misread data it does not know.
 */
export class FlagadminSchemaTooNewError extends Error {
  override readonly name = 'FlagadminSchemaTooNewError';
  constructor(
    readonly databaseVersion: number,
    readonly codeVersion: number,
    schema: string,
  ) {
    super(
      `The flagadmin schema "${schema}" is at version ${databaseVersion}, newer than this flagadmin knows (${codeVersion}): upgrade flagadmin, or use another database`,
    );
  }
}

/** SQLSTATE classes and codes that mean "the server is not there", not "the statement is wrong". */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres' own messages for a dead or slow connection (it gives them no code). */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed|connection ended|Connection ended/i;

/** True when `error` says the database is unreachable or timed out (SQLSTATE class 08, shutdown, ...). */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof FlagadminStorageUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}

/** `error` as FlagadminStorageUnavailableError when it means the database is gone, unchanged otherwise. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof FlagadminStorageUnavailableError || !isUnavailable(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new FlagadminStorageUnavailableError(`The database is unavailable: ${detail}`, { cause: error });
}
