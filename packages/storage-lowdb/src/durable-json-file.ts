import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FlagadminStorageCorruptError } from './errors';
import { fsyncDir, isCode, writeAll } from './fs-util';

const CHUNK = 1 << 20;

/**
 * lowdb's `Adapter<T>`, written out: lowdb ships ESM only, so a public type imported from it would
 * break this package's CommonJS declarations (`.d.cts`) under `moduleResolution: node16`.
 */
export interface JsonFileAdapter<T> {
  read(): Promise<T | null>;
  write(data: T): Promise<void>;
}

/**
 * A lowdb adapter that makes every write durable: the document goes to a temporary file beside the
 * target, which is fsynced, renamed over the target, and the directory fsynced. A crash leaves either
 * the old or the new document, never a mix (lowdb's JSONFile renames but never fsyncs). A write that
 * fails (a full disk) removes its temporary file and leaves the target as it was.
 *
 * `serialize` yields the JSON text in pieces, so a large document is written in 1 MiB chunks rather than
 * built as one string; `parse` may likewise read it piece by piece. Reading a missing file gives `null` (lowdb keeps its defaults); a file that is not
 * valid JSON is a FlagadminStorageCorruptError and is left untouched.
 */
export class DurableJsonFile<T> implements JsonFileAdapter<T> {
  readonly temp: string;

  private readonly serialize: (data: T) => Iterable<string>;
  private readonly parse: (path: string) => Promise<unknown>;

  constructor(
    readonly path: string,
    options: {
      /** The JSON text in pieces. Default: JSON.stringify. */
      serialize?: (data: T) => Iterable<string>;
      /** Reads and parses the file (throws ENOENT when missing). Default: readFile + JSON.parse. */
      parse?: (path: string) => Promise<unknown>;
    } = {},
  ) {
    this.serialize = options.serialize ?? ((data) => [JSON.stringify(data)]);
    this.parse = options.parse ?? (async (path) => JSON.parse(await readFile(path, 'utf8')) as unknown);
    this.temp = join(dirname(path), `.${basename(path)}.tmp`);
  }

  async read(): Promise<T | null> {
    try {
      return (await this.parse(this.path)) as T;
    } catch (err) {
      if (isCode(err, 'ENOENT')) return null;
      if (err instanceof SyntaxError) {
        throw new FlagadminStorageCorruptError(this.path, `is not valid JSON (${err.message})`, { cause: err });
      }
      throw new FlagadminStorageCorruptError(this.path, `cannot be read (${(err as Error).message})`, { cause: err });
    }
  }

  async write(data: T): Promise<void> {
    try {
      await this.writeTemp(data);
    } catch (err) {
      // A disk that filled up mid-write: a partial temporary file would only keep the space.
      await rm(this.temp, { force: true }).catch(() => undefined);
      throw err;
    }
    await rename(this.temp, this.path);
    await fsyncDir(dirname(this.path));
  }

  private async writeTemp(data: T): Promise<void> {
    const fh = await open(this.temp, 'w');
    try {
      let position = 0;
      let pending: string[] = [];
      let pendingLength = 0;
      const flush = async (): Promise<void> => {
        const bytes = Buffer.from(pending.join(''), 'utf8');
        pending = [];
        pendingLength = 0;
        await writeAll(fh, bytes, position);
        position += bytes.length;
      };
      for (const piece of this.serialize(data)) {
        pending.push(piece);
        pendingLength += piece.length;
        if (pendingLength >= CHUNK) await flush();
      }
      await flush();
      await fh.sync();
    } finally {
      await fh.close();
    }
  }
}
