/**
 * Unleash's cross-SDK client specification (`@unleash/client-specification` 6.1.0) run through
 * @flagadmin/evaluation: every `tests` case (isEnabled) and every `variantTests` case (getVariant) of
 * every file `specifications/index.json` lists. Cases are set up as unleash-client's own
 * specification test sets them up: the context merged over `{appName: <file name>, environment:
 * 'default'}` (the SDK's static context), a flag missing from the state answering off with the
 * `disabled` variant; variants compared whole (name, enabled, payload, feature_enabled). The delta-API
 * files (19, 20) hold events instead of a state: they are applied in order into one, as the SDK does.
 *
 * Then the same states with contexts the specification does not list: random values for every field
 * its constraints and stickiness name (drawn from the values it uses, and arbitrary ones), each flag
 * evaluated by us and by unleash-client's own evaluation (its UnleashClient over the same state), the
 * answers compared. Every stickiness field is always given, so neither side draws a random number.
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { createEvaluator, type EvaluationContext, type EvaluationState } from '@flagadmin/evaluation';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { specificationFiles, type SpecCase } from './helpers/client-specification';

const require = createRequire(import.meta.url);

/** Cases no server-side engine can answer as specified, by `file: description`, with the reason. None so far. */
const EXCLUDED = new Map<string, string>([]);

const specs = specificationFiles();
const files = specs.map((s) => s.file);
const counts = { cases: 0, excluded: 0 };

for (const { file, spec, state } of specs) {
  const evaluator = createEvaluator(state);
  const contextOf = (c: SpecCase): EvaluationContext => ({ appName: file, environment: 'default', ...c.context });
  const test = suite(file);
  const add = (c: SpecCase, run: () => void) => {
    const id = `${file}: ${c.description}`;
    counts.cases++;
    if (EXCLUDED.has(id)) {
      counts.excluded++;
      return;
    }
    test(`${c.description} (${c.toggleName})`, run);
  };
  for (const c of spec.tests ?? []) {
    add(c, () => {
      const enabled = evaluator.evaluate(c.toggleName, contextOf(c))?.enabled ?? false;
      assert.is(enabled, c.expectedResult, `${file}: ${c.description}`);
    });
  }
  for (const c of spec.variantTests ?? []) {
    add(c, () => {
      const variant = evaluator.evaluate(c.toggleName, contextOf(c))?.variant ?? {
        name: 'disabled',
        enabled: false,
        feature_enabled: false,
      };
      assert.equal(variant, c.expectedResult, `${file}: ${c.description}`);
    });
  }
  test.run();
}

const summary = suite('client specification coverage');
summary('every listed file ran, and the exclusions are the listed ones', () => {
  assert.ok(files.length >= 22, `${files.length} specification files`);
  assert.ok(counts.cases >= 279, `${counts.cases} cases`);
  assert.is(counts.excluded, EXCLUDED.size, 'each exclusion names an existing case');
});
summary.run();

// ---- unleash-client as the judge, on contexts the specification does not list ----

type Judge = {
  isEnabled(name: string, context: EvaluationContext, fallback: () => boolean): boolean;
  getVariant(name: string, context: EvaluationContext): Record<string, unknown>;
};
const UnleashClient: new (repository: unknown, strategies: unknown[]) => Judge = require('unleash-client/lib/client').default;
const { defaultStrategies } = require('unleash-client/lib/strategy') as { defaultStrategies: unknown[] };

function judgeFor(state: EvaluationState): Judge {
  const features = new Map(state.features.map((f) => [f.name, f]));
  const segments = new Map((state.segments ?? []).map((s) => [s.id, s]));
  return new UnleashClient({ getToggle: (n: string) => features.get(n), getSegment: (id: number) => segments.get(id) }, defaultStrategies);
}

/** Every value the specification uses for each context field (in contexts and constraints). */
function valuesByField(): Map<string, Set<string>> {
  const pools = new Map<string, Set<string>>();
  const add = (field: string, value: unknown) => {
    if (typeof value !== 'string') return;
    const pool = pools.get(field) ?? new Set<string>();
    pools.set(field, pool.add(value));
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (typeof o.contextName === 'string') {
      for (const v of (o.values as string[] | undefined) ?? []) add(o.contextName, v);
      add(o.contextName, o.value);
    }
    Object.values(o).forEach(walk);
  };
  for (const { spec } of specs) {
    walk(spec.state);
    for (const c of [...(spec.tests ?? []), ...(spec.variantTests ?? [])]) {
      const { properties, ...top } = c.context ?? {};
      for (const [k, v] of Object.entries(top)) add(k, v);
      for (const [k, v] of Object.entries(properties ?? {})) add(k, v);
    }
  }
  return pools;
}

const STANDARD = ['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'] as const;
/** Fields given in every context: the stickiness ones, so no side draws a random number. */
const ALWAYS = new Set(['userId', 'sessionId', 'customField', 'clientId']);

function contextArbitrary(): fc.Arbitrary<EvaluationContext> {
  const pools = valuesByField();
  const value = (field: string) => {
    const pool = [...(pools.get(field) ?? [])];
    const any = pool.length ? fc.oneof(fc.constantFrom(...pool), fc.string({ minLength: 1 })) : fc.string({ minLength: 1 });
    return ALWAYS.has(field) ? any : fc.option(any, { nil: undefined });
  };
  const fields = [...pools.keys()];
  const top = Object.fromEntries(STANDARD.map((f) => [f, value(f)]));
  const properties = Object.fromEntries(fields.filter((f) => !(STANDARD as readonly string[]).includes(f)).map((f) => [f, value(f)]));
  const drop = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return fc
    .record({ top: fc.record(top), properties: fc.record(properties) })
    .map(({ top, properties }) => ({ ...drop(top), properties: drop(properties) }) as EvaluationContext);
}

const judged = suite('the same states on random contexts: the same answers as unleash-client');
const contexts = contextArbitrary();
for (const { file, state } of specs) {
  judged(file, () => {
    const ours = createEvaluator(state);
    const judge = judgeFor(state);
    fc.assert(
      fc.property(contexts, fc.constantFrom(...state.features.map((f) => f.name)), (context, name) => {
        const mine = ours.evaluate(name, context)!;
        const theirs = judge.getVariant(name, context);
        const { featureEnabled: _, ...theirVariant } = theirs;
        if (theirVariant.payload === undefined) delete theirVariant.payload;
        assert.is(
          mine.enabled,
          judge.isEnabled(name, context, () => false),
          `${name} enabled for ${JSON.stringify(context)}`,
        );
        assert.equal(mine.variant, theirVariant, `${name} variant for ${JSON.stringify(context)}`);
      }),
      { numRuns: 300 },
    );
  });
}
judged.run();
