/**
 * RFC 6902 JSON Patch with flagadmin's error rules, for every PATCH route: the body must be an array of
 * operations (400 naming the op), no path may reach a prototype (400), a path that does not resolve is
 * a 400 naming the op, a denied path a 403, and a failed `test` a 409. All ops apply or none.
 */
import jsonpatch, { type Operation } from 'fast-json-patch';
import { AdminError, badData, toAdminError } from './errors';
import { hasForbiddenSegment } from './json-pointer';
import { jsonClone } from './json';
import { assertValid } from './validation';
import type { PatchOperation } from './operations/patch-feature';

const { applyOperation, validator } = jsonpatch;

/** The request body as a list of operations, or 400. */
export function parsePatch(patch: unknown): PatchOperation[] {
  assertValid<PatchOperation[]>('patchOperations', patch, 'patch');
  patch.forEach((op, i) => {
    for (const pointer of [op.path, op.from]) {
      if (pointer !== undefined && hasForbiddenSegment(pointer)) {
        throw badData(`Patch operation ${i} names a forbidden path segment: ${pointer}`, [{ message: 'forbidden path segment', path: `/${i}` }]);
      }
    }
  });
  return patch;
}

/**
 * Applies the operations to a copy of `document`. `denied(pointer)` names pointers no operation may
 * touch: the message of the 403.
 */
export function applyPatch(document: unknown, ops: readonly PatchOperation[], denied?: (pointer: string) => string | undefined): unknown {
  let result: unknown = jsonClone(document);
  let failedTest: number | undefined;
  ops.forEach((op, i) => {
    const check = (operation: Operation, _index: number, doc: unknown, existing: string) => validator(operation, i, doc, existing);
    try {
      result = applyOperation(result, op as Operation, check, true, true, i).newDocument;
    } catch (error) {
      if ((error as { name?: unknown }).name !== 'TEST_OPERATION_FAILED') throw toAdminError(error);
      failedTest ??= i;
    }
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
  return result;
}
