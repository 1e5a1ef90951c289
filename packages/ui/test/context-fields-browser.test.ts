// The context fields screen in Debian's chromium against the spawned bin: the built-ins listed, a field
// created with legal values, its values changed, the constraint editor offering the field and its legal
// values, a deletion refused while a strategy uses it (the API's 409 shown), then done. axe-core on each state.
import * as assert from 'uvu/assert';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

interface StoredField {
  name: string;
  legalValues: { value: string; description?: string }[];
  stickiness: boolean;
}

const s = browserSuite('context fields in chromium');
const { signedInTab, apiGet, apiSend, assertAccessible } = s;

const field = (name: string) => apiGet<StoredField>(`/api/admin/context/${name}`);

s.test('list, create with legal values, edit, offer in the constraint editor, delete refused while used', async () => {
  const { page } = await signedInTab();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Context fields' }).click();
  await page.getByRole('heading', { level: 1, name: 'Context fields' }).waitFor();
  const table = page.getByRole('table', { name: 'Context fields' });
  for (const name of ['appName', 'userId', 'currentTime']) await table.getByRole('rowheader', { name, exact: true }).waitFor();
  await assertAccessible(page, 'context fields');

  await page.getByLabel('Name', { exact: true }).fill('plan');
  await page.getByLabel('Description', { exact: true }).fill('Subscription plan');
  await page.getByLabel('Legal values (one per line; none: any value)').fill('free\npro');
  await page.getByLabel('Usable as stickiness').check();
  await page.getByRole('button', { name: 'Create context field' }).click();
  await table.getByRole('rowheader', { name: 'plan', exact: true }).waitFor();
  assert.equal(await field('plan'), { ...(await field('plan')), legalValues: [{ value: 'free' }, { value: 'pro' }], stickiness: true });

  await page.getByRole('button', { name: 'Edit plan' }).click();
  const editor = page.getByRole('region', { name: 'Edit plan' });
  await editor.getByLabel('Legal value', { exact: true }).fill('team');
  await editor.getByLabel('Its description').fill('Several seats');
  await editor.getByRole('button', { name: 'Add legal value' }).click();
  await editor.getByRole('button', { name: 'Remove legal value team' }).waitFor();
  await editor.getByRole('button', { name: 'Remove legal value free' }).click();
  await page.locator('tr[data-field="plan"]').filter({ hasText: 'pro, team' }).waitFor();
  assert.equal((await field('plan')).legalValues, [{ value: 'pro' }, { value: 'team', description: 'Several seats' }]);
  await screenshot(page, 'context-fields');
  await assertAccessible(page, 'context field editor');

  // The constraint editor of a flag offers the field and its legal values.
  await page.goto(`${s.url()}/#/projects/checkout/features/new-checkout-flow`);
  await page.getByRole('heading', { level: 2, name: 'Environments' }).waitFor();
  await page.getByRole('button', { name: 'Add strategy in development' }).click();
  const form = page.getByRole('form', { name: 'New strategy in development' });
  await form.getByLabel('Strategy', { exact: true }).selectOption('default');
  await form.getByRole('button', { name: 'Add constraint' }).click();
  const constraint = form.getByRole('group', { name: 'Constraint 1' });
  assert.ok((await form.locator('datalist option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).includes('plan'));
  await constraint.getByLabel('Context field').fill('plan');
  const values = constraint.getByRole('group', { name: 'Values (the legal values of plan)' });
  await values.getByLabel('team').check();
  await assertAccessible(page, 'constraint editor with legal values');
  await form.getByRole('button', { name: 'Save strategy' }).click();
  await page.getByRole('status').filter({ hasText: 'Strategy saved.' }).waitFor();
  const flag = await apiGet<{
    environments: { name: string; strategies: { id: string; constraints: { contextName: string; values: string[] }[] }[] }[];
  }>('/api/admin/projects/checkout/features/new-checkout-flow');
  const strategy = flag.environments
    .find((e) => e.name === 'development')!
    .strategies.find((x) => x.constraints[0]?.contextName === 'plan')!;
  assert.equal(strategy.constraints[0]!.values, ['team']);

  // Deleting it while the strategy uses it: the API's 409 is shown, the field stays.
  await page.goto(`${s.url()}/#/context-fields`);
  await page.getByRole('button', { name: 'Edit plan' }).click();
  await page.getByRole('button', { name: 'Delete plan' }).click();
  await page.getByRole('button', { name: 'Yes, delete plan' }).click();
  await page.getByRole('alert').filter({ hasText: 'new-checkout-flow' }).waitFor();
  await assertAccessible(page, 'a refused deletion');
  assert.is((await field('plan')).name, 'plan');

  await apiSend('DELETE', `/api/admin/projects/checkout/features/new-checkout-flow/environments/development/strategies/${strategy.id}`);
  await page.getByRole('button', { name: 'Yes, delete plan' }).click();
  await page.getByRole('rowheader', { name: 'plan', exact: true }).waitFor({ state: 'detached' });
  const res = await fetch(`${s.url()}/api/admin/context/plan`, { headers: { authorization: s.adminKey } });
  assert.is(res.status, 404);
});

s.run();
