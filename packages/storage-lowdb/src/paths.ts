import { basename, dirname, join, resolve } from 'node:path';

/** The files of one store. */
export interface StorePaths {
  dir: string;
  /** How errors name the store: `data directory /x` or `data file /x/flags.json`. */
  label: string;
  snapshot: string;
  journal: string;
  events: string;
  lock: string;
}

/**
 * `{ dir }`: `db.json`, `journal.jsonl`, `events.jsonl` and `lock` in that directory.
 * `{ file }`: the snapshot is that file; the others sit beside it, named after it without `.json`
 * (`flags.json` -> `flags.journal.jsonl`, `flags.events.jsonl`, `flags.lock`).
 */
export function storePaths(options: { dir?: string; file?: string }): StorePaths {
  if (options.dir !== undefined && options.file !== undefined) throw new TypeError('lowdbStorage: give dir or file, not both');
  if (options.dir !== undefined) {
    const dir = resolve(options.dir);
    const at = (name: string) => join(dir, name);
    return {
      dir,
      label: `data directory ${dir}`,
      snapshot: at('db.json'),
      journal: at('journal.jsonl'),
      events: at('events.jsonl'),
      lock: at('lock'),
    };
  }
  if (options.file !== undefined) {
    const file = resolve(options.file);
    const dir = dirname(file);
    const base = basename(file).replace(/\.json$/, '');
    const at = (suffix: string) => join(dir, `${base}.${suffix}`);
    return { dir, label: `data file ${file}`, snapshot: file, journal: at('journal.jsonl'), events: at('events.jsonl'), lock: at('lock') };
  }
  throw new TypeError('lowdbStorage: missing option dir (a data directory) or file (the snapshot file)');
}
