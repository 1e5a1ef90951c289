/**
 * RFC 6902 JSON Patch over RFC 6901 pointers, for every PATCH route, with flagadmin's error rules: the
 * body must be an array of operations (400 naming the op), no path may reach a prototype (400), a path
 * that does not resolve is a 400 naming the op, a denied path a 403, and a failed `test` a 409. All ops
 * apply or none; members an operation does not define are ignored. Our checks (json-patch-checks.ts) judge
 * each operation by RFC 6901/6902; fast-json-patch applies what they let through, to a copy.
 */
import jsonpatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { AdminError, badData } from '../base/errors';
import { arrayIndex, hasForbiddenSegment, isPointer, pointerSegments } from './json-pointer';
import { assertAddable, assertNotIntoOwnChild, existingValue, type Fail } from './json-patch-checks';
import { jsonClone, jsonEqual } from '../base/json';
import { assertDepth, limitExceeded, type Limits } from '../base/limits';
import { assertValid } from '../schemas/validation';

// A default import, then its members: fast-json-patch's Node entry is CommonJS without named exports for ESM.
const { applyOperation } = jsonpatch;

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
  if (patch.length > limits.operationsPerPatch)
    throw limitExceeded('operationsPerPatch', limits.operationsPerPatch, `Too many operations in the patch (${patch.length})`);
  return patch.map((raw, i) => {
    const op: PatchOperation = { op: raw.op, path: raw.path };
    if (USES_FROM.has(raw.op)) op.from = raw.from;
    if (USES_VALUE.has(raw.op)) op.value = raw.value;
    for (const [member, pointer] of [
      ['path', op.path],
      ['from', op.from],
    ] as const) {
      if (pointer === undefined) continue;
      if (!isPointer(pointer)) throw operationError(i, op, `${member} "${pointer}" is not a JSON Pointer (RFC 6901)`);
      if (hasForbiddenSegment(pointer)) throw operationError(i, op, `${member} "${pointer}" names a forbidden path segment`);
    }
    return op;
  });
}

/**
 * Applies the operations to a copy of `document`: each is judged against the document as the earlier
 * ones left it (json-patch-checks.ts: a 400 naming the operation), then applied to the copy by
 * fast-json-patch. `denied(pointer)` names pointers no operation may touch: the message of the 403.
 */
export function applyPatch(
  document: unknown,
  ops: readonly PatchOperation[],
  denied?: (pointer: string) => string | undefined,
  options: { shareUnchanged?: boolean } = {},
): unknown {
  // Copy on write where the caller only reads the result: each operation copies the containers on its way
  // (a `move` takes a subtree along, so a patch with one copies the whole document first, as always).
  const own = options.shareUnchanged && !ops.some((op) => op.op === 'move') ? new WeakSet<object>() : undefined;
  let working: unknown = own ? document : jsonClone(document);
  let failedTest: number | undefined;
  ops.forEach((op, i) => {
    const fail: Fail = (reason) => {
      throw operationError(i, op, reason);
    };
    if (own && op.op !== 'test') working = ownContainersTo(working, op.path, own);
    working = judgeThenApply(working, op, fail, () => (failedTest ??= i));
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
  return working;
}

/**
 * The document with the containers from its root to the parent of `pointer` its own (shallow copies,
 * made once per patch and kept in `own`), so an operation at `pointer` changes no container the caller's
 * document shares. Stops where the path does not resolve (the operation's judge then answers).
 */
function ownContainersTo(root: unknown, pointer: string, own: WeakSet<object>): unknown {
  const top = ownCopy(root, own);
  let node = top;
  for (const segment of pointerSegments(pointer).slice(0, -1)) {
    if (typeof node !== 'object' || node === null) break;
    const index = Array.isArray(node) ? arrayIndex(segment) : undefined;
    if (Array.isArray(node) ? index === undefined || index >= node.length : !Object.hasOwn(node, segment)) break;
    const key = index ?? segment;
    const child = ownCopy((node as Record<string | number, unknown>)[key], own);
    (node as Record<string | number, unknown>)[key] = child;
    node = child;
  }
  return top;
}

/** A container this patch may change: itself when already copied, else a shallow copy (a value: itself). */
function ownCopy(value: unknown, own: WeakSet<object>): unknown {
  if (typeof value !== 'object' || value === null || own.has(value)) return value;
  const copy = Array.isArray(value) ? value.slice() : { ...value };
  own.add(copy);
  return copy;
}

/** 400 naming the operation by position and op. */
function operationError(i: number, op: PatchOperation, reason: string): AdminError {
  const message = `Patch operation ${i} (${op.op}) cannot be applied: ${reason}`;
  return badData(message, [{ message, path: `/${i}` }]);
}

/**
 * Judges one operation against `document`, then has fast-json-patch apply it there in place, its own
 * validation off (it is no judge: it reads inherited members and `01` as an index); the new document
 * (another one when the operation replaced the whole). Values are copied in, so no later operation
 * changes the parsed patch. A failed test calls `testFailed`.
 */
function judgeThenApply(document: unknown, op: PatchOperation, fail: Fail, testFailed: () => void): unknown {
  switch (op.op) {
    case 'test':
      // Judged only, as it changes nothing: fast-json-patch's comparison calls the value's hasOwnProperty,
      // which a JSON value may have as a member (a TypeError instead of a failed test).
      if (!jsonEqual(existingValue(document, 'path', op.path, fail), op.value)) testFailed();
      return document;
    case 'add':
      assertAddable(document, op.path, fail);
      return apply(document, { op: 'add', path: op.path, value: jsonClone(op.value) });
    case 'remove':
      if (op.path === '') fail('the whole document cannot be removed');
      existingValue(document, 'path', op.path, fail);
      return apply(document, { op: 'remove', path: op.path });
    case 'replace':
      existingValue(document, 'path', op.path, fail);
      return apply(document, { op: 'replace', path: op.path, value: jsonClone(op.value) });
    case 'copy':
      existingValue(document, 'from', op.from!, fail);
      assertAddable(document, op.path, fail);
      return apply(document, { op: 'copy', from: op.from!, path: op.path });
    case 'move': {
      // RFC 6902 §4.4: a remove at `from`, then an add of the removed value at `path`, each judged on the
      // document of its moment. fast-json-patch's own move first reads `path` in the document before the
      // remove (a TypeError when only the remove makes `path`'s parent exist), so it gets the two halves.
      assertNotIntoOwnChild(op.from!, op.path, fail);
      existingValue(document, 'from', op.from!, fail);
      const { newDocument, removed } = applyOperation(document, { op: 'remove', path: op.from! }, false, true, true);
      assertAddable(newDocument, op.path, fail);
      return apply(newDocument, { op: 'add', path: op.path, value: removed });
    }
  }
}

/** fast-json-patch applies one judged operation: no validation of its own, in place, prototypes banned. */
const apply = (document: unknown, operation: Operation): unknown => applyOperation(document, operation, false, true, true).newDocument;
