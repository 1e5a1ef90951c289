import type { Logger } from '@flagadmin/core';
import type { LogLevel } from './config';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface JsonLoggerOptions {
  /** Lines below this level are dropped; `silent` drops all. Default info. */
  level?: LogLevel;
  /** Where each line goes (with its trailing newline). Default: process.stdout. */
  write?: (line: string) => void;
  now?: () => Date;
}

/** An error as a log field: its stack (which starts with name and message), never sent to a client. */
export function errorField(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
}

/**
 * core's Logger writing one JSON object per line: `{time, level, msg, ...fields}`. Error values in the
 * fields become their stack. What it logs is up to the caller: core's handler logs method, route,
 * status, durationMs and requestId per request, never a key or a body.
 */
export function createJsonLogger(options: JsonLoggerOptions = {}): Logger & { readonly level: LogLevel } {
  const level = options.level ?? 'info';
  const threshold = RANK[level];
  const write = options.write ?? ((line: string) => void process.stdout.write(line));
  const now = options.now ?? (() => new Date());
  const log = (lineLevel: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (RANK[lineLevel] < threshold) return;
    const entry: Record<string, unknown> = { time: now().toISOString(), level: lineLevel, msg };
    if (fields) {
      for (const [name, value] of Object.entries(fields)) {
        if (name === 'time' || name === 'level' || name === 'msg') continue;
        entry[name] = value instanceof Error ? errorField(value) : value;
      }
    }
    let line: string;
    try {
      line = JSON.stringify(entry);
    } catch {
      line = JSON.stringify({ time: entry['time'], level: lineLevel, msg, note: 'fields could not be serialized' });
    }
    write(`${line}\n`);
  };
  return { level, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/**
 * Collects log lines and writes them together once per turn of the event loop (or at 64 KiB): on
 * Linux a write to a pipe is synchronous, and one write per request line cost a measurable share of
 * a request. `flush()` writes what is pending at once (call it before exiting).
 */
export function bufferedLines(out: (text: string) => void): { write(line: string): void; flush(): void } {
  let pending = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (!pending) return;
    const text = pending;
    pending = '';
    out(text);
  };
  return {
    write(line) {
      pending += line;
      if (pending.length >= 65_536) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
