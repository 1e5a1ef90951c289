/** A bad flag or environment value: the bin prints the message on one line and exits with code 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
