// The evaluator's own decisions beyond the client specification: disabled strategies, the host name,
// injected randomness and clock, explanations, and answers handed out as copies.
import { createEvaluator, type EvaluationFeature, type EvaluationState } from '@flagadmin/evaluation';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const flag = (name: string, rest: Partial<EvaluationFeature> = {}): EvaluationFeature => ({
  name,
  enabled: true,
  strategies: [{ name: 'default' }],
  ...rest,
});

test('a flag the state does not have: evaluate and explain answer undefined', () => {
  const evaluator = createEvaluator({ features: [flag('a')] });
  assert.is(evaluator.evaluate('missing'), undefined);
  assert.is(evaluator.explain('missing'), undefined);
});

test('disabled strategies are skipped; a flag whose strategies are all disabled is off', () => {
  const evaluator = createEvaluator({
    features: [
      flag('some', {
        strategies: [
          { name: 'default', disabled: true },
          { name: 'userWithId', parameters: { userIds: 'u1' } },
        ],
      }),
      flag('all', { strategies: [{ name: 'default', disabled: true }] }),
      flag('none', { strategies: [] }),
    ],
  });
  assert.is(evaluator.evaluate('some', { userId: 'u2' })!.enabled, false);
  assert.is(evaluator.evaluate('some', { userId: 'u1' })!.enabled, true);
  assert.is(evaluator.evaluate('all')!.enabled, false);
  assert.is(evaluator.evaluate('none')!.enabled, true, 'no strategy at all: on, as the SDKs');
  const [disabled] = evaluator.explain('some', { userId: 'u1' })!.explanation.strategies;
  assert.equal([disabled!.disabled, disabled!.evaluated], [true, false]);
});

test('applicationHostname: the context hostname property, else the evaluator option, compared case-insensitively', () => {
  const state: EvaluationState = {
    features: [flag('h', { strategies: [{ name: 'applicationHostname', parameters: { hostNames: 'Web-1, web-2' } }] })],
  };
  const plain = createEvaluator(state);
  assert.is(plain.evaluate('h')!.enabled, false, 'no host name known: off');
  assert.is(plain.evaluate('h', { properties: { hostname: 'WEB-2' } })!.enabled, true);
  assert.is(plain.evaluate('h', { properties: { hostname: 'web-3' } })!.enabled, false);
  const hosted = createEvaluator(state, { hostname: 'web-1' });
  assert.is(hosted.evaluate('h')!.enabled, true);
  assert.is(hosted.evaluate('h', { properties: { hostname: 'web-3' } })!.enabled, false, 'the context wins');
});

test('randomness and the clock are injected', () => {
  const state: EvaluationState = {
    features: [
      flag('r', { strategies: [{ name: 'gradualRolloutRandom', parameters: { percentage: '50' } }] }),
      flag('d', {
        strategies: [
          { name: 'default', constraints: [{ contextName: 'currentTime', operator: 'DATE_AFTER', value: '2030-01-01T00:00:00Z' }] },
        ],
      }),
    ],
  };
  assert.is(createEvaluator(state, { random: () => 0.49 }).evaluate('r')!.enabled, true);
  assert.is(createEvaluator(state, { random: () => 0.5 }).evaluate('r')!.enabled, false);
  const later = createEvaluator(state, { now: () => new Date('2031-01-01T00:00:00Z') });
  assert.is(later.evaluate('d')!.enabled, true);
  assert.is(later.evaluate('d', { currentTime: '2029-06-01T00:00:00Z' })!.enabled, false, "the context's currentTime wins");
});

test('explain: strategy by strategy, constraint by constraint, segments, and where the variant came from', () => {
  const evaluator = createEvaluator({
    segments: [{ id: 7, name: 'beta', constraints: [{ contextName: 'country', operator: 'IN', values: ['NO'] }] }],
    features: [
      flag('parent'),
      flag('x', {
        impressionData: true,
        dependencies: [{ feature: 'parent' }],
        strategies: [
          {
            name: 'default',
            id: 's1',
            constraints: [
              { contextName: 'userId', operator: 'IN', values: ['nobody'] },
              { contextName: 'plan', operator: 'IN', values: ['pro'] },
            ],
          },
          { name: 'flexibleRollout', id: 's2', parameters: { rollout: '100', stickiness: 'default', groupId: 'x' }, segments: [7, 8] },
          {
            name: 'flexibleRollout',
            id: 's3',
            parameters: { rollout: '100', stickiness: 'default', groupId: 'x' },
            segments: [7],
            variants: [{ name: 'sv', weight: 1000, stickiness: 'default' }],
          },
          { name: 'default', id: 's4' },
        ],
        variants: [{ name: 'fv', weight: 1000, stickiness: 'default' }],
      }),
    ],
  });
  const context = { userId: 'u1', properties: { plan: 'pro', country: 'NO' } };
  const explained = evaluator.explain('x', context)!;
  const { explanation, ...result } = explained;
  assert.equal(result, evaluator.evaluate('x', context));
  assert.equal(result, { name: 'x', enabled: true, variant: { name: 'sv', enabled: true, feature_enabled: true }, impressionData: true });
  assert.equal(explanation.dependencies, [
    { feature: 'parent', enabled: true, found: true, parentHasDependencies: false, parentEnabled: true, satisfied: true },
  ]);
  const [s1, s2, s3, s4] = explanation.strategies;
  assert.equal(
    s1!.constraints.map((c) => [c.contextValue, c.result]),
    [
      ['u1', false],
      ['pro', true],
    ],
    'every constraint shown',
  );
  assert.equal([s1!.constraintsResult, s1!.strategyResult, s1!.result], [false, undefined, false]);
  assert.equal(
    s2!.segments.map((s) => [s.id, s.name, s.found, s.result]),
    [
      [7, 'beta', true, true],
      [8, undefined, false, false],
    ],
  );
  assert.is(s2!.result, false, 'a missing segment fails its strategy');
  assert.equal([s3!.evaluated, s3!.result, s3!.strategyResult], [true, true, true]);
  assert.equal([s4!.id, s4!.evaluated, s4!.result], ['s4', false, false], 'after the match: listed, not evaluated');
  assert.is(explanation.matchedStrategy, 2);
  assert.equal([explanation.variantSource, explanation.variantOverride, explanation.environmentEnabled], ['strategy', false, true]);
});

test('explain: an unknown operator and a failed dependency are named', () => {
  const evaluator = createEvaluator({
    features: [
      flag('p', { enabled: false }),
      flag('c', {
        dependencies: [{ feature: 'p', variants: ['v'] }],
        strategies: [{ name: 'default', constraints: [{ contextName: 'a', operator: 'LIKE', values: ['x'], inverted: true }] }],
      }),
      flag('u', {
        strategies: [{ name: 'default', constraints: [{ contextName: 'a', operator: 'LIKE', values: ['x'], inverted: true }] }],
      }),
      flag('o', {
        variants: [
          { name: 'a', weight: 500, overrides: [{ contextName: 'userId', values: ['vip'] }] },
          { name: 'b', weight: 500 },
        ],
      }),
    ],
  });
  const child = evaluator.explain('c')!;
  assert.is(child.enabled, false);
  assert.equal(child.explanation.dependencies, [
    {
      feature: 'p',
      enabled: true,
      variants: ['v'],
      found: true,
      parentHasDependencies: false,
      parentEnabled: false,
      parentVariant: 'disabled',
      satisfied: false,
    },
  ]);
  assert.equal(child.explanation.strategies, [], 'strategies are not reached when a dependency fails');
  const unknown = evaluator.explain('u')!.explanation.strategies[0]!.constraints[0]!;
  assert.equal([unknown.result, unknown.problem], [false, 'unknown operator LIKE'], 'inverted or not');
  const override = evaluator.explain('o', { userId: 'vip' })!;
  assert.equal([override.variant.name, override.explanation.variantSource, override.explanation.variantOverride], ['a', 'feature', true]);
});

test('explain gives the same answer as evaluate, random draws included', () => {
  const state: EvaluationState = {
    features: [
      flag('p', { strategies: [{ name: 'gradualRolloutRandom', parameters: { percentage: '50' } }] }),
      flag('r', {
        dependencies: [{ feature: 'p', enabled: false }],
        strategies: [
          { name: 'flexibleRollout', parameters: { rollout: '40', stickiness: 'random', groupId: 'r' } },
          { name: 'gradualRolloutRandom', parameters: { percentage: '30' } },
          {
            name: 'flexibleRollout',
            parameters: { rollout: '50', stickiness: 'default', groupId: 'r' },
            variants: [
              { name: 'a', weight: 1 },
              { name: 'b', weight: 1 },
            ],
          },
        ],
        variants: [
          { name: 'x', weight: 1 },
          { name: 'y', weight: 2 },
        ],
      }),
    ],
  };
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 8, maxLength: 8 }),
      fc.option(fc.string()),
      (draws, userId) => {
        const sequence = () => {
          let i = 0;
          return () => draws[i++ % draws.length]!;
        };
        const context = userId === null ? {} : { userId };
        const { explanation: _, ...explained } = createEvaluator(state, { random: sequence() }).explain('r', context)!;
        return JSON.stringify(explained) === JSON.stringify(createEvaluator(state, { random: sequence() }).evaluate('r', context));
      },
    ),
    { numRuns: 500 },
  );
});

test('answers are copies: changing one changes neither the state nor the next answer', () => {
  const payload = { type: 'string', value: 'v' };
  const evaluator = createEvaluator({
    features: [flag('f', { variants: [{ name: 'v', weight: 1, payload }] }), flag('off', { enabled: false })],
  });
  const first = evaluator.evaluate('f', { userId: 'u' })!;
  first.variant.payload!.value = 'changed';
  first.variant.name = 'changed';
  evaluator.evaluate('off')!.variant.name = 'changed';
  assert.equal(evaluator.evaluate('f', { userId: 'u' })!.variant, {
    name: 'v',
    enabled: true,
    payload: { type: 'string', value: 'v' },
    feature_enabled: true,
  });
  assert.is(payload.value, 'v');
  assert.is(evaluator.evaluate('off')!.variant.name, 'disabled');
});

test('evaluateAll: every flag in the state order, with impressionData', () => {
  const evaluator = createEvaluator({ features: [flag('b', { impressionData: true }), flag('a', { enabled: false })] });
  assert.equal(evaluator.evaluateAll({ userId: 'u' }), [
    { name: 'b', enabled: true, variant: { name: 'disabled', enabled: false, feature_enabled: true }, impressionData: true },
    { name: 'a', enabled: false, variant: { name: 'disabled', enabled: false, feature_enabled: false }, impressionData: false },
  ]);
});

test('context lookups read own fields only', () => {
  const evaluator = createEvaluator({
    features: [
      flag('p', {
        strategies: [{ name: 'default', constraints: [{ contextName: 'toString', operator: 'STR_CONTAINS', values: ['function'] }] }],
      }),
    ],
  });
  assert.is(evaluator.evaluate('p', {})!.enabled, false);
  assert.is(evaluator.evaluate('p', { properties: { toString: 'function x' } })!.enabled, true);
});

test.run();
