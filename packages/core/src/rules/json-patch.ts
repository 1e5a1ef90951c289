/**
 * RFC 6902 JSON Patch over RFC 6901 pointers, for every PATCH route, with flagadmin's error rules: the
 * body must be an array of operations (400 naming the op), no path may reach a prototype (400), a path
 * that does not resolve is a 400 naming the op, a denied path a 403, and a failed `test` a 409. All ops
 * apply or none. Only own members exist; array indices are `0` or `[1-9][0-9]*` (`-` appends, for add
 * only); a move into its own child is an error; members an operation does not define are ignored.
 */
import { AdminError, badData } from '../base/errors';
import { arrayIndex, hasForbiddenSegment, isPointer, pointerSegments } from './json-pointer';
import { jsonClone, jsonEqual } from '../base/json';
import { assertDepth, limitExceeded, type Limits } from '../base/limits';
import { assertValid } from '../schemas/validation';

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'copy' | 'move' | 'test';
  path: string;
  from?: string;
  value?: unknown;
}

/** The members each operation defines (RFC 6902 §4); any other member is ignored. */
const USES_FROM = new Set(['copy', 'move']);
const USES_VALUE = new Set(['add', 'replace', 'test']);

/** The request body as a list of operations (each with only the members its op defines), or 400. */
export function parsePatch(patch: unknown, limits: Limits): PatchOperation[] {
  assertDepth(patch, limits, 'The patch');
  assertValid<PatchOperation[]>('patchOperations', patch, 'patch');
  if (patch.length > limits.operationsPerPatch) throw limitExceeded('operationsPerPatch', limits.operationsPerPatch, `Too many operations in the patch (${patch.length})`);
  return patch.map((raw, i) => {
    const op: PatchOperation = { op: raw.op, path: raw.path };
    if (USES_FROM.has(raw.op)) op.from = raw.from;
    if (USES_VALUE.has(raw.op)) op.value = raw.value;
    for (const [member, pointer] of [['path', op.path], ['from', op.from]] as const) {
      if (pointer === undefined) continue;
      if (!isPointer(pointer)) throw operationError(i, op, `${member} "${pointer}" is not a JSON Pointer (RFC 6901)`);
      if (hasForbiddenSegment(pointer)) throw operationError(i, op, `${member} "${pointer}" names a forbidden path segment`);
    }
    return op;
  });
}

/**
 * Applies the operations to a copy of `document`. `denied(pointer)` names pointers no operation may
 * touch: the message of the 403.
 */
export function applyPatch(document: unknown, ops: readonly PatchOperation[], denied?: (pointer: string) => string | undefined): unknown {
  // The document sits under one key of a box, so replacing the whole document is an ordinary `add`.
  const box: Record<string, unknown> = { [ROOT]: jsonClone(document) };
  let failedTest: number | undefined;
  ops.forEach((op, i) => {
    if (!applyOperation(box, op, i)) failedTest ??= i;
  });
  if (denied) {
    ops.forEach((op, i) => {
      for (const pointer of [op.path, op.from]) {
        const reason = pointer === undefined ? undefined : denied(pointer);
        if (reason) throw new AdminError('OperationDeniedError', `Patch operation ${i}: ${reason}`);
      }
    });
  }
  if (failedTest !== undefined) {
    throw new AdminError('ConflictError', `Patch operation ${failedTest} (test) failed: the document does not match.`, {
      details: [{ message: 'test failed', path: `/${failedTest}` }],
    });
  }
  return box[ROOT];
}

const ROOT = 'document';

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** 400 naming the operation by position and op. */
function operationError(i: number, op: PatchOperation, reason: string): AdminError {
  const message = `Patch operation ${i} (${op.op}) cannot be applied: ${reason}`;
  return badData(message, [{ message, path: `/${i}` }]);
}

/** Applies one operation in place; false when it is a `test` that failed. */
function applyOperation(box: Record<string, unknown>, op: PatchOperation, i: number): boolean {
  const fail: Fail = (reason) => {
    throw operationError(i, op, reason);
  };
  const path = location('path', op.path);
  switch (op.op) {
    case 'add':
      add(box, path, jsonClone(op.value), fail);
      return true;
    case 'remove':
      if (path.segments.length === 1) fail('the whole document cannot be removed');
      remove(box, path, fail);
      return true;
    case 'replace': {
      const { parent, key } = existing(box, path, fail);
      (parent as Record<string, unknown>)[key] = jsonClone(op.value);
      return true;
    }
    case 'test':
      return jsonEqual(valueOf(existing(box, path, fail)), op.value);
    case 'copy':
      add(box, path, jsonClone(valueOf(existing(box, location('from', op.from!), fail))), fail);
      return true;
    case 'move': {
      const from = location('from', op.from!);
      if (from.segments.length < path.segments.length && from.segments.every((s, k) => s === path.segments[k])) {
        fail(`from "${op.from}" cannot move into its own child "${op.path}"`);
      }
      add(box, path, remove(box, from, fail), fail);
      return true;
    }
  }
}

type Fail = (reason: string) => never;

/** A pointer's segments under the box, and how a message names it. */
interface Location {
  segments: readonly string[];
  what: string;
}

function location(member: 'path' | 'from', pointer: string): Location {
  const segments = pointerSegments(pointer);
  segments.unshift(ROOT);
  return { segments, what: `${member} "${pointer}"` };
}

interface Member {
  parent: Container;
  key: string;
}

const valueOf = ({ parent, key }: Member): unknown => (parent as Record<string, unknown>)[key];

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

/** The container that holds (or, for add, will hold) the location's last segment, or a failure. */
function parentOf(box: Record<string, unknown>, { segments, what }: Location, fail: Fail): Container {
  let at: unknown = box;
  for (let k = 0; k < segments.length - 1; k++) {
    const key = isContainer(at) ? memberKey(at, segments[k]!, false) : undefined;
    if (key === undefined) return fail(`the parent of ${what} does not exist`);
    at = (at as Record<string, unknown>)[key];
  }
  return isContainer(at) ? at : fail(`the parent of ${what} is neither an object nor an array`);
}

/** The existing member a location names, or a failure. */
function existing(box: Record<string, unknown>, location: Location, fail: Fail): Member {
  const parent = parentOf(box, location, fail);
  const key = memberKey(parent, location.segments[location.segments.length - 1]!, false);
  return key === undefined ? fail(`${location.what} does not exist`) : { parent, key };
}

function add(box: Record<string, unknown>, location: Location, value: unknown, fail: Fail): void {
  const parent = parentOf(box, location, fail);
  const segment = location.segments[location.segments.length - 1]!;
  const key = memberKey(parent, segment, true);
  if (key === undefined) fail(`${location.what}: "${segment}" is not an index of the array (0 to ${(parent as unknown[]).length}, or -)`);
  if (Array.isArray(parent)) parent.splice(Number(key), 0, value);
  else parent[key!] = value;
}

/** Removes the member a location names (which must exist) and returns its value. */
function remove(box: Record<string, unknown>, location: Location, fail: Fail): unknown {
  const member = existing(box, location, fail);
  const value = valueOf(member);
  if (Array.isArray(member.parent)) member.parent.splice(Number(member.key), 1);
  else delete member.parent[member.key];
  return value;
}
