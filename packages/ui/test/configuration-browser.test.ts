// The configuration screens in Debian's chromium against the spawned bin: environments (create, order,
// on/off, type, delete asked twice and its keys refused after), a project's environments (add, remove,
// default strategy that enabling then adds) and change-request settings, feature type lifetimes and the
// "potentially stale" they make on flags, segments (create, edit, delete refused while used, naming the
// use), creating a project, and what a viewer key is offered. axe-core on each screen.
// The demo data is written ten days in the past, so lifetimes shorter than that make flags potentially stale.
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startServer } from '@flagadmin/server';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

const TEN_DAYS_AGO = new Date(Date.now() - 10 * 86_400_000);

interface Env {
  name: string;
  type: string;
  enabled: boolean;
  sortOrder: number;
  visible?: boolean;
  defaultStrategy?: { name: string; parameters: Record<string, string> };
}

let viewerKey = '';

const s = browserSuite('configuration screens in chromium', {
  async prepare(dataDir) {
    const seeded = await startServer({ dataDir, port: 0, host: '127.0.0.1', demoAdminKey: false, now: () => TEN_DAYS_AGO });
    await seeded.close();
  },
  async setup(suite) {
    viewerKey = (
      await suite.apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', { tokenName: 'viewer', type: 'admin', role: 'viewer' })
    ).secret;
  },
});
const { signedInTab, apiGet, apiSend, assertAccessible } = s;

const environments = async () => (await apiGet<{ environments: Env[] }>('/api/admin/environments')).environments;
const projectEnvironment = async (projectId: string, name: string) =>
  (await apiGet<{ environments: Env[] }>(`/api/admin/environments/project/${projectId}`)).environments.find((e) => e.name === name);
const clientStatus = async (secret: string) =>
  (await fetch(`${s.url()}/api/client/features`, { headers: { authorization: secret } })).status;
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

s.test('environments: create, order, switch off, change the type, delete (its key refused after)', async () => {
  const { page } = await signedInTab();
  await nav(page, 'Environments');
  await page.getByRole('heading', { level: 1, name: 'Environments' }).waitFor();
  const row = (name: string) => page.locator(`tr[data-environment="${name}"]`);
  await row('production').waitFor();
  await assertAccessible(page, 'environments');

  await page.getByLabel('Name', { exact: true }).fill('staging');
  await page.getByLabel('Type', { exact: true }).fill('preproduction');
  await page.getByRole('button', { name: 'Create environment' }).click();
  await row('staging').filter({ hasText: 'preproduction' }).waitFor();
  const staging = (await environments()).find((e) => e.name === 'staging');
  assert.equal([staging?.type, staging?.enabled], ['preproduction', true]);
  const { secret } = await apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', {
    tokenName: 'staging-sdk',
    type: 'client',
    environment: 'staging',
  });
  assert.is(await clientStatus(secret), 200);

  await page.getByRole('button', { name: 'Move staging up' }).click();
  await status(page, 'Order: development, staging, production.');
  assert.equal(
    (await environments()).map((e) => e.name),
    ['development', 'staging', 'production'],
    'the API lists the new order',
  );
  await page.locator('tbody tr:nth-child(2)[data-environment="staging"]').waitFor();

  await page.getByRole('switch', { name: 'staging enabled' }).click();
  await page.locator('[role="switch"][aria-label="staging enabled"][aria-checked="false"]').waitFor();
  assert.is((await environments()).find((e) => e.name === 'staging')?.enabled, false);

  await page.getByRole('button', { name: 'Change type of staging' }).click();
  await page.getByLabel('Type of staging', { exact: true }).fill('test');
  await assertAccessible(page, 'environments, changing a type');
  await page.getByRole('button', { name: 'Save type' }).click();
  await row('staging').filter({ hasText: 'test' }).waitFor();
  assert.is((await environments()).find((e) => e.name === 'staging')?.type, 'test');
  await screenshot(page, 'environments');

  await page.getByRole('button', { name: 'Delete staging' }).click();
  await page.getByText('its API keys and change-request settings stop working at once').waitFor();
  await assertAccessible(page, 'environments, delete asked');
  await page.getByRole('button', { name: 'Keep it' }).click();
  assert.ok(
    (await environments()).some((e) => e.name === 'staging'),
    'kept',
  );
  await page.getByRole('button', { name: 'Delete staging' }).click();
  await page.getByRole('button', { name: 'Yes, delete staging' }).click();
  await row('staging').waitFor({ state: 'detached' });
  assert.not.ok(
    (await environments()).some((e) => e.name === 'staging'),
    'deleted',
  );
  assert.is(await clientStatus(secret), 401, "the deleted environment's key is refused");
});

s.test("a project's environments, default strategy and change-request settings", async () => {
  await apiSend('POST', '/api/admin/environments', { name: 'qa', type: 'test' });
  const { page } = await signedInTab();
  await page.goto(`${s.url()}/#/projects/mobile`);
  await page.getByRole('link', { name: /^Settings/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Settings of mobile' }).waitFor();
  const row = (name: string) => page.locator(`section[aria-labelledby="project-envs-heading"] tr[data-environment="${name}"]`);
  await row('qa').filter({ hasText: 'not used' }).waitFor();
  await assertAccessible(page, 'project settings');

  await page.getByRole('button', { name: 'Add qa to the project' }).click();
  await page.getByRole('button', { name: 'Remove qa from the project' }).waitFor();
  assert.is((await projectEnvironment('mobile', 'qa'))?.visible, true);
  await page.getByRole('button', { name: 'Remove qa from the project' }).click();
  await page.getByText("Its flags' configuration there is kept and comes back, switched off, when it is added again.").waitFor();
  await page.getByRole('button', { name: 'Yes, remove qa' }).click();
  await row('qa').filter({ hasText: 'not used' }).waitFor();
  assert.is((await projectEnvironment('mobile', 'qa'))?.visible, false);

  // The default strategy of production: enabling a flag with no strategy there adds it.
  await page.getByRole('button', { name: 'Edit default strategy of production' }).click();
  const form = page.getByRole('form', { name: 'Default strategy in production' });
  const kinds = await form
    .getByLabel('Strategy', { exact: true })
    .locator('option')
    .evaluateAll((o) => o.map((x) => x.getAttribute('value')));
  assert.equal(kinds, ['flexibleRollout'], 'a default strategy is a gradual rollout (as the API takes)');
  await form.getByLabel('Rollout').fill('40');
  await form.getByLabel('Stickiness', { exact: true }).selectOption('userId');
  await assertAccessible(page, 'project settings, default strategy form');
  await form.getByRole('button', { name: 'Save strategy' }).click();
  await status(page, 'Default strategy of production saved.');
  await row('production').filter({ hasText: '40 % rollout' }).waitFor();
  const stored = (await projectEnvironment('mobile', 'production'))?.defaultStrategy;
  assert.equal([stored?.name, stored?.parameters['rollout'], stored?.parameters['stickiness']], ['flexibleRollout', '40', 'userId']);
  const flag = '/api/admin/projects/mobile/features/dark-mode';
  type Flag = { environments: { name: string; strategies: { name: string; parameters: Record<string, string> }[] }[] };
  const production = async () => (await apiGet<Flag>(flag)).environments.find((e) => e.name === 'production')!;
  assert.is((await production()).strategies.length, 0, 'no strategy before');
  await apiSend('POST', `${flag}/environments/production/on`);
  const added = (await production()).strategies[0]!;
  assert.equal(
    [added.name, added.parameters['rollout'], added.parameters['stickiness'], added.parameters['groupId']],
    ['flexibleRollout', '40', 'userId', 'dark-mode'],
    'enabling added the default strategy',
  );

  // Change requests in production, two approvals.
  await page.getByLabel('Change requests in production').check();
  await page.getByLabel('Approvals needed in production').fill('2');
  await page.getByRole('button', { name: 'Save change requests of production' }).click();
  await status(page, 'Change requests in production: on, 2 approval(s).');
  const config = await apiGet<{ environment: string; changeRequestEnabled: boolean; requiredApprovals: number }[]>(
    '/api/admin/projects/mobile/change-requests/config',
  );
  const prod = config.find((c) => c.environment === 'production');
  assert.equal([prod?.changeRequestEnabled, prod?.requiredApprovals], [true, 2]);
  assert.ok(await page.getByLabel('Change requests in production').isChecked(), 'read back checked');
  await screenshot(page, 'project-settings');
  await assertAccessible(page, 'project settings after saves');
});

s.test('feature type lifetimes make flags potentially stale on the project and flag screens', async () => {
  const { page } = await signedInTab();
  const flagRow = (name: string) => page.locator(`tr[data-flag="${name}"]`);
  await page.goto(`${s.url()}/#/projects/search`);
  await flagRow('search-cache-ttl').filter({ hasText: 'potentially stale' }).waitFor();
  await page.goto(`${s.url()}/#/projects/checkout`);
  await flagRow('new-checkout-flow').waitFor();
  assert.not.ok((await flagRow('new-checkout-flow').innerText()).includes('potentially stale'), 'a release lives 40 days');

  await nav(page, 'Feature types');
  await page.getByRole('heading', { level: 1, name: 'Feature types' }).waitFor();
  const release = page.locator('tr[data-type="release"]');
  await release.filter({ hasText: '40 days' }).waitFor();
  await assertAccessible(page, 'feature types');
  await page.getByLabel('Lifetime of Release in days').fill('5');
  await page.getByRole('button', { name: 'Save lifetime of Release' }).click();
  await release.filter({ hasText: '5 days' }).waitFor();
  type Types = { types: { id: string; lifetimeDays: number | null }[] };
  assert.is((await apiGet<Types>('/api/admin/feature-types')).types.find((t) => t.id === 'release')?.lifetimeDays, 5);
  await screenshot(page, 'feature-types');

  await page.goto(`${s.url()}/#/projects/checkout`);
  await flagRow('new-checkout-flow').filter({ hasText: 'potentially stale' }).waitFor();
  assert.not.ok((await flagRow('legacy-cart').innerText()).includes('potentially stale'), 'a stale flag is not also potentially stale');
  await page.goto(`${s.url()}/#/projects/checkout/features/new-checkout-flow`);
  await page.locator('dl.facts').getByText('potentially stale').waitFor();
  await screenshot(page, 'flag-potentially-stale');
  await assertAccessible(page, 'a potentially stale flag');

  await nav(page, 'Feature types');
  await page.getByLabel('Lifetime of Release in days').fill('0');
  await page.getByRole('button', { name: 'Save lifetime of Release' }).click();
  await release.filter({ hasText: 'never' }).waitFor();
  assert.is((await apiGet<Types>('/api/admin/feature-types')).types.find((t) => t.id === 'release')?.lifetimeDays, null);
});

s.test('segments: create, edit, delete refused while a strategy uses it (naming it), then deleted', async () => {
  const { page } = await signedInTab();
  await nav(page, 'Segments');
  await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
  const create = page.getByRole('form', { name: 'Create a segment' });
  await create.getByLabel('Segment name').fill('beta-users');
  await create.getByLabel('Description (optional)').fill('Beta testers');
  await create.getByRole('button', { name: 'Add constraint' }).click();
  await create.getByLabel('Values (one per line)').fill('u1\nu2');
  await assertAccessible(page, 'segments, creating');
  await create.getByRole('button', { name: 'Save segment' }).click();
  const row = page.locator('tr[data-segment="beta-users"]');
  await row.filter({ hasText: 'Beta testers' }).waitFor();
  type Stored = { id: number; name: string; description: string | null; project: string | null; constraints: unknown[] };
  const segment = async () => (await apiGet<{ segments: Stored[] }>('/api/admin/segments')).segments.find((x) => x.name === 'beta-users');
  const created = (await segment())!;
  assert.equal(
    [created.description, created.project, created.constraints],
    ['Beta testers', null, [{ contextName: 'userId', operator: 'IN', caseInsensitive: false, inverted: false, values: ['u1', 'u2'] }]],
  );

  await page.getByRole('button', { name: 'Edit beta-users' }).click();
  const edit = page.getByRole('form', { name: 'Edit segment beta-users' });
  assert.is(await edit.getByLabel('Values (one per line)').inputValue(), 'u1\nu2', 'the form reads the segment back');
  await edit.getByLabel('Description (optional)').fill('Beta testers, wave 2');
  await edit.getByLabel('Values (one per line)').fill('u1\nu2\nu3');
  await edit.getByLabel('Project').selectOption('mobile');
  await edit.getByRole('button', { name: 'Save segment' }).click();
  await row.filter({ hasText: 'wave 2' }).waitFor();
  const edited = (await segment())!;
  assert.equal(
    [edited.description, edited.project, edited.constraints],
    [
      'Beta testers, wave 2',
      'mobile',
      [{ contextName: 'userId', operator: 'IN', caseInsensitive: false, inverted: false, values: ['u1', 'u2', 'u3'] }],
    ],
  );
  await screenshot(page, 'segments');

  const strategies = '/api/admin/projects/mobile/features/dark-mode/environments/development/strategies';
  const strategy = await apiSend<{ id: string }>('POST', strategies, { name: 'default', segments: [created.id] });
  await page.getByRole('button', { name: 'Delete beta-users' }).click();
  await page.getByRole('button', { name: 'Yes, delete beta-users' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'is used by strategies' });
  await refused.waitFor();
  assert.ok((await refused.innerText()).includes('dark-mode'), 'the refusal names the flag using it');
  assert.ok(await segment(), 'still there');
  await assertAccessible(page, 'segments, delete refused');

  await apiSend('DELETE', `${strategies}/${strategy.id}`);
  await page.getByRole('button', { name: 'Yes, delete beta-users' }).click();
  await row.waitFor({ state: 'detached' });
  assert.is(await segment(), undefined, 'deleted');
});

s.test('create a project from the projects screen; a taken id shows the API message', async () => {
  const { page } = await signedInTab();
  await page.getByLabel('Project id').fill('payments');
  await page.getByLabel('Project name').fill('Payments');
  await page.getByLabel('Description (optional)').fill('Cards and wallets');
  await assertAccessible(page, 'projects with the create form');
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.getByRole('link', { name: 'Payments' }).waitFor();
  type Listed = { projects: { id: string; name: string; description?: string }[] };
  const stored = (await apiGet<Listed>('/api/admin/projects')).projects.find((p) => p.id === 'payments');
  assert.equal([stored?.name, stored?.description], ['Payments', 'Cards and wallets']);
  await screenshot(page, 'project-created');

  await page.getByLabel('Project id').fill('payments');
  await page.getByLabel('Project name').fill('Payments again');
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.getByRole('alert').waitFor();
  assert.is((await apiGet<Listed>('/api/admin/projects')).projects.filter((p) => p.id === 'payments').length, 1);
});

s.test('a viewer key reads the configuration and is offered no change', async () => {
  const { page } = await signedInTab(viewerKey);
  assert.is(await page.getByRole('button', { name: 'Create project' }).count(), 0);
  await nav(page, 'Environments');
  await page.getByRole('status').filter({ hasText: 'Only admin keys change environments' }).waitFor();
  await page.locator('tr[data-environment="production"]').waitFor();
  assert.is(await page.getByRole('button', { name: 'Create environment' }).count(), 0);
  assert.is(await page.getByRole('switch').count(), 0);
  await assertAccessible(page, 'environments as a viewer');
  await nav(page, 'Feature types');
  await page.locator('tr[data-type="release"]').waitFor();
  assert.is(await page.getByRole('spinbutton').count(), 0);
  await nav(page, 'Segments');
  await page.getByRole('status').filter({ hasText: 'Only editor and admin keys change segments' }).waitFor();
  assert.is(await page.getByRole('button', { name: 'Save segment' }).count(), 0);
  await page.goto(`${s.url()}/#/projects/mobile/settings`);
  await page.locator('tr[data-environment="production"]').first().waitFor();
  assert.is(await page.getByRole('button', { name: /default strategy|Remove|Add/ }).count(), 0);
  await assertAccessible(page, 'project settings as a viewer');
});

s.run();
