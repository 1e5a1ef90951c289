/** The one error type of flagadmin: a closed set of names, each with one HTTP status. */
export const ERROR_STATUS = {
  BadDataError: 400,
  AuthenticationRequired: 401,
  NoAccessError: 403,
  OperationDeniedError: 403,
  NotFoundError: 404,
  MethodNotAllowedError: 405,
  ConflictError: 409,
  NameExistsError: 409,
  PreconditionFailedError: 412,
  PayloadTooLargeError: 413,
  ContentTypeerror: 415,
  /** Too many open streams: the SDK falls back to polling (unleash-client switches on a 429). */
  TooManyRequestsError: 429,
  /** The client went away before the request was complete; logged, never seen by anyone. */
  ClientClosedRequest: 499,
  InternalError: 500,
  /** The storage cannot be reached (its database is down or too slow); the request may be retried. */
  ServiceUnavailableError: 503,
} as const;

export type ErrorName = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  message: string;
  path?: string;
}

/** The detail of a 403: which permission, where (the body's `permissions` lists the names only, as Unleash). */
export interface PermissionDetail extends ErrorDetail {
  permission: string;
  project?: string;
  environment?: string;
}

/** A change of a change request whose target changed or went since the change was made. */
export interface ConflictDetail {
  changeId: number;
  /** The feature the change is for; null for a segment change. */
  feature: string | null;
  kind: string;
  message: string;
  /** The strategy or segment id the change targets, for those kinds. */
  id?: string;
}

export interface ErrorBody {
  id: string;
  name: ErrorName;
  message: string;
  details?: ErrorDetail[];
  /** Permission names (`["UPDATE_FEATURE"]`), as Unleash sends them. */
  permissions?: string[];
  conflicts?: ConflictDetail[];
  /** On a 401 a page may see (Unleash's AuthenticationRequired): how to sign in. */
  type?: string;
  path?: string;
  defaultHidden?: boolean;
  options?: SignInWay[];
}

/** One way to sign in, as a 401 lists it (Unleash's `options`). */
export interface SignInWay {
  type: string;
  message: string;
  path: string;
}

/** What a 401 a page may see says about signing in: the password form (`type`, `path`) and the other ways. */
export interface SignInHint {
  type: string;
  path: string;
  defaultHidden: boolean;
  options: SignInWay[];
}

export class AdminError extends Error {
  override readonly name: ErrorName;
  readonly status: number;
  readonly details?: ErrorDetail[];
  readonly permissions?: string[];
  readonly conflicts?: ConflictDetail[];
  readonly signIn?: SignInHint;
  /** Set by whoever answers the request (the request id); a fresh id otherwise. */
  id: string;
  /** Extra response headers (e.g. `Allow` for 405). */
  readonly headers?: Record<string, string>;

  constructor(
    name: ErrorName,
    message: string,
    extra: {
      details?: ErrorDetail[];
      permissions?: string[];
      conflicts?: ConflictDetail[];
      headers?: Record<string, string>;
      signIn?: SignInHint;
      cause?: unknown;
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = name;
    this.status = ERROR_STATUS[name];
    this.id = crypto.randomUUID();
    if (extra.details) this.details = extra.details;
    if (extra.permissions) this.permissions = extra.permissions;
    if (extra.conflicts) this.conflicts = extra.conflicts;
    if (extra.headers) this.headers = extra.headers;
    if (extra.signIn) this.signIn = extra.signIn;
  }

  toJSON(): ErrorBody {
    const body: ErrorBody = { id: this.id, name: this.name, message: this.message };
    if (this.details) body.details = this.details;
    if (this.permissions) body.permissions = this.permissions;
    if (this.conflicts) body.conflicts = this.conflicts;
    if (this.signIn) {
      const { type, path, defaultHidden, options } = this.signIn;
      Object.assign(body, { path, type, defaultHidden }, options.length ? { options } : {});
    }
    return body;
  }
}

export const badData = (message: string, details?: ErrorDetail[]): AdminError =>
  new AdminError('BadDataError', message, details ? { details } : {});

/** 403 NoAccessError: `permissions` names the permission; `details` says where (project, environment). */
export function permissionDenied(message: string, detail: Omit<PermissionDetail, 'message'>): AdminError {
  return new AdminError('NoAccessError', message, { permissions: [detail.permission], details: [{ message, ...detail }] });
}

export const notFound = (message: string): AdminError => new AdminError('NotFoundError', message);

/**
 * The message of a storage's FlagadminStorageUnavailableError when the storage meant it for clients
 * (`expose: true`, the http-errors convention: it names the cause, e.g. a full disk, and nothing
 * secret); undefined for any other error.
 */
export function storageUnavailableMessage(error: unknown): string | undefined {
  const e = error as { name?: unknown; expose?: unknown; message?: unknown } | null;
  if (e?.name !== 'FlagadminStorageUnavailableError' || e.expose !== true) return undefined;
  return typeof e.message === 'string' && e.message !== '' ? e.message : undefined;
}

/** Whether an error is a storage's FlagadminStorageUnavailableError (its database cannot be reached, its disk is full). */
export const isStorageUnavailable = (error: unknown): boolean =>
  (error as { name?: unknown } | null)?.name === 'FlagadminStorageUnavailableError';

/**
 * The one place foreign errors become ours: a JSON syntax error is bad data; an AdminError passes;
 * an AbortError (the client left while its body was read) is ClientClosedRequest; a storage's
 * FlagadminStorageUnavailableError (its database cannot be reached, its disk is full) is
 * ServiceUnavailableError, with the storage's message when it exposes it; anything else is internal
 * (its message is never sent; its stack becomes the InternalError's, so the log shows the real failure).
 */
export function toAdminError(error: unknown): AdminError {
  if (error instanceof AdminError) return error;
  if (error instanceof SyntaxError) return badData(`The request body is not valid JSON: ${error.message}`);
  if (isStorageUnavailable(error)) {
    return new AdminError('ServiceUnavailableError', storageUnavailableMessage(error) ?? 'The storage is unavailable; try again shortly', {
      cause: error,
      headers: { 'Retry-After': '1' },
    });
  }
  if ((error as { name?: unknown } | null)?.name === 'AbortError') {
    return new AdminError('ClientClosedRequest', 'The client closed the connection before the request was complete', { cause: error });
  }
  const internal = new AdminError('InternalError', 'Internal server error', { cause: error });
  // What gets logged is the stack: that of the real failure, not of this wrapper.
  internal.stack = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : `Non-error thrown: ${String(error)}`;
  return internal;
}
