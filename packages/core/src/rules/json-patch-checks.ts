/**
 * The judge of a JSON Patch: whether one operation's locations exist in the current document, as RFC 6902
 * over RFC 6901 pointers defines them. Only own members exist (`/toString` does not); array indices are
 * `0` or `[1-9][0-9]*` and in range (`-` is the end, for add only); a move into its own child is refused.
 * Nothing here changes a document: json-patch.ts has fast-json-patch apply what passed.
 */
import { arrayIndex, pointerSegments } from './json-pointer';

/** Throws the 400 naming the operation, with `reason`. */
export type Fail = (reason: string) => never;

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** The value at a location that must exist (`member` is `path` or `from`, for the message), or a failure. */
export function existingValue(document: unknown, member: 'path' | 'from', pointer: string, fail: Fail): unknown {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return document;
  const what = `${member} "${pointer}"`;
  const parent = parentOf(document, segments, what, fail);
  const key = memberKey(parent, segments[segments.length - 1]!, false);
  return key === undefined ? fail(`${what} does not exist`) : (parent as Record<string, unknown>)[key];
}

/** Fails unless an `add` may put a value at `pointer`: its parent exists and, in an array, the index is 0 to length or `-`. */
export function assertAddable(document: unknown, pointer: string, fail: Fail): void {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return;
  const what = `path "${pointer}"`;
  const parent = parentOf(document, segments, what, fail);
  const segment = segments[segments.length - 1]!;
  if (memberKey(parent, segment, true) === undefined) {
    fail(`${what}: "${segment}" is not an index of the array (0 to ${(parent as unknown[]).length}, or -)`);
  }
}

/** Fails when `from` is a proper prefix of `path` (RFC 6902 §4.4: a location cannot move into one of its children). */
export function assertNotIntoOwnChild(from: string, path: string, fail: Fail): void {
  const source = pointerSegments(from);
  const target = pointerSegments(path);
  if (source.length < target.length && source.every((s, k) => s === target[k])) {
    fail(`from "${from}" cannot move into its own child "${path}"`);
  }
}

/**
 * The key `segment` names in `container` when it exists (or, with `forAdd`, where it may be added),
 * else undefined: own members of objects only; array indices in RFC 6901's grammar and in range.
 */
function memberKey(container: Container, segment: string, forAdd: boolean): string | undefined {
  if (!Array.isArray(container)) return forAdd || Object.hasOwn(container, segment) ? segment : undefined;
  if (forAdd && segment === '-') return String(container.length);
  const index = arrayIndex(segment);
  return index !== undefined && index < container.length + (forAdd ? 1 : 0) ? String(index) : undefined;
}

/** The container that holds (or, for add, will hold) the last of `segments` (at least one), or a failure. */
function parentOf(document: unknown, segments: readonly string[], what: string, fail: Fail): Container {
  let at = document;
  for (let k = 0; k < segments.length - 1; k++) {
    const key = isContainer(at) ? memberKey(at, segments[k]!, false) : undefined;
    if (key === undefined) return fail(`the parent of ${what} does not exist`);
    at = (at as Record<string, unknown>)[key];
  }
  return isContainer(at) ? at : fail(`the parent of ${what} is neither an object nor an array`);
}
