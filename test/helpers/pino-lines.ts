// A real pino logger whose JSON lines are kept, parsed, as they are written: what a host passing
// `pino()` would get on stdout.
import { pino, type Logger } from 'pino';

export type LogLine = Record<string, unknown>;

/** pino at `debug`, writing synchronously into `lines`; `onLine` is told after each line. */
export function pinoLines(onLine?: (line: LogLine) => void): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino(
    { level: 'debug' },
    {
      write: (text: string) => {
        const line = JSON.parse(text) as LogLine;
        lines.push(line);
        onLine?.(line);
      },
    },
  );
  return { logger, lines };
}

/** pino's number for a level name (`info` is 30). */
export const levelOf = (name: 'debug' | 'info' | 'warn' | 'error'): number => pino.levels.values[name]!;
