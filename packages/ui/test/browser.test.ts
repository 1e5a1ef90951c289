// The admin page in Debian's chromium against the spawned bin with its demo data.
import * as assert from 'uvu/assert';
import { randomSecret } from '../../../test/helpers/bin';
import { screenshot, signIn } from './browser';
import { browserSuite } from './browser-suite';

const XSS = '<img src=x onerror=alert(1)>';
let viewerKey: string;
const s = browserSuite('admin page in chromium', {
  async setup(suite) {
    const created = await suite.apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', {
      tokenName: 'viewer',
      type: 'admin',
      role: 'viewer',
    });
    viewerKey = created.secret;
  },
});
const { tab, signedInTab, apiGet, assertAccessible } = s;
const ADMIN_KEY = s.adminKey;
const browserTest = s.test;

browserTest('sign in, see every project with its health; time to the first full render', async () => {
  const { page } = await tab();
  await page.goto(`${s.url()}/`);
  await screenshot(page, 'sign-in');
  await assertAccessible(page, 'sign-in');
  await signIn(page, s.url(), ADMIN_KEY);
  const { projects } = await apiGet<{ projects: { name: string }[] }>('/api/admin/projects');
  await page.reload();
  await page.waitForFunction((n) => document.querySelectorAll('table.projects tbody tr').length === n, projects.length);
  const firstRender = await page.evaluate(() => performance.now());
  console.log(`time to the first full render of the projects (reload, key in session): ${firstRender.toFixed(0)} ms`);
  for (const p of projects) await page.getByRole('link', { name: p.name, exact: true }).waitFor();
  assert.is(await page.locator('svg.health-bar').count(), projects.length, 'one health chart per project');
  assert.match(await page.getByTestId('projects-summary').innerText(), `${projects.length} projects`);
  assert.not.match(page.url(), ADMIN_KEY.slice(4), 'the key is not in the URL');
  await screenshot(page, 'projects');
  await assertAccessible(page, 'projects');
});

browserTest('toggle a flag on a project, then see the event and its diff in the flag history', async () => {
  const { page } = await signedInTab();
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  const toggle = page.getByRole('switch', { name: 'one-click-pay in production' });
  assert.is(await toggle.getAttribute('aria-checked'), 'false');
  await screenshot(page, 'project');
  await assertAccessible(page, 'project');
  await toggle.click();
  await page.waitForSelector('[role=switch][aria-label="one-click-pay in production"][aria-checked="true"]');
  const stored = await apiGet<{ environments: { name: string; enabled: boolean }[] }>(
    '/api/admin/projects/checkout/features/one-click-pay',
  );
  assert.is(stored.environments.find((e) => e.name === 'production')?.enabled, true, 'the API has the change');

  await page.getByRole('link', { name: 'one-click-pay', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'History' }).waitFor();
  const latest = page.locator('ol.events > li').first();
  await latest.locator('.event-type', { hasText: 'feature-environment-enabled' }).waitFor();
  assert.match(await latest.innerText(), 'production');
  await latest.getByText('Changes').click();
  const row = latest.locator('tr', { hasText: 'environments[production].enabled' });
  assert.is(await row.locator('.diff-before').innerText(), 'false');
  assert.is(await row.locator('.diff-after').innerText(), 'true');
  await screenshot(page, 'flag');
  await assertAccessible(page, 'flag');
});

browserTest('two tabs edit one flag: the second save gets "changed meanwhile", reload shows the first', async () => {
  const a = await signedInTab();
  const b = await signedInTab();
  const flagUrl = `${s.url()}/#/projects/search/features/semantic-search`;
  for (const { page } of [a, b]) {
    await page.goto(flagUrl);
    await page.getByLabel('Edit the description').waitFor();
  }
  await a.page.getByLabel('Edit the description').fill('Edited in tab A');
  await a.page.getByRole('button', { name: 'Save description' }).click();
  await a.page.getByRole('status').filter({ hasText: 'Description saved.' }).waitFor();

  await b.page.getByLabel('Edit the description').fill('Edited in tab B');
  await b.page.getByRole('button', { name: 'Save description' }).click();
  const alert = b.page.getByRole('alert').filter({ hasText: 'changed meanwhile' });
  await alert.waitFor();
  const stored = await apiGet<{ description: string }>('/api/admin/projects/search/features/semantic-search');
  assert.is(stored.description, 'Edited in tab A', 'tab B did not overwrite tab A');
  await screenshot(b.page, 'flag-conflict');
  await assertAccessible(b.page, 'flag conflict');
  await alert.getByRole('button', { name: 'Reload' }).click();
  await b.page.getByTestId('description-text').filter({ hasText: 'Edited in tab A' }).waitFor();
});

browserTest('a description of <img src=x onerror=alert(1)> is shown as text, on the flag and in the list', async () => {
  const { page } = await signedInTab();
  await page.goto(`${s.url()}/#/projects/checkout`);
  await page.getByLabel('Name', { exact: true }).fill('xss-check');
  await page.getByLabel('Description', { exact: true }).fill(XSS);
  await page.getByRole('button', { name: 'Create flag' }).click();
  const row = page.locator('tr[data-flag="xss-check"]');
  await row.waitFor();
  assert.ok((await row.innerText()).includes(XSS), 'the list shows the markup as text');
  await row.getByRole('link', { name: 'xss-check' }).click();
  await page.getByTestId('description-text').filter({ hasText: XSS }).waitFor();
  assert.is(await page.locator('main img').count(), 0, 'no img element was created');
  await page.locator('ol.events > li').first().getByText('Changes').click();
  assert.ok((await page.locator('ol.events').innerText()).includes(XSS), 'the history shows it as text too');
  assert.is(await page.locator('main img').count(), 0);
});

browserTest('a 401 returns to sign-in: a wrong key is refused, a key the API stops accepting signs out', async () => {
  const { page } = await tab();
  await page.goto(`${s.url()}/`);
  await page.getByLabel('Admin API key').fill(randomSecret());
  await page.getByRole('button', { name: 'Sign in with key' }).click();
  await page.getByRole('alert').filter({ hasText: 'did not accept this key' }).waitFor();

  await signIn(page, s.url(), ADMIN_KEY);
  // The projects are read with the good key first: the heading shows before that read is sent.
  await page.locator('table.projects tbody tr').first().waitFor();
  await page.evaluate((key) => sessionStorage.setItem('flagadmin.apiKey', key), randomSecret());
  await page.getByRole('link', { name: 'Events' }).click();
  await page.getByRole('status').filter({ hasText: 'answered 401' }).waitFor();
  await page.getByLabel('Admin API key').waitFor();
  assert.is(await page.evaluate(() => sessionStorage.getItem('flagadmin.apiKey')), null, 'the refused key is forgotten');
  await screenshot(page, 'signed-out');
  await assertAccessible(page, 'signed out');
});

browserTest("a 403 shows the API's message naming the missing permission", async () => {
  const { page } = await signedInTab(viewerKey);
  await page.goto(`${s.url()}/#/projects/mobile`);
  await page.getByRole('switch', { name: 'dark-mode in production' }).click();
  await page.getByRole('alert').filter({ hasText: 'You need the permission UPDATE_FEATURE' }).waitFor();
  const stored = await apiGet<{ environments: { name: string; enabled: boolean }[] }>('/api/admin/projects/mobile/features/dark-mode');
  assert.is(stored.environments.find((e) => e.name === 'production')?.enabled, false, 'nothing changed');
});

browserTest('events: the timeline with filters and a chart of events per day', async () => {
  const { page } = await signedInTab();
  await page.getByRole('link', { name: 'Events' }).click();
  await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
  await page.locator('ol.events > li').first().waitFor();
  const all = await page.locator('ol.events > li').count();
  assert.ok(all > 10, `the timeline lists events (${all})`);
  const perDay = (await page.locator('svg.day-chart').getAttribute('aria-label'))!;
  const charted = [...perDay.matchAll(/\d{4}-\d\d-\d\d: (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  assert.is(charted, all, 'the chart counts every event listed');
  assert.ok((await page.locator('svg.day-chart rect.bar').count()) >= 14, 'at least two weeks of days');
  await page.getByLabel('Type').selectOption('feature-created');
  const types = await page.locator('ol.events .event-type').allInnerTexts();
  assert.ok(types.length > 0 && types.every((t) => t === 'feature-created'), 'only feature-created events');
  await page.getByLabel('Project').selectOption('checkout');
  await page.getByText('Every event of project checkout.').waitFor();
  // The project's page arrives after its heading: wait until the list shows it (a wrong filter never does).
  await page.waitForFunction(
    () => {
      const heads = [...document.querySelectorAll('ol.events .event-head')];
      return heads.length > 0 && heads.every((h) => h.textContent?.includes('project checkout'));
    },
    undefined,
    { timeout: 60_000 },
  );
  const projects = await page.locator('ol.events .event-head').allInnerTexts();
  assert.ok(projects.length > 0 && projects.every((t) => t.includes('project checkout')), 'only checkout events');
  await page.getByLabel('Type').selectOption('');
  await screenshot(page, 'events');
  await assertAccessible(page, 'events');
});

browserTest('one change request: its changes per feature and its state', async () => {
  const { page } = await signedInTab();
  await page.goto(`${s.url()}/#/projects/checkout`);
  await page.getByRole('link', { name: 'Change request #1' }).click();
  await page.getByRole('heading', { level: 1, name: 'Change request #1' }).waitFor();
  // The changes are read after the request itself: wait for the last of them.
  await page.getByText('addStrategy').first().waitFor();
  const text = await page.locator('main').innerText();
  for (const expected of ['Draft', 'production', 'one-click-pay', 'updateEnabled', 'new-checkout-flow', 'addStrategy'])
    assert.ok(text.includes(expected), expected);
  await screenshot(page, 'change-request');
  await assertAccessible(page, 'change request');
});

browserTest('the tag filter keeps aa-b + c and aa + b-c apart (a tag is its type and value, not their joined text)', async () => {
  await s.apiSend('POST', '/api/admin/projects', { id: 'tagged', name: 'Tagged' });
  // A tag's type must exist before a flag carries it (and a type's name has no colon, so '-' joins here).
  for (const name of ['aa-b', 'aa']) await s.apiSend('POST', '/api/admin/tag-types', { name });
  for (const [name, tag] of [
    ['left-tagged', { type: 'aa-b', value: 'c' }],
    ['right-tagged', { type: 'aa', value: 'b-c' }],
  ] as const) {
    await s.apiSend('POST', '/api/admin/projects/tagged/features', { name });
    await s.apiSend('PATCH', `/api/admin/projects/tagged/features/${name}`, [{ op: 'add', path: '/tags/-', value: tag }]);
  }
  const { page } = await signedInTab();
  await page.goto(`${s.url()}/#/projects/tagged`);
  await page.locator('tr[data-flag="right-tagged"]').waitFor();
  const options = page.locator('#flag-tag option');
  assert.is(await options.count(), 3, 'any tag + two tags');
  for (const [index, only] of [
    [1, 'left-tagged'],
    [2, 'right-tagged'],
  ] as const) {
    await page.locator('#flag-tag').selectOption({ index });
    await page.waitForFunction(() => document.querySelectorAll('table.flags tbody tr').length === 1);
    assert.is(await page.locator('table.flags tbody tr').getAttribute('data-flag'), only);
  }
});

s.run();
