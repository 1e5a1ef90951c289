/** pino's call shapes: `(fields, message)`, or a plain message. A thrown value goes under `err`. */
export interface LogMethod {
  (fields: object, message?: string): void;
  (message: string): void;
}

/** What core logs through: `pino()`, Fastify's `request.log`, bunyan, console... */
export interface Logger {
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}

const ignore = (): void => undefined;
export const silentLogger: Logger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
