import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonClone, nestsDeeperThan, textNestsDeeperThan } from '../src/base/json';

test('jsonClone: a deep copy equal to the original that shares no object with it', () => {
  const original = { a: 1, b: [1, { c: 'x', d: null }], e: { f: [true, false], g: 'y' }, h: [] as unknown[] };
  const copy = jsonClone(original);
  assert.equal(copy, original);
  assert.equal(copy, structuredClone(original));
  copy.b.push(2);
  (copy.b[1] as { c: string }).c = 'changed';
  copy.e.f[0] = false;
  assert.equal(original, { a: 1, b: [1, { c: 'x', d: null }], e: { f: [true, false], g: 'y' }, h: [] });
});

test('jsonClone: an own "__proto__" key (as JSON.parse makes it) stays a plain key', () => {
  const parsed = JSON.parse('{"name":"f1","__proto__":{"polluted":true},"nested":{"__proto__":{"polluted":true}}}') as Record<
    string,
    unknown
  >;
  const copy = jsonClone(parsed);
  assert.is(Object.getPrototypeOf(copy), Object.prototype);
  assert.is(Object.getPrototypeOf(copy['nested']), Object.prototype);
  assert.ok(Object.hasOwn(copy, '__proto__'));
  assert.equal(Object.getOwnPropertyDescriptor(copy, '__proto__')!.value, { polluted: true });
  assert.is((copy as { polluted?: unknown }).polluted, undefined);
  assert.is(({} as { polluted?: unknown }).polluted, undefined);
  assert.is(JSON.stringify(copy), JSON.stringify(parsed));
});

test('nestsDeeperThan: each array or object is one level; any depth is safe to ask about', () => {
  assert.is(nestsDeeperThan('x', 0), false);
  assert.is(nestsDeeperThan([], 0), true);
  assert.is(nestsDeeperThan({ a: [1, { b: null }] }, 3), false);
  assert.is(nestsDeeperThan({ a: [1, { b: [] }] }, 3), true);
  let deep: unknown = null;
  for (let i = 0; i < 200_000; i++) deep = [deep];
  assert.is(nestsDeeperThan(deep, 32), true);
});

test('textNestsDeeperThan: counts brackets outside strings, escapes included, in one pass', () => {
  assert.is(textNestsDeeperThan('{"a":[1,{"b":null}]}', 3), false);
  assert.is(textNestsDeeperThan('{"a":[1,{"b":[]}]}', 3), true);
  assert.is(textNestsDeeperThan('["[[[[", "\\"", "{{{{"]', 1), false);
  assert.is(textNestsDeeperThan('["\\\\", [[]]]', 2), true);
  assert.is(textNestsDeeperThan('['.repeat(500_000), 32), true);
});

test.run();
