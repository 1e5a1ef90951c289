// The strategies screen in Debian's chromium against the spawned bin: the built-ins listed, a custom
// strategy defined with a parameter of each type, the strategy form of a flag offering it with one input
// per type, the definition edited, deprecated (no longer offered) and reactivated, and its deletion
// refused while a flag uses it (the API's 409 shown), then done. axe-core on each state.
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

interface Definition {
  name: string;
  title: string | null;
  description: string | null;
  deprecated: boolean;
  parameters: { name: string; type: string; description: string; required: boolean }[];
}
interface Flag {
  environments: { name: string; strategies: { id: string; name: string; parameters: Record<string, string> }[] }[];
}

const s = browserSuite('strategies in chromium');
const { signedInTab, apiGet, apiSend, assertAccessible } = s;

const FLAG = '/api/admin/projects/checkout/features/new-checkout-flow';
const definition = (name: string) => apiGet<Definition>(`/api/admin/strategies/${name}`);
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();
const openStrategyForm = async (page: Page) => {
  await page.goto(`${s.url()}/#/projects/checkout/features/new-checkout-flow`);
  await page.getByRole('heading', { level: 2, name: 'Environments' }).waitFor();
  await page.getByRole('button', { name: 'Add strategy in development' }).click();
  return page.getByRole('form', { name: 'New strategy in development' });
};
const offered = async (page: Page) => {
  const form = await openStrategyForm(page);
  return form
    .getByLabel('Strategy', { exact: true })
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
};

s.test('list, define with typed parameters, use in a flag, edit, deprecate, reactivate, delete refused while used', async () => {
  const { page } = await signedInTab();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Strategies' }).click();
  await page.getByRole('heading', { level: 1, name: 'Strategies' }).waitFor();
  const table = page.getByRole('table', { name: 'Strategies' });
  for (const name of ['Gradual rollout', 'Standard', 'IPs', 'Hosts']) await table.getByRole('rowheader', { name }).waitFor();
  await assertAccessible(page, 'strategies');

  // Define one with a parameter of each type.
  const create = page.getByRole('form', { name: 'Define a custom strategy' });
  await create.getByLabel('Strategy name').fill('region-gate');
  await create.getByLabel('Title (optional)').fill('Region gate');
  await create.getByLabel('Description (optional)').fill('On in some regions');
  const parameters = [
    { name: 'regions', type: 'list', description: 'Region codes', required: true },
    { name: 'share', type: 'percentage', description: 'Share of users', required: false },
    { name: 'limit', type: 'number', description: '', required: false },
    { name: 'beta', type: 'boolean', description: 'Beta users only', required: false },
    { name: 'note', type: 'string', description: '', required: false },
  ];
  for (const [i, p] of parameters.entries()) {
    await create.getByRole('button', { name: 'Add parameter' }).click();
    const row = create.getByRole('group', { name: `Parameter ${i + 1}` });
    await row.getByLabel('Parameter name').fill(p.name);
    await row.getByLabel('Type', { exact: true }).selectOption(p.type);
    await row.getByLabel('Its description').fill(p.description);
    if (p.required) await row.getByLabel('Required').check();
  }
  await assertAccessible(page, 'a custom strategy being defined');
  await create.getByRole('button', { name: 'Create strategy' }).click();
  await status(page, 'Strategy region-gate created.');
  await table.getByRole('rowheader', { name: /Region gate/ }).waitFor();
  const stored = await definition('region-gate');
  assert.equal([stored.title, stored.description, stored.parameters], ['Region gate', 'On in some regions', parameters]);
  await screenshot(page, 'strategies');

  // A flag's strategy form offers it, with an input per parameter type.
  const form = await openStrategyForm(page);
  await form.getByLabel('Strategy', { exact: true }).selectOption('region-gate');
  await form.getByLabel('regions: Region codes (comma-separated)').fill('eu, us');
  await form.getByLabel('share: Share of users').fill('30');
  await form.getByLabel('limit', { exact: true }).fill('2.5');
  await form.getByLabel('beta: Beta users only').check();
  await assertAccessible(page, 'the strategy form with a custom strategy');
  await form.getByRole('button', { name: 'Save strategy' }).click();
  await status(page, 'Strategy saved.');
  const used = (await apiGet<Flag>(FLAG)).environments
    .find((e) => e.name === 'development')!
    .strategies.find((x) => x.name === 'region-gate')!;
  assert.equal(used.parameters, { regions: 'eu, us', share: '30', limit: '2.5', beta: 'true', note: '' });

  // Edit: a parameter less, a new description.
  await page.goto(`${s.url()}/#/strategies`);
  await page.getByRole('button', { name: 'Edit region-gate' }).click();
  const edit = page.getByRole('form', { name: 'Edit strategy region-gate' });
  await edit.getByLabel('Description (optional)').fill('On in the listed regions');
  await edit.getByRole('button', { name: 'Remove parameter 5' }).click();
  await edit.getByRole('button', { name: 'Save strategy' }).click();
  await status(page, 'Strategy region-gate saved.');
  const edited = await definition('region-gate');
  assert.equal(
    [edited.description, edited.parameters.map((p) => p.name)],
    ['On in the listed regions', ['regions', 'share', 'limit', 'beta']],
  );

  // Deprecated: listed so, and no longer offered to a new strategy; then reactivated.
  await page.getByRole('button', { name: 'Deprecate region-gate' }).click();
  await status(page, 'Strategy region-gate deprecated.');
  await page.locator('tr[data-strategy="region-gate"]').filter({ hasText: 'Deprecated' }).waitFor();
  await assertAccessible(page, 'a deprecated strategy');
  assert.is((await definition('region-gate')).deprecated, true);
  assert.not.ok((await offered(page)).includes('region-gate'), 'a deprecated strategy is not offered');
  await page.goto(`${s.url()}/#/strategies`);
  await page.getByRole('button', { name: 'Reactivate region-gate' }).click();
  await status(page, 'Strategy region-gate reactivated.');
  assert.is((await definition('region-gate')).deprecated, false);
  // Offered again: the form reads the definitions when it opens, so wait for the option (a timeout fails the test).
  const reopened = await openStrategyForm(page);
  await reopened.getByLabel('Strategy', { exact: true }).locator('option[value="region-gate"]').waitFor({ state: 'attached' });

  // Deleting it while the flag uses it: the API's 409 is shown, the strategy stays.
  await page.goto(`${s.url()}/#/strategies`);
  await page.getByRole('button', { name: 'Delete region-gate' }).click();
  await page.getByRole('button', { name: 'Yes, delete region-gate' }).click();
  await page.getByRole('alert').filter({ hasText: 'new-checkout-flow' }).waitFor();
  await assertAccessible(page, 'a refused deletion');
  assert.is((await definition('region-gate')).name, 'region-gate');
  await apiSend('DELETE', `${FLAG}/environments/development/strategies/${used.id}`);
  await page.getByRole('button', { name: 'Yes, delete region-gate' }).click();
  await status(page, 'Strategy region-gate deleted.');
  await page.locator('tr[data-strategy="region-gate"]').waitFor({ state: 'detached' });
  const res = await fetch(`${s.url()}/api/admin/strategies/region-gate`, { headers: { authorization: s.adminKey } });
  assert.is(res.status, 404);
  // Built-ins cannot be edited or deleted: no such buttons.
  assert.is(await page.getByRole('button', { name: 'Edit flexibleRollout' }).count(), 0);
  assert.is(await page.getByRole('button', { name: 'Delete flexibleRollout' }).count(), 0);
});

s.run();
