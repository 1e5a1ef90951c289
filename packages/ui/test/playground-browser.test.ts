// The playground and CORS origins screens in Debian's chromium against the spawned bin: a context in
// (environments, projects, fields, property rows), each flag on or off with its variant out, the reasons
// strategy by strategy and constraint by constraint, several contexts from a value with commas; the
// frontend API's origins read, saved (then answered to a browser's preflight) and a bad one refused.
// axe-core on each state.
import * as assert from 'uvu/assert';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

const FLAG = '/api/admin/projects/default/features/pg-flag';

const s = browserSuite('playground and CORS origins in chromium', {
  async setup(suite) {
    await suite.apiSend('POST', '/api/admin/context', { name: 'plan' });
    await suite.apiSend('POST', '/api/admin/projects/default/features', { name: 'pg-flag' });
    await suite.apiSend('POST', `${FLAG}/environments/development/strategies`, {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: 'pg-flag' },
      constraints: [
        { contextName: 'userId', operator: 'IN', values: ['alice'] },
        { contextName: 'plan', operator: 'IN', values: ['pro'] },
      ],
      variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    });
    await suite.apiSend('POST', `${FLAG}/environments/development/on`);
  },
});
const { signedInTab, apiGet, assertAccessible } = s;

s.test('a context in, each flag on or off with its variant and reasons out', async () => {
  const { page } = await signedInTab();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }).click();
  await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor();
  const form = page.getByRole('form', { name: 'Context' });
  await form.getByRole('group', { name: 'Environments' }).getByLabel('development').waitFor();
  await assertAccessible(page, 'playground');

  await form.getByRole('group', { name: 'Environments' }).getByLabel('production').uncheck();
  await form
    .getByRole('group', { name: /^Projects/ })
    .getByLabel('default', { exact: true })
    .check();
  await form.getByLabel('userId').fill('alice');
  await form.getByRole('button', { name: 'Add property' }).click();
  await form.getByLabel('Property 1 name').fill('plan');
  await form.getByLabel('Property 1 value').fill('pro');
  await form.getByRole('button', { name: 'Evaluate' }).click();

  const table = page.getByRole('table', { name: 'Playground answers' });
  const row = table.locator('tr[data-flag="pg-flag"][data-environment="development"]');
  await row.filter({ hasText: 'blue' }).waitFor();
  assert.is(await table.locator('tr[data-environment="production"]').count(), 0, 'only the chosen environment');
  assert.is(await row.locator('.badge').textContent(), 'on');
  await row.getByText('Why').click();
  const strategy = row.locator('li[data-strategy="flexibleRollout"]');
  assert.match((await strategy.textContent()) ?? '', /flexibleRollout: on/);
  assert.is(await strategy.locator('li[data-result="true"]').count(), 2, 'both constraints hold');
  await screenshot(page, 'playground');
  await assertAccessible(page, 'playground answers');

  // Another user: off, and the constraint on userId is the one that fails.
  await form.getByLabel('userId').fill('bob');
  await form.getByRole('button', { name: 'Evaluate' }).click();
  await row.locator('.badge', { hasText: 'off' }).waitFor();
  await row.getByText('Why').click();
  const failing = row.locator('li[data-result="false"]');
  assert.is(await failing.count(), 1);
  assert.match((await failing.textContent()) ?? '', /userId .*alice.*fails/);

  // A value with commas: one row per context, the context shown.
  await form.getByLabel('userId').fill('alice,bob');
  await form.getByRole('button', { name: 'Evaluate' }).click();
  await table.getByRole('columnheader', { name: 'Context' }).waitFor();
  const rows = table.locator('tr[data-flag="pg-flag"]');
  assert.equal((await rows.locator('td.small').allTextContents()).sort(), ['userId=alice, plan=pro', 'userId=bob, plan=pro']);
  assert.equal((await rows.locator('.badge').allTextContents()).sort(), ['off', 'on']);
  await assertAccessible(page, 'playground with several contexts');
});

s.test('CORS origins read, saved (a browser preflight then allowed), a bad origin refused', async () => {
  const { page } = await signedInTab();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CORS origins' }).click();
  await page.getByRole('heading', { level: 1, name: 'CORS origins' }).waitFor();
  await page.getByText('Any origin may call them.').waitFor();
  await assertAccessible(page, 'CORS origins');

  const field = page.getByRole('textbox', { name: /^Allowed origins/ });
  await field.fill('https://app.example.com\n\nhttps://app.example.com');
  await page.getByRole('button', { name: 'Save origins' }).click();
  await page.getByRole('status').filter({ hasText: 'Origins saved.' }).waitFor();
  await page.getByText('Allowed: https://app.example.com.').waitFor();
  assert.equal((await apiGet<{ frontendApiOrigins: string[] }>('/api/admin/ui-config')).frontendApiOrigins, ['https://app.example.com']);
  const preflight = (origin: string) =>
    fetch(`${s.url()}/api/frontend`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
  assert.is((await preflight('https://app.example.com')).headers.get('access-control-allow-origin'), 'https://app.example.com');
  assert.is((await preflight('https://other.example.com')).headers.get('access-control-allow-origin'), null);

  await field.fill('https://app.example.com/path');
  await page.getByRole('button', { name: 'Save origins' }).click();
  await page.getByRole('alert').filter({ hasText: 'https://app.example.com/path' }).waitFor();
  await assertAccessible(page, 'a refused origin');
  assert.equal((await apiGet<{ frontendApiOrigins: string[] }>('/api/admin/ui-config')).frontendApiOrigins, ['https://app.example.com']);

  await field.fill('');
  await page.getByRole('button', { name: 'Save origins' }).click();
  await page.getByText('Any origin may call them.').waitFor();
  assert.equal((await apiGet<{ frontendApiOrigins: string[] }>('/api/admin/ui-config')).frontendApiOrigins, []);
});

s.run();
