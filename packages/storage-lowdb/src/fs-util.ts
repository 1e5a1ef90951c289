import { constants, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/** Writes all of `buffer` at `position` (a short write is continued, never left half done silently). */
export async function writeAll(fh: FileHandle, buffer: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < buffer.length) {
    const { bytesWritten } = await fh.write(buffer, done, buffer.length - done, position + done);
    if (bytesWritten <= 0) throw new Error('write made no progress');
    done += bytesWritten;
  }
}

/**
 * `writeAll` without the thread pool, for writes into the page cache (no O_DSYNC, no fsync): such a
 * write takes ~2 us in the calling thread, where handing it to the thread pool costs ~30 us of CPU on
 * this machine in hand-offs and wake-ups.
 */
export function writeAllNow(fh: FileHandle, buffer: Uint8Array, position: number): void {
  let done = 0;
  while (done < buffer.length) {
    const written = writeSync(fh.fd, buffer, done, buffer.length - done, position + done);
    if (written <= 0) throw new Error('write made no progress');
    done += written;
  }
}

/** Reads exactly `length` bytes at `position`, or fewer at end of file. */
export async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done === length ? buffer : buffer.subarray(0, done);
}

/**
 * Calls `onLine(buf, start, end, offset)` for each complete line (`buf[start, end)`, without its newline,
 * at byte `offset` of the file) of the file's first `bytes` bytes, reading `chunk` bytes at a time (more for a longer line), until `stop()`
 * answers true. Returns how many bytes of whole lines it went through.
 */
export async function forEachLine(
  fh: FileHandle,
  bytes: number,
  chunk: number,
  onLine: (buf: Buffer, start: number, end: number, offset: number) => void,
  stop?: () => boolean,
): Promise<number> {
  let position = 0;
  let size = chunk;
  while (position < bytes && !stop?.()) {
    const buf = await readAt(fh, position, Math.min(size, bytes - position));
    let start = 0;
    for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10, start)) {
      onLine(buf, start, nl, position + start);
      start = nl + 1;
    }
    if (start === 0) {
      if (position + buf.length >= bytes) break;
      size *= 2; // a line longer than the chunk
      continue;
    }
    position += start;
  }
  return position;
}

/**
 * Makes a rename, create or unlink in `dir` durable. Some platforms (Windows) cannot open a
 * directory; there the rename itself is the best available.
 */
export async function fsyncDir(dir: string): Promise<void> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch (err) {
    if (!isCode(err, 'EISDIR', 'EPERM', 'EACCES', 'EINVAL')) throw err;
  } finally {
    await fh?.close();
  }
}

export function isCode(err: unknown, ...codes: string[]): boolean {
  return typeof err === 'object' && err !== null && codes.includes((err as { code?: string }).code ?? '');
}

/**
 * Opens a file for positional reads and writes, creating it when missing (never O_APPEND). With
 * `durable`, O_DSYNC: a write returns once its data is durable, so a commit is one write, no fsync call.
 */
export function openReadWrite(path: string, durable = false): Promise<FileHandle> {
  return open(path, constants.O_RDWR | constants.O_CREAT | (durable ? constants.O_DSYNC : 0), 0o644);
}
