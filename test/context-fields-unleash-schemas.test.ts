// Context fields against the real Unleash 8.2.0 (test/helpers/unleash.ts): the same requests go to flagadmin
// and to Unleash, for each of the context-field operations (the instance's and the ForProject ones), and
// every answer must match the schema Unleash's OpenAPI document, read at run time, gives for that
// operation and status. Unleash's own answers are checked too, so the check is shown to accept real answers.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ALL_ROUTES } from '@flagadmin/core';
import {
  answerRecorder,
  assertAllMatch,
  assertSameStatuses,
  besideUnleash,
  type Answer,
  type BesideUnleash,
  type Send,
} from './helpers/unleash-answers';

const FEATURE = 'context-flag';

/** One request per operation, in an order that creates what the next ones need; the answers by operationId. */
async function exercise(send: Send, key: string): Promise<Map<string, Answer>> {
  const { answers, call } = answerRecorder(send, key);
  for (const [mode, base] of [
    ['', '/api/admin/context'],
    ['ForProject', '/api/admin/projects/default/context'],
  ] as const) {
    const name = mode ? 'basket' : 'tier';
    const op = (id: string) => `${id}${mode}`;
    await call(op('validateContextFieldName'), 'POST', `${base}/validate`, { name });
    await call(op('createContextField'), 'POST', base, {
      name,
      description: 'What the customer pays for',
      stickiness: true,
      legalValues: [{ value: 'free' }, { value: 'pro', description: 'Paying' }],
    });
    await call(op('getContextFields'), 'GET', mode ? `${base}?include=root` : base);
    await call(op('updateContextField'), 'PUT', `${base}/${name}`, {
      description: 'Plan',
      stickiness: true,
      legalValues: [{ value: 'free' }, { value: 'pro' }],
    });
    await call(op('updateContextFieldLegalValue'), 'POST', `${base}/${name}/legal-values`, { value: 'gold', description: 'Top' });
    await call(op('getContextField'), 'GET', `${base}/${name}`);
    const feature = `${FEATURE}${mode ? '-p' : ''}`;
    await call('', 'POST', '/api/admin/projects/default/features', { name: feature });
    const strategies = `/api/admin/projects/default/features/${feature}/environments/development/strategies`;
    const strategy = await call('', 'POST', strategies, {
      name: 'flexibleRollout',
      constraints: [{ contextName: name, operator: 'IN', values: ['gold'] }],
      parameters: { rollout: '50', stickiness: name, groupId: feature },
    });
    await call(op('getStrategiesByContextField'), 'GET', `${base}/${name}/strategies`);
    await call('', 'DELETE', `${strategies}/${strategy.id}`);
    await call(op('deleteContextFieldLegalValue'), 'DELETE', `${base}/${name}/legal-values/gold`);
    await call(op('deleteContextField'), 'DELETE', `${base}/${name}`);
  }
  return answers;
}

const test = suite('context fields against Unleash 8.2.0 OpenAPI schemas');
const state: { env?: BesideUnleash; flagadmin: Map<string, Answer>; real: Map<string, Answer> } = { flagadmin: new Map(), real: new Map() };

async function tearDown() {
  const { env } = state;
  state.env = undefined;
  await env?.close();
}

test.before(async () => {
  try {
    state.env = await besideUnleash();
    const { world, unleash } = state.env;
    state.flagadmin = await exercise(world.send, world.adminKey);
    state.real = await exercise((path, init) => fetch(`${unleash.url}${path}`, init), unleash.adminKey);
  } catch (error) {
    console.error(error); // uvu reports a failing hook as nothing but 0 passed
    await tearDown();
    throw error;
  }
});

test.after(tearDown);

test('the context field routes are Unleash operations, at the same method and path, and every one got a request', () => {
  const ours = ALL_ROUTES.filter((r) => /ContextField/.test(r.operationId));
  assert.is(ours.length, 18);
  for (const route of ours) {
    const op = state.env!.schemas.operation(route.operationId);
    assert.ok(op, `${route.operationId} is in Unleash's document`);
    assert.is(`${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`, `${op!.method} ${op!.path}`, route.operationId);
    assert.ok(state.flagadmin.has(route.operationId), `${route.operationId} got a request`);
  }
});

test("flagadmin's answers match Unleash's schemas", () => {
  assertAllMatch(state.env!.schemas, state.flagadmin, '');
});

test("Unleash's own answers to the same requests match its schemas, and have the shapes flagadmin answers", () => {
  assertAllMatch(state.env!.schemas, state.real, 'Unleash ');
  assertSameStatuses(state.flagadmin, state.real);
  const strip = (fields: { name: string }[]) => fields.map((f) => f.name).sort();
  assert.equal(
    strip(state.flagadmin.get('getContextFieldsForProject')!.body as { name: string }[]),
    [...strip(state.real.get('getContextFieldsForProject')!.body as { name: string }[]), 'remoteAddress'].sort(),
    "the same built-ins as Unleash's, and remoteAddress",
  );
  assert.equal(state.flagadmin.get('getStrategiesByContextField')!.body, {
    strategies: [
      {
        ...(state.flagadmin.get('getStrategiesByContextField')!.body as { strategies: { id: string }[] }).strategies[0],
        featureName: FEATURE,
        projectId: 'default',
        environment: 'development',
        strategyName: 'flexibleRollout',
      },
    ],
  });
});

test.run();
