/**
 * Who does what in a JSON Patch: our checks (src/rules/json-patch-checks.ts) judge each operation and
 * fast-json-patch applies it. Its applyOperation is wrapped here before the applier loads (json-patch.ts
 * takes it from the default export when it loads), so every call is seen, and can be made to do nothing.
 */
import jsonpatch from 'fast-json-patch';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AdminError } from '../src/base/errors';

interface Call {
  document: unknown;
  operation: Record<string, unknown>;
  flags: unknown[];
}

const fastJsonPatch = jsonpatch as { applyOperation: typeof jsonpatch.applyOperation };
const realApplyOperation = fastJsonPatch.applyOperation;
let calls: Call[] = [];
let inert = false;
fastJsonPatch.applyOperation = (document, operation, validateOperation, mutateDocument, banPrototypeModifications, index) => {
  calls.push({ document, operation: { ...operation }, flags: [validateOperation, mutateDocument, banPrototypeModifications] });
  return inert
    ? { newDocument: document }
    : realApplyOperation(document, operation, validateOperation, mutateDocument, banPrototypeModifications, index);
};
const { applyPatch, parsePatch } = await import('../src/rules/json-patch');
const { DEFAULT_LIMITS } = await import('../src/base/limits');

test.before.each(() => {
  calls = [];
  inert = false;
});

const run = (document: unknown, patch: unknown[]) => applyPatch(document, parsePatch(patch, DEFAULT_LIMITS));

/** The AdminError a patch fails with. */
function failure(document: unknown, patch: unknown[]): AdminError {
  try {
    run(document, patch);
  } catch (error) {
    if (error instanceof AdminError) return error;
    throw error;
  }
  throw new Error('the patch applied');
}

const document = () => ({ a: 1, list: [1, 2], nested: { x: true } });

test('every change is made by fast-json-patch (its validation off, in place, on our copy); a move is its remove then its add', () => {
  const original = document();
  const result = run(original, [
    { op: 'replace', path: '/a', value: 2 },
    { op: 'add', path: '/list/-', value: 3 },
    { op: 'remove', path: '/list/0' },
    { op: 'copy', from: '/nested', path: '/copied' },
    { op: 'move', from: '/a', path: '/b' },
    { op: 'test', path: '/b', value: 2 },
  ]);
  assert.equal(result, { list: [2, 3], nested: { x: true }, copied: { x: true }, b: 2 });
  assert.equal(
    calls.map((c) => c.operation),
    [
      { op: 'replace', path: '/a', value: 2 },
      { op: 'add', path: '/list/-', value: 3 },
      { op: 'remove', path: '/list/0' },
      { op: 'copy', from: '/nested', path: '/copied' },
      { op: 'remove', path: '/a' },
      { op: 'add', path: '/b', value: 2 },
    ],
    'one call per change, none for the test (judged only)',
  );
  for (const call of calls) assert.equal(call.flags, [false, true, true], 'validateOperation off, mutateDocument on, prototypes banned');
  assert.ok(
    calls.every((c) => c.document === result),
    'every call changed the one working copy, which is the answer',
  );
  assert.is.not(result, original);
  assert.equal(original, document(), "the caller's document is untouched");
});

test('with applyOperation doing nothing, a patch changes nothing: our code only judges', () => {
  inert = true;
  const original = document();
  const result = run(original, [
    { op: 'replace', path: '/a', value: 2 },
    { op: 'add', path: '/list/0', value: 0 },
    { op: 'remove', path: '/nested/x' },
    { op: 'copy', from: '/list', path: '/other' },
    { op: 'move', from: '/nested', path: '/moved' },
    { op: 'add', path: '', value: { whole: 'document' } },
  ]);
  assert.is(calls.length, 7);
  assert.equal(result, original);
});

test('the replaced whole document is the one fast-json-patch answers', () => {
  const result = run(document(), [
    { op: 'replace', path: '', value: { fresh: [1] } },
    { op: 'add', path: '/fresh/1', value: 2 },
  ]);
  assert.equal(result, { fresh: [1, 2] });
  assert.is(calls[1]!.document, result);
});

test('the judge answers before fast-json-patch is called: what it refuses never reaches it', () => {
  // [operation 1, the 400's message, the calls fast-json-patch got]; operation 0 always applies.
  const cases: [unknown, string, string[]][] = [
    [{ op: 'remove', path: '/toString' }, 'path "/toString" does not exist', ['replace']],
    [{ op: 'add', path: '/list/01', value: 9 }, 'path "/list/01": "01" is not an index of the array (0 to 2, or -)', ['replace']],
    [{ op: 'replace', path: '/list/4294967296', value: 9 }, 'path "/list/4294967296" does not exist', ['replace']],
    [{ op: 'move', from: '/nested', path: '/nested/x/y' }, 'from "/nested" cannot move into its own child "/nested/x/y"', ['replace']],
    [{ op: 'copy', from: '/list/2', path: '/c' }, 'from "/list/2" does not exist', ['replace']],
    [{ op: 'add', path: '/a/b', value: 1 }, 'the parent of path "/a/b" is neither an object nor an array', ['replace']],
    [{ op: 'remove', path: '' }, 'the whole document cannot be removed', ['replace']],
    // A move is judged in two halves: its remove applied (to the copy, dropped with it), its add refused.
    [
      { op: 'move', from: '/list/1', path: '/list/2' },
      'path "/list/2": "2" is not an index of the array (0 to 1, or -)',
      ['replace', 'remove'],
    ],
  ];
  for (const [op, reason, reached] of cases) {
    calls = [];
    const message = `Patch operation 1 (${(op as { op: string }).op}) cannot be applied: ${reason}`;
    const error = failure(document(), [{ op: 'replace', path: '/a', value: 1 }, op]);
    assert.is(error.name, 'BadDataError', message);
    assert.is(error.message, message);
    assert.equal(error.details, [{ message, path: '/1' }]);
    assert.equal(
      calls.map((c) => c.operation['op']),
      reached,
      message,
    );
  }
});

test("what fast-json-patch's own move and test get wrong, the judge and the split move get right", () => {
  // Its move reads the target before the remove: /c/1 is {} until /c/0 goes (a TypeError there).
  assert.equal(run({ c: [0, {}, { y: {} }] }, [{ op: 'move', from: '/c/0', path: '/c/1/y/z' }]), { c: [{}, { y: { z: 0 } }] });
  // Its test calls the value's hasOwnProperty, here a member of the JSON value (a TypeError there).
  const value = JSON.parse('{"hasOwnProperty": 1}') as unknown;
  assert.is(failure({ a: { x: 1 } }, [{ op: 'test', path: '/a', value }]).name, 'ConflictError');
  assert.equal(run({ a: { hasOwnProperty: 1 } }, [{ op: 'test', path: '/a', value }]), { a: { hasOwnProperty: 1 } });
});

test('values are copied in: a later operation does not change the parsed patch', () => {
  const ops = parsePatch(
    [
      { op: 'add', path: '/o', value: {} },
      { op: 'add', path: '/o/k', value: 1 },
    ],
    DEFAULT_LIMITS,
  );
  assert.equal(applyPatch({}, ops), { o: { k: 1 } });
  assert.equal(ops[0]!.value, {});
});

test('sharing what the patch leaves unchanged: the given document is never changed, the result as with a copy', async () => {
  const { deepFreeze } = await import('../src/base/json');
  const document = () => ({ a: { b: [1, { c: 2 }], d: 'x' }, e: [{ f: 1 }, { f: 2 }], g: { h: true } });
  const patches: unknown[][] = [
    [{ op: 'replace', path: '/a/b/1/c', value: 3 }],
    [
      { op: 'add', path: '/e/-', value: { f: 3 } },
      { op: 'remove', path: '/e/0' },
    ],
    [
      { op: 'copy', from: '/a', path: '/g/a' },
      { op: 'replace', path: '/g/a/d', value: 'y' },
    ],
    [
      { op: 'test', path: '/g/h', value: true },
      { op: 'add', path: '/a/new', value: [1] },
    ],
    [
      { op: 'move', from: '/e/1', path: '/a/moved' },
      { op: 'replace', path: '/a/moved/f', value: 9 },
    ],
    [{ op: 'replace', path: '', value: { whole: 1 } }],
  ];
  for (const patch of patches) {
    const frozen = deepFreeze(document());
    const shared = applyPatch(frozen, parsePatch(patch, DEFAULT_LIMITS), undefined, { shareUnchanged: true });
    assert.equal(shared, run(document(), patch), JSON.stringify(patch));
    assert.equal(frozen, document(), `unchanged: ${JSON.stringify(patch)}`);
  }
  const kept = deepFreeze(document());
  const result = applyPatch(kept, parsePatch([{ op: 'replace', path: '/a/d', value: 'z' }], DEFAULT_LIMITS), undefined, {
    shareUnchanged: true,
  }) as ReturnType<typeof document>;
  assert.ok(result.e === kept.e && result.g === kept.g, 'untouched branches are shared');
  assert.ok(result.a !== kept.a && result.a.b === kept.a.b, 'the changed path is copied, its untouched children shared');
});

test.run();
