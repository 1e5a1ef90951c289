// REGEX: RE2 semantics (linear time, the SDKs' dialect) and the bounds on pattern and input length.
import { createEvaluator, type EvaluationConstraint, REGEX_LIMITS } from '@flagadmin/evaluation';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { constraintHolds, sdkConstraintHolds } from './helpers';

const regex = (value: string, extra: Partial<EvaluationConstraint> = {}): EvaluationConstraint => ({
  contextName: 'userId',
  operator: 'REGEX',
  value,
  ...extra,
});

test('patterns that make a backtracking engine take exponential time answer at once', () => {
  const input = `${'a'.repeat(REGEX_LIMITS.input - 1)}!`;
  for (const pattern of ['(a+)+$', '^(a|aa)*$', '(a|a)*b', '^(\\w+\\s?)*$', '(.*a){12}!x']) {
    const started = performance.now();
    assert.is(constraintHolds(regex(pattern), { userId: input }), false, pattern);
    const ms = performance.now() - started;
    assert.ok(ms < 1_000, `${pattern} took ${ms.toFixed(0)} ms`);
  }
});

test('a value longer than the bound does not match (so an inverted constraint holds); one at the bound is matched', () => {
  const atBound = 'a'.repeat(REGEX_LIMITS.input);
  assert.is(constraintHolds(regex('^a+$'), { userId: atBound }), true);
  assert.is(constraintHolds(regex('^a+$'), { userId: `${atBound}a` }), false);
  assert.is(constraintHolds(regex('^a+$', { inverted: true }), { userId: `${atBound}a` }), true);
});

test('a pattern longer than the bound is invalid: it matches nothing', () => {
  const long = `^${'a?'.repeat(REGEX_LIMITS.pattern / 2)}$`;
  assert.ok(long.length > REGEX_LIMITS.pattern);
  assert.is(constraintHolds(regex(long), { userId: 'a' }), false);
  const atBound = `^${'a'.repeat(REGEX_LIMITS.pattern - 2)}$`;
  assert.is(constraintHolds(regex(atBound), { userId: 'a'.repeat(REGEX_LIMITS.pattern - 2) }), true);
});

test('RE2 dialect, as the SDKs: classes and inline flags work, lookaround and backreferences are invalid', () => {
  const cases: [EvaluationConstraint, string, boolean][] = [
    [regex('^[[:alpha:]]+$'), 'AlphaBeta', true],
    [regex('^(?i)abc$'), 'AbC', true],
    [regex('^abc$', { caseInsensitive: true }), 'ABC', true],
    [regex('^abc$'), 'ABC', false],
    [regex('^(?=a)a$'), 'a', false],
    [regex('^(a)\\1$'), 'aa', false],
    [regex('(unclosed'), 'unclosed', false],
    [regex('(unclosed', { inverted: true }), 'unclosed', true],
    [regex('\\d{2,}'), 'id-42', true],
    [regex('a{1001}'), 'a', false],
  ];
  for (const [constraint, userId, expected] of cases) {
    assert.is(constraintHolds(constraint, { userId }), expected, `${constraint.value} on ${userId}`);
    assert.is(sdkConstraintHolds(constraint, { userId }), expected, `unleash-client agrees: ${constraint.value}`);
  }
});

test('a missing or null value never matches', () => {
  assert.is(constraintHolds(regex('.*'), {}), false);
  assert.is(constraintHolds({ ...regex('.*'), contextName: 'x' }, { properties: { x: null } }), false);
});

test('explain names why a REGEX constraint could not match', () => {
  const long = 'a'.repeat(REGEX_LIMITS.input + 1);
  const cases: [string, string, RegExp | undefined][] = [
    ['(bad', 'x', /invalid pattern/],
    ['a'.repeat(REGEX_LIMITS.pattern + 1), 'x', /pattern longer than 1000/],
    ['^a+$', long, /value longer than 4096/],
    ['^b$', 'a', undefined],
  ];
  for (const [value, userId, problem] of cases) {
    const evaluator = createEvaluator({
      features: [{ name: 'f', enabled: true, strategies: [{ name: 'default', constraints: [regex(value)] }] }],
    });
    const explained = evaluator.explain('f', { userId })!.explanation.strategies[0]!.constraints[0]!;
    assert.is(explained.result, false);
    if (problem) assert.match(explained.problem ?? '', problem);
    else assert.is(explained.problem, undefined);
  }
});

test.run();
