// The normalized hash: always in 1..normalizer, and equal to unleash-client's own for any input.
import { normalizedValue, STRATEGY_SEED, VARIANT_SEED } from '@flagadmin/evaluation';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sdkUtil } from './helpers';

const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));

test('strategy buckets: in 1..100 and unleash-client normalizedStrategyValue, for random ids and groups', () => {
  fc.assert(
    fc.property(text, text, (id, groupId) => {
      const value = normalizedValue(id, groupId);
      return Number.isInteger(value) && value >= 1 && value <= 100 && value === sdkUtil.normalizedStrategyValue(id, groupId);
    }),
    { numRuns: 5_000 },
  );
});

test('variant buckets: in 1..normalizer and unleash-client normalizedVariantValue, for random normalizers', () => {
  fc.assert(
    fc.property(text, text, fc.integer({ min: 1, max: 100_000 }), (id, groupId, normalizer) => {
      const value = normalizedValue(id, groupId, normalizer, VARIANT_SEED);
      return value >= 1 && value <= normalizer && value === sdkUtil.normalizedVariantValue(id, groupId, normalizer);
    }),
    { numRuns: 5_000 },
  );
});

test('known values, and the defaults are the strategy seed and 100', () => {
  assert.is(STRATEGY_SEED, 0);
  assert.is(VARIANT_SEED, 86028157);
  assert.is(normalizedValue('123', 'gr1'), sdkUtil.normalizedStrategyValue('123', 'gr1'));
  assert.is(normalizedValue('123', 'gr1', 100, 0), normalizedValue('123', 'gr1'));
  assert.is(normalizedValue('x', undefined), sdkUtil.normalizedStrategyValue('x', undefined as unknown as string));
});

test.run();
