import { pino, type Logger } from 'pino';
import type { LogLevel } from './config';

/**
 * The bin's logger: pino, one JSON line per call on stdout in pino's own format (`level` as a number,
 * `time` in epoch ms, `pid`, `hostname`, the fields, `msg`; errors under `err` with their stack).
 * Lines are written asynchronously, off the request's path; pino flushes what is pending when the
 * process exits.
 */
export function createBinLogger(level: LogLevel): Logger {
  return pino({ level }, pino.destination({ dest: 1, sync: false }));
}
