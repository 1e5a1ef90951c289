/**
 * A mistake in how an instance is set up (not in a request): recognized across packages by its `name`
 * (`SetupError`) and `code`, never by its message, so a host can report it as a configuration error.
 */
export type SetupErrorCode = 'INVALID_INITIAL_KEY' | 'INVALID_LIMIT' | 'INVALID_ORIGIN' | 'INVALID_SECRETS_KEY';

export class SetupError extends Error {
  override readonly name = 'SetupError';

  constructor(
    readonly code: SetupErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** True for a SetupError, also one from another copy of core (checked by name, not by class). */
export function isSetupError(error: unknown): error is SetupError {
  return error instanceof Error && error.name === 'SetupError';
}
