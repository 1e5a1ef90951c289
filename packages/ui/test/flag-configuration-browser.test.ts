// The flag screen's configuration editors in Debian's chromium against the spawned bin: a rollout set
// with the slider and followed by a real SDK, constraints and segments round trips, variants and
// their bar, dependencies, and the If-Match guard on strategy writes.
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { Unleash } from 'unleash-client';
import { randomSecret } from '../../../test/helpers/bin';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

const CLIENT_KEY = randomSecret('*', 'development');
const USERS = Array.from({ length: 10_000 }, (_, i) => `user-${i}`);
/** Longest wait for something the test waits on (the SDK's first synchronisation). */
const HANG_GUARD_MS = 60_000;

interface StoredConstraint {
  contextName: string;
  operator: string;
  values: string[];
  value?: string;
  inverted: boolean;
  caseInsensitive: boolean;
}
interface StoredStrategy {
  id: string;
  name: string;
  parameters: Record<string, string>;
  constraints: StoredConstraint[];
  segments: number[];
  variants: { name: string; weight: number }[];
}
interface StoredVariant {
  name: string;
  weight: number;
  weightType: string;
  stickiness: string;
  payload?: unknown;
  overrides?: { contextName: string; values: string[] }[];
}
interface StoredFeature {
  environments: { name: string; enabled: boolean; strategies: StoredStrategy[]; variants: StoredVariant[] }[];
  dependencies: { feature: string; enabled: boolean; variants: string[] }[];
  children: string[];
}

/** A flag of its own (no strategy yet), so the SDK's answer depends on the page's rollout only. */
const ROLLOUT_FLAG = 'rollout-from-ui';
let viewerKey = '';
let segmentId = 0;
let otherProjectSegment = 0;
const s = browserSuite('flag configuration in chromium', {
  env: { INIT_CLIENT_API_TOKENS: CLIENT_KEY },
  async setup(suite) {
    // Constraints name known context fields: the built-ins, and these.
    for (const name of ['email', 'appVersion']) await suite.apiSend('POST', '/api/admin/context', { name });
    const constraints = [{ contextName: 'userId', operator: 'IN', values: ['alice', 'carol'] }];
    segmentId = (
      await suite.apiSend<{ id: number }>('POST', '/api/admin/segments', {
        name: 'beta-testers',
        project: 'platform',
        description: 'Opted in',
        constraints,
      })
    ).id;
    otherProjectSegment = (
      await suite.apiSend<{ id: number }>('POST', '/api/admin/segments', { name: 'mobile-only', project: 'mobile', constraints })
    ).id;
    await suite.apiSend('POST', '/api/admin/projects/search/features', { name: ROLLOUT_FLAG, type: 'release' });
    viewerKey = (
      await suite.apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', { tokenName: 'viewer', type: 'admin', role: 'viewer' })
    ).secret;
  },
});
const { signedInTab, apiGet, assertAccessible } = s;

const featureUrl = (project: string, feature: string) => `${s.url()}/#/projects/${project}/features/${feature}`;
const stored = (project: string, feature: string) => apiGet<StoredFeature>(`/api/admin/projects/${project}/features/${feature}`);
const environment = (feature: StoredFeature, name: string) => feature.environments.find((e) => e.name === name)!;

async function openFlag(page: Page, project: string, feature: string) {
  await page.goto(featureUrl(project, feature));
  // The heading names this flag: after a hash navigation the previous flag's screen is gone.
  await page.getByRole('heading', { level: 1, name: feature }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Environments' }).waitFor();
}

async function savedNotice(page: Page, what: string) {
  await page
    .getByRole('status')
    .filter({ hasText: `${what} saved.` })
    .waitFor();
}

/** Resolves once the SDK holds the flags (its `synchronized` event), or fails after the hang guard. */
function synchronized(client: Unleash): Promise<void> {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error('the SDK did not synchronise')), HANG_GUARD_MS);
    client.once('synchronized', () => {
      clearTimeout(guard);
      resolve();
    });
    client.on('error', (e: unknown) => console.error('SDK error:', e));
  });
}

s.test(
  'a 30 % rollout set with the slider: the real SDK enables 30 % ± 2 % of 10,000 users; a second tab gets "changed meanwhile"',
  async () => {
    const a = await signedInTab();
    const b = await signedInTab();
    const { page } = a;
    await openFlag(page, 'search', ROLLOUT_FLAG);
    await page.getByRole('switch', { name: `${ROLLOUT_FLAG} in development` }).click();
    await page.waitForSelector(`[role=switch][aria-label="${ROLLOUT_FLAG} in development"][aria-checked="true"]`);
    // Switched on, the flag gets the API's default strategy: a gradual rollout to 100 %.
    await page.locator('[data-environment="development"] .strategy', { hasText: '100 % rollout' }).waitFor();
    await openFlag(b.page, 'search', ROLLOUT_FLAG);

    await page.getByRole('button', { name: 'Edit strategy Gradual rollout in development' }).click();
    const form = page.getByRole('form', { name: 'Edit strategy Gradual rollout in development' });
    assert.is(await form.getByLabel('Strategy', { exact: true }).inputValue(), 'flexibleRollout');
    assert.is(await form.getByLabel('Rollout').inputValue(), '100');
    await form.getByLabel('Rollout').fill('30');
    assert.is(await form.locator('output').first().innerText(), '30 %', 'the slider shows its value');
    await form.getByLabel('Stickiness', { exact: true }).selectOption('userId');
    await screenshot(page, 'flag-strategy-form');
    await assertAccessible(page, 'strategy form');
    await form.getByRole('button', { name: 'Save strategy' }).click();
    await savedNotice(page, 'Strategy');
    await page.locator('[data-environment="development"] .strategy', { hasText: '30 % rollout' }).waitFor();

    const strategies = environment(await stored('search', ROLLOUT_FLAG), 'development').strategies;
    assert.is(strategies.length, 1);
    assert.equal(
      { name: strategies[0]!.name, rollout: strategies[0]!.parameters['rollout'], stickiness: strategies[0]!.parameters['stickiness'] },
      { name: 'flexibleRollout', rollout: '30', stickiness: 'userId' },
    );

    const client = new Unleash({
      url: `${s.url()}/api/`,
      appName: 'ui-rollout-check',
      instanceId: 'ui-rollout-check-1',
      environment: 'development',
      customHeaders: { Authorization: CLIENT_KEY },
      refreshInterval: 60_000,
      disableMetrics: true,
    });
    try {
      await synchronized(client);
      const share = USERS.filter((userId) => client.isEnabled(ROLLOUT_FLAG, { userId })).length / USERS.length;
      console.log(`share of 10,000 users the SDK enables after the 30 % rollout set in the page: ${share}`);
      assert.ok(Math.abs(share - 0.3) <= 0.02, `share ${share}`);
    } finally {
      client.destroy();
    }

    // Tab B still shows the flag without the strategy: its write is refused and nothing is overwritten.
    await b.page.getByRole('button', { name: 'Add strategy in development' }).click();
    const formB = b.page.getByRole('form', { name: 'New strategy in development' });
    await formB.getByLabel('Strategy', { exact: true }).selectOption('default');
    await formB.getByRole('button', { name: 'Save strategy' }).click();
    await b.page.getByRole('alert').filter({ hasText: 'changed meanwhile' }).waitFor();
    assert.is(environment(await stored('search', ROLLOUT_FLAG), 'development').strategies.length, 1, 'tab B added nothing');
  },
);

s.test('constraints editor and segments picker: what the form saves is what the API stores, and the form reads it back', async () => {
  const { page } = await signedInTab();
  await openFlag(page, 'platform', 'maintenance-mode');
  await page.getByRole('button', { name: 'Add strategy in production' }).click();
  const form = page.getByRole('form', { name: 'New strategy in production' });
  await form.getByLabel('Strategy', { exact: true }).selectOption('default');
  const constraint = (n: number) => form.getByRole('group', { name: `Constraint ${n}` });
  for (let n = 1; n <= 3; n++) await form.getByRole('button', { name: 'Add constraint' }).click();
  await constraint(1).getByLabel('Context field').fill('email');
  await constraint(1).getByLabel('Operator').selectOption('STR_ENDS_WITH');
  await constraint(1).getByLabel('Values (one per line)').fill('.org\n.net');
  await constraint(1).getByLabel('Case-insensitive').check();
  await constraint(2).getByLabel('Context field').fill('appVersion');
  await constraint(2).getByLabel('Operator').selectOption('SEMVER_GT');
  await constraint(2).getByLabel('Value', { exact: true }).fill('1.10.0');
  await constraint(2).getByLabel('Inverted (NOT)').check();
  await constraint(3).getByLabel('Context field').fill('currentTime');
  await constraint(3).getByLabel('Operator').selectOption('DATE_AFTER');
  await constraint(3).getByLabel('Value', { exact: true }).fill('2030-01-01T00:00:00.000Z');
  const segments = form.getByRole('group', { name: 'Segments' });
  assert.is(await segments.getByLabel('mobile-only').count(), 0, "another project's segment is not offered");
  await segments.getByLabel('beta-testers').check();
  await screenshot(page, 'flag-constraints');
  await assertAccessible(page, 'constraints editor');
  await form.getByRole('button', { name: 'Save strategy' }).click();
  await savedNotice(page, 'Strategy');

  const expected: StoredConstraint[] = [
    { contextName: 'email', operator: 'STR_ENDS_WITH', caseInsensitive: true, inverted: false, values: ['.org', '.net'] },
    { contextName: 'appVersion', operator: 'SEMVER_GT', caseInsensitive: false, inverted: true, values: [], value: '1.10.0' },
    {
      contextName: 'currentTime',
      operator: 'DATE_AFTER',
      caseInsensitive: false,
      inverted: false,
      values: [],
      value: '2030-01-01T00:00:00.000Z',
    },
  ];
  let strategy = environment(await stored('platform', 'maintenance-mode'), 'production').strategies[0]!;
  assert.equal(strategy.constraints, expected);
  assert.equal(strategy.segments, [segmentId]);
  assert.ok(!strategy.segments.includes(otherProjectSegment));
  const summary = page.locator('[data-environment="production"] .strategy').first();
  assert.match(await summary.innerText(), 'email ends with .org, .net (any case)');
  assert.match(await summary.innerText(), 'appVersion NOT version greater than 1.10.0');
  assert.match(await summary.innerText(), 'Segments: beta-testers');

  // Read back from a fresh load: the edit form holds exactly what was stored.
  await page.reload();
  await page.getByRole('button', { name: 'Edit strategy Standard in production' }).click();
  const edit = page.getByRole('form', { name: 'Edit strategy Standard in production' });
  const editConstraint = (n: number) => edit.getByRole('group', { name: `Constraint ${n}` });
  assert.is(await edit.getByRole('group', { name: /^Constraint \d$/ }).count(), 3);
  assert.is(await editConstraint(1).getByLabel('Context field').inputValue(), 'email');
  assert.is(await editConstraint(1).getByLabel('Operator').inputValue(), 'STR_ENDS_WITH');
  assert.is(await editConstraint(1).getByLabel('Values (one per line)').inputValue(), '.org\n.net');
  assert.ok(await editConstraint(1).getByLabel('Case-insensitive').isChecked());
  assert.is(await editConstraint(2).getByLabel('Value', { exact: true }).inputValue(), '1.10.0');
  assert.ok(await editConstraint(2).getByLabel('Inverted (NOT)').isChecked());
  assert.is(await editConstraint(3).getByLabel('Operator').inputValue(), 'DATE_AFTER');
  assert.ok(await edit.getByRole('group', { name: 'Segments' }).getByLabel('beta-testers').isChecked());

  await editConstraint(2).getByLabel('Value', { exact: true }).fill('2.0.0');
  await editConstraint(3).getByRole('button', { name: 'Remove constraint 3' }).click();
  await edit.getByRole('group', { name: 'Segments' }).getByLabel('beta-testers').uncheck();
  await edit.getByRole('button', { name: 'Save strategy' }).click();
  await savedNotice(page, 'Strategy');
  strategy = environment(await stored('platform', 'maintenance-mode'), 'production').strategies[0]!;
  assert.equal(strategy.constraints, [expected[0], { ...expected[1], value: '2.0.0' }]);
  assert.equal(strategy.segments, []);

  // A constraint the API refuses (a list operator with no value): its message shows, nothing changes.
  const before = await stored('platform', 'maintenance-mode');
  await page.getByRole('button', { name: 'Edit strategy Standard in production' }).click();
  await edit.getByRole('group', { name: 'Constraint 1' }).getByLabel('Values (one per line)').fill('');
  await edit.getByRole('button', { name: 'Save strategy' }).click();
  await page.getByRole('alert').filter({ hasText: 'STR_ENDS_WITH needs at least one value' }).waitFor();
  assert.equal(await stored('platform', 'maintenance-mode'), before, 'the refused write changed nothing');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Delete asks twice, then the strategy is gone.
  await page.getByRole('button', { name: 'Delete strategy Standard in production' }).click();
  await page.getByRole('button', { name: 'Really delete Standard' }).click();
  await savedNotice(page, 'Strategy removal');
  assert.equal(environment(await stored('platform', 'maintenance-mode'), 'production').strategies, []);
});

s.test('a REGEX constraint: one pattern, case-insensitive, no inverted; stored as typed', async () => {
  const { page } = await signedInTab();
  await openFlag(page, 'platform', 'maintenance-mode');
  await page.getByRole('button', { name: 'Add strategy in production' }).click();
  const form = page.getByRole('form', { name: 'New strategy in production' });
  await form.getByLabel('Strategy', { exact: true }).selectOption('default');
  await form.getByRole('button', { name: 'Add constraint' }).click();
  const constraint = form.getByRole('group', { name: 'Constraint 1' });
  await constraint.getByLabel('Context field').fill('email');
  await constraint.getByLabel('Operator').selectOption('REGEX');
  assert.is(await constraint.getByLabel('Inverted (NOT)').count(), 0, 'the API refuses an inverted REGEX');
  await constraint.getByLabel('Value', { exact: true }).fill('^[a-z]+@example\\.org$');
  await constraint.getByLabel('Case-insensitive').check();
  await form.getByRole('button', { name: 'Save strategy' }).click();
  await savedNotice(page, 'Strategy');
  const strategy = environment(await stored('platform', 'maintenance-mode'), 'production').strategies[0]!;
  assert.equal(strategy.constraints, [
    { contextName: 'email', operator: 'REGEX', caseInsensitive: true, inverted: false, values: [], value: '^[a-z]+@example\\.org$' },
  ]);
  assert.match(
    await page.locator('[data-environment="production"] .strategy').first().innerText(),
    'email matches regex ^[a-z]+@example\\.org$ (any case)',
  );
});

s.test('variants: a live bar while editing; the weights, payload and overrides the API stores; the bar after saving', async () => {
  const { page } = await signedInTab();
  await openFlag(page, 'search', 'beta-filters');
  await page.getByRole('button', { name: 'Edit variants in production' }).click();
  const form = page.getByRole('form', { name: 'Variants in production' });
  const row = (n: number) => form.getByRole('group', { name: `Variant ${n}` });
  for (let n = 1; n <= 3; n++) await form.getByRole('button', { name: 'Add variant' }).click();
  await row(1).getByLabel('Name').fill('blue');
  await row(2).getByLabel('Name').fill('red');
  await row(2).getByLabel('Fixed weight').check();
  await row(2).getByLabel('Weight (%)').fill('30');
  await row(2).getByLabel('Payload', { exact: true }).selectOption('json');
  await row(2).getByLabel('Payload value').fill('{"color":"#f00"}');
  await row(3).getByLabel('Name').fill('green');
  await row(3).getByRole('button', { name: 'Add override' }).click();
  const override = row(3).getByRole('group', { name: 'Override 1' });
  await override.getByLabel('Context field').fill('userId');
  await override.getByLabel('Values (one per line)').fill('vip\nboss');
  await form.getByLabel('Variant stickiness').selectOption('userId');
  const widths = async () =>
    Object.fromEntries(
      await form
        .locator('svg.variant-bar rect')
        .evaluateAll((rects) => rects.map((r) => [r.getAttribute('data-variant'), Number(r.getAttribute('width'))])),
    );
  assert.equal(await widths(), { blue: 35, red: 30, green: 35 }, 'the bar shares what the fixed weight leaves');
  assert.is(await row(1).locator('output').innerText(), '35 %');
  await screenshot(page, 'flag-variants');
  await assertAccessible(page, 'variants editor');
  await form.getByRole('button', { name: 'Save variants' }).click();
  await savedNotice(page, 'Variants');

  const variants = environment(await stored('search', 'beta-filters'), 'production').variants;
  assert.equal(
    variants.map((v) => ({
      name: v.name,
      weight: v.weight,
      weightType: v.weightType,
      stickiness: v.stickiness,
      payload: v.payload,
      overrides: v.overrides,
    })),
    [
      { name: 'blue', weight: 350, weightType: 'variable', stickiness: 'userId', payload: undefined, overrides: [] },
      {
        name: 'green',
        weight: 350,
        weightType: 'variable',
        stickiness: 'userId',
        payload: undefined,
        overrides: [{ contextName: 'userId', values: ['vip', 'boss'] }],
      },
      {
        name: 'red',
        weight: 300,
        weightType: 'fix',
        stickiness: 'userId',
        payload: { type: 'json', value: '{"color":"#f00"}' },
        overrides: [],
      },
    ],
  );
  const bar = page.locator('[data-environment="production"] svg.variant-bar');
  assert.is(await bar.getAttribute('aria-label'), 'Variants: blue 35 %, green 35 %, red 30 %');
  const details = await page.locator('[data-environment="production"] .variant-details').innerText();
  assert.match(details, 'green · always for userId vip, boss');
  assert.match(details, 'red · payload json {"color":"#f00"}');
  const saved = Object.fromEntries(
    await bar.locator('rect').evaluateAll((rects) => rects.map((r) => [r.getAttribute('data-variant'), Number(r.getAttribute('width'))])),
  );
  assert.equal(saved, { blue: 35, green: 35, red: 30 });
  // The flag screen read anew (key in the session): strategies, the variant bar and the history all in the DOM.
  await page.reload();
  await page.locator('[data-environment="production"] svg.variant-bar').waitFor();
  await page.locator('[data-environment="production"] .strategy').first().waitFor();
  await page.locator('ol.events > li').first().waitFor();
  const firstRender = await page.evaluate(() => performance.now());
  console.log(`time to the first full render of a flag with strategies, variants and history (reload): ${firstRender.toFixed(0)} ms`);
  await screenshot(page, 'flag-configuration');
  await assertAccessible(page, 'flag with variants');
});

s.test("a strategy's own variants and a variant's overrides set through the API: shown, edited in the page, kept", async () => {
  const path = '/api/admin/projects/checkout/features/payment-provider-kill-switch';
  const production = `${path}/environments/production`;
  const [initial] = environment(await stored('checkout', 'payment-provider-kill-switch'), 'production').strategies;
  await s.apiSend('PUT', `${production}/strategies/${initial!.id}`, {
    name: 'flexibleRollout',
    parameters: { rollout: '50' },
    variants: [{ name: 'a' }, { name: 'b' }],
  });
  const overrides = [{ contextName: 'userId', values: ['vip'] }];
  await s.apiSend('PUT', `${production}/variants`, [{ name: 'x', overrides }, { name: 'y' }]);

  const { page } = await signedInTab();
  await openFlag(page, 'checkout', 'payment-provider-kill-switch');
  await page.getByRole('button', { name: 'Edit strategy Gradual rollout in production' }).click();
  const form = page.getByRole('form', { name: 'Edit strategy Gradual rollout in production' });
  await form.getByLabel('Rollout').fill('60');
  const strategyVariants = form.getByRole('group', { name: 'Strategy variants' });
  assert.is(await strategyVariants.getByRole('group', { name: 'Variant 1' }).getByLabel('Name').inputValue(), 'a');
  const b = strategyVariants.getByRole('group', { name: 'Variant 2' });
  assert.is(await b.getByLabel('Name').inputValue(), 'b');
  assert.is(await b.getByRole('button', { name: 'Add override' }).count(), 0, 'a strategy variant has no overrides');
  await b.getByLabel('Fixed weight').check();
  await b.getByLabel('Weight (%)').fill('20');
  await page.getByRole('button', { name: 'Save strategy' }).click();
  await savedNotice(page, 'Strategy');
  await page.getByRole('button', { name: 'Edit variants in production' }).click();
  const y = page.getByRole('form', { name: 'Variants in production' }).getByRole('group', { name: 'Variant 2' });
  await y.getByLabel('Fixed weight').check();
  await y.getByLabel('Weight (%)').fill('20');
  await page.getByRole('button', { name: 'Save variants' }).click();
  await savedNotice(page, 'Variants');

  const after = environment(await stored('checkout', 'payment-provider-kill-switch'), 'production');
  assert.is(after.strategies[0]!.parameters['rollout'], '60');
  assert.equal(
    after.strategies[0]!.variants.map((v) => ({ name: v.name, weight: v.weight })),
    [
      { name: 'a', weight: 800 },
      { name: 'b', weight: 200 },
    ],
  );
  assert.is(
    await page.locator('[data-environment="production"] .strategy svg.variant-bar').getAttribute('aria-label'),
    'Variants: a 80 %, b 20 %',
  );
  assert.equal(
    after.variants.map((v) => ({ name: v.name, weight: v.weight, overrides: v.overrides })),
    [
      { name: 'x', weight: 800, overrides },
      { name: 'y', weight: 200, overrides: [] },
    ],
  );
});

s.test('strategies are evaluated in order: moving one down in the page stores the new order', async () => {
  const strategies = '/api/admin/projects/mobile/features/dark-mode/environments/development/strategies';
  await s.apiSend('POST', strategies, { name: 'userWithId', title: 'Staff', parameters: { userIds: 'ada,grace' } });
  const before = environment(await stored('mobile', 'dark-mode'), 'development').strategies.map((x) => x.id);
  assert.ok(before.length >= 2, 'two strategies at least');
  const { page } = await signedInTab();
  await openFlag(page, 'mobile', 'dark-mode');
  const first = page.locator('[data-environment="development"] .strategy').first();
  await first.getByRole('button', { name: /^Move strategy .* down in development$/ }).click();
  await savedNotice(page, 'Strategy order');
  const after = environment(await stored('mobile', 'dark-mode'), 'development').strategies.map((x) => x.id);
  assert.equal(after, [before[1], before[0], ...before.slice(2)]);
  assert.is(await page.locator('[data-environment="development"] .strategy').nth(1).getAttribute('data-strategy-id'), before[0]!);
});

s.test("a viewer's strategy and variant saves show the API's message naming the missing permission, and change nothing", async () => {
  const before = await stored('mobile', 'dark-mode');
  const { page } = await signedInTab(viewerKey);
  await openFlag(page, 'mobile', 'dark-mode');
  await page.getByRole('button', { name: 'Add strategy in production' }).click();
  await page.getByRole('form', { name: 'New strategy in production' }).getByRole('button', { name: 'Save strategy' }).click();
  await page.getByRole('alert').filter({ hasText: 'You need the permission UPDATE_FEATURE' }).waitFor();
  await page.getByRole('button', { name: 'Edit variants in production' }).click();
  const variants = page.getByRole('form', { name: 'Variants in production' });
  await variants.getByRole('button', { name: 'Add variant' }).click();
  await variants.getByRole('group', { name: 'Variant 1' }).getByLabel('Name').fill('blocked');
  const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/environments/production/variants'));
  await page.getByRole('button', { name: 'Save variants' }).click();
  assert.is((await answer).status(), 403);
  await page.getByRole('alert').filter({ hasText: 'You need the permission UPDATE_FEATURE' }).waitFor();
  // The form stays open with what was typed, so nothing is lost.
  assert.is(await variants.getByRole('group', { name: 'Variant 1' }).getByLabel('Name').inputValue(), 'blocked');
  assert.equal(await stored('mobile', 'dark-mode'), before, 'nothing changed');
  await assertAccessible(page, 'permission message');
});

s.test('dependencies: add a parent from the same project, see it on both flags, remove it', async () => {
  const { page } = await signedInTab();
  await openFlag(page, 'checkout', 'one-click-pay');
  await page.getByLabel('Parent flag').selectOption('new-checkout-flow');
  await page.getByLabel('The parent must be').selectOption('true');
  await page.getByRole('button', { name: 'Add dependency' }).click();
  await savedNotice(page, 'Dependency');
  assert.equal((await stored('checkout', 'one-click-pay')).dependencies, [{ feature: 'new-checkout-flow', enabled: true, variants: [] }]);
  assert.equal((await stored('checkout', 'new-checkout-flow')).children, ['one-click-pay']);
  await page.getByRole('link', { name: 'new-checkout-flow', exact: true }).click();
  await page.getByText('Flags that depend on this one: one-click-pay.').waitFor();
  await assertAccessible(page, 'dependencies');

  await openFlag(page, 'checkout', 'one-click-pay');
  await page.getByRole('button', { name: 'Remove dependency on new-checkout-flow' }).click();
  await savedNotice(page, 'Dependency removal');
  assert.equal((await stored('checkout', 'one-click-pay')).dependencies, []);
});

s.run();
