/** Lines of the event log start `{"id":<id>,"project":<project>` (the engine writes them so). */
const PREFIX = Buffer.from('{"id":');
const PROJECT = Buffer.from(',"project":');
const NULL = Buffer.from('null');

/** Whether `buf` holds `expected` at `at` (a plain loop: Buffer#compare costs a native call per line). */
function bytesAt(buf: Buffer, at: number, expected: Buffer): boolean {
  for (let k = 0; k < expected.length; k++) if (buf[at + k] !== expected[k]) return false;
  return true;
}

/**
 * Reads `id` and `project` from the start of the line `buf[start, end)` (no newline), without parsing the
 * rest. Returns undefined when the line does not start that way (the caller falls back to JSON.parse) or
 * does not end with `}`.
 */
export function scanEventLine(buf: Buffer, start: number, end: number): { id: number; project: string | null } | undefined {
  if (end - start < PREFIX.length + PROJECT.length + 3 || buf[end - 1] !== 0x7d) return undefined;
  if (!bytesAt(buf, start, PREFIX)) return undefined;
  let i = start + PREFIX.length;
  const digits = i;
  let id = 0;
  while (i < end && buf[i]! >= 0x30 && buf[i]! <= 0x39) id = id * 10 + (buf[i++]! - 0x30);
  if (i === digits || i - digits > 15) return undefined;
  if (i + PROJECT.length > end || !bytesAt(buf, i, PROJECT)) return undefined;
  i += PROJECT.length;
  let project: string | null;
  if (buf[i] === 0x6e) {
    if (i + 4 > end || !bytesAt(buf, i, NULL)) return undefined;
    project = null;
    i += 4;
  } else if (buf[i] === 0x22) {
    let j = i + 1;
    let escaped = false;
    while (j < end && buf[j] !== 0x22) {
      if (buf[j] === 0x5c) {
        escaped = true;
        j += 2;
      } else j++;
    }
    if (j >= end) return undefined;
    try {
      project = escaped ? (JSON.parse(buf.toString('utf8', i, j + 1)) as string) : buf.toString('utf8', i + 1, j);
    } catch {
      return undefined;
    }
    i = j + 1;
  } else return undefined;
  if (buf[i] !== 0x2c && buf[i] !== 0x7d) return undefined;
  return { id, project };
}

/** The top-level key as the engine writes it: after another field, unescaped. */
const FEATURE_NAME = Buffer.from(',"featureName":');

/**
 * The top-level `featureName` of the line `buf[start, end)`: the first `,"featureName":` when no `{` or
 * `[` comes before it but the line's own (so it is not inside `data`; a quote inside a JSON string is
 * escaped, so that text cannot sit in a string value): a string, or null when the event has none. One pass
 * over the line's first fields. Undefined when it cannot tell without parsing (an object or array came
 * first, or an unusual value): the caller parses the line.
 */
export function scanFeatureName(buf: Buffer, start: number, end: number): string | null | undefined {
  let i = start + 1;
  for (; i < end; i++) {
    const b = buf[i];
    if (b === 0x7b || b === 0x5b) return undefined;
    if (b === 0x2c && buf[i + 2] === 0x66 && bytesAt(buf, i, FEATURE_NAME)) break;
  }
  if (i >= end) return null;
  i += FEATURE_NAME.length;
  if (buf[i] === 0x6e) return bytesAt(buf, i, NULL) ? null : undefined;
  if (buf[i] !== 0x22) return undefined;
  let j = i + 1;
  let escaped = false;
  for (; j < end && buf[j] !== 0x22; j++) {
    if (buf[j] === 0x5c) {
      escaped = true;
      j++;
    }
  }
  if (j >= end) return undefined;
  if (!escaped) return buf.toString('utf8', i + 1, j);
  try {
    return JSON.parse(buf.toString('utf8', i, j + 1)) as string;
  } catch {
    return undefined;
  }
}
