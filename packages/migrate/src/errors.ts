/** The one error of this package, with a stable name per cause (nothing is recognized by its message). */
export type MigrateErrorName =
  /** The Unleash URL is not a http(s) URL. */
  | 'UnleashUrlInvalid'
  /** Nothing answered at the URL (refused, unknown host, reset, timed out). */
  | 'UnleashUnreachable'
  /** Unleash answered 401: the key is not one it knows. */
  | 'UnleashKeyRefused'
  /** Unleash answered 403: the key may not do this (a client key, or an admin token where a personal one is wanted). */
  | 'UnleashForbidden'
  /** Something answered, but not as Unleash's admin API does (an unexpected status or no JSON). */
  | 'UnleashAnswerUnexpected';

export class MigrateError extends Error {
  override readonly name: MigrateErrorName;
  /** The HTTP status Unleash answered, when it answered. */
  readonly status: number | undefined;

  constructor(name: MigrateErrorName, message: string, status?: number) {
    super(message);
    this.name = name;
    this.status = status;
  }
}

export const isMigrateError = (error: unknown): error is MigrateError => error instanceof MigrateError;
