// A flag's lifecycle in Debian's chromium against the spawned bin: flags ticked in the project's table
// switched on and off in one environment and marked stale; a parent archived alone is refused, the page
// names its child and archives both together; the project's archive revives one and deletes one for good
// (asked twice), and revives several ticked together and deletes several for good together (asked twice);
// on the flag screen: links added, changed and removed, completed and uncompleted, cloned, archived (with
// the dependency warning) and revived. The API is asked after each step; axe-core on each state.
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

const PROJECT = 'lifecycle';
const FLAGS = ['parent-flag', 'child-flag', 'solo-flag', 'quiet-flag'];

interface StoredFeature {
  name: string;
  archived: boolean;
  stale: boolean;
  environments: { name: string; enabled: boolean }[];
  lifecycle: { stage: string };
  links?: { id: string; url: string; title: string | null }[];
  children: string[];
}

const s = browserSuite('flag lifecycle in chromium', {
  async setup(suite) {
    await suite.apiSend('POST', '/api/admin/projects', { id: PROJECT, name: 'Lifecycle' });
    for (const name of FLAGS) await suite.apiSend('POST', `/api/admin/projects/${PROJECT}/features`, { name });
  },
});
const { signedInTab, apiGet, apiSend, assertAccessible } = s;

const FEATURES = `/api/admin/projects/${PROJECT}/features`;
const stored = (name: string) => apiGet<StoredFeature>(`${FEATURES}/${name}`);
const status = async (name: string) => (await fetch(`${s.url()}${FEATURES}/${name}`, { headers: { authorization: s.adminKey } })).status;
const enabledIn = async (name: string, env: string) => (await stored(name)).environments.find((e) => e.name === env)?.enabled;
const openProject = async (page: Page) => {
  await page.goto(`${s.url()}/#/projects/${PROJECT}`);
  await page.getByRole('checkbox', { name: 'Select quiet-flag' }).waitFor();
};
const ok = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).waitFor();

s.test('ticked flags: on and off in one environment, stale; a parent archived with its child after the warning', async () => {
  await apiSend('POST', `${FEATURES}/child-flag/dependencies`, { feature: 'parent-flag' });
  const { page } = await signedInTab();
  await openProject(page);
  await assertAccessible(page, 'project with selection');

  await page.getByRole('checkbox', { name: 'Select solo-flag' }).check();
  await page.getByRole('checkbox', { name: 'Select quiet-flag' }).check();
  await page.getByText('2 flags selected.').waitFor();
  await page.locator('#bulk-environment').selectOption('production');
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await ok(page, '2 flags on in production.');
  assert.equal([await enabledIn('solo-flag', 'production'), await enabledIn('quiet-flag', 'production')], [true, true]);
  await page.getByRole('switch', { name: 'solo-flag in production' }).and(page.locator('[aria-checked="true"]')).waitFor();
  await page.getByRole('checkbox', { name: 'Select solo-flag' }).uncheck();
  await page.getByRole('button', { name: 'Turn off', exact: true }).click();
  await ok(page, '1 flag off in production.');
  assert.equal([await enabledIn('solo-flag', 'production'), await enabledIn('quiet-flag', 'production')], [true, false]);
  await page.getByRole('button', { name: 'Mark stale', exact: true }).click();
  await ok(page, '1 flag marked stale.');
  assert.equal([(await stored('quiet-flag')).stale, (await stored('solo-flag')).stale], [true, false]);
  await page.locator('tr[data-flag="quiet-flag"]').getByText('stale', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Unmark stale' }).click();
  await ok(page, '1 flag no longer stale.');
  assert.is((await stored('quiet-flag')).stale, false);

  // The parent alone: the page names its child before asking the API to archive.
  await page.getByRole('checkbox', { name: 'Select quiet-flag' }).uncheck();
  await page.getByRole('checkbox', { name: 'Select parent-flag' }).check();
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  const question = page.getByTestId('archive-question');
  await question.getByText('live flags depend on it (child-flag)').waitFor();
  await assertAccessible(page, 'archive warning');
  await screenshot(page, 'lifecycle-archive-warning');
  await question.getByRole('button', { name: 'Keep it' }).click();
  assert.equal([(await stored('parent-flag')).archived, (await stored('child-flag')).archived], [false, false], 'kept');
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await question.getByRole('button', { name: 'Archive all 2 together' }).click();
  await ok(page, '2 flags archived: parent-flag, child-flag.');
  assert.equal([(await stored('parent-flag')).archived, (await stored('child-flag')).archived], [true, true]);
  await page.locator('tr[data-flag="parent-flag"]').waitFor({ state: 'detached' });
  await assertAccessible(page, 'project after archiving');
});

s.test("the project's archive: revive one, delete one for good after a second question", async () => {
  const { page } = await signedInTab();
  await openProject(page);
  await page.getByRole('link', { name: 'Archived flags: revive or delete for good' }).click();
  await page.getByRole('heading', { level: 1, name: `Archived flags of ${PROJECT}` }).waitFor();
  const rows = page.locator('tr[data-flag]');
  await rows.filter({ hasText: 'parent-flag' }).waitFor();
  assert.equal(await rows.evaluateAll((r) => r.map((e) => e.getAttribute('data-flag')).sort()), ['child-flag', 'parent-flag']);
  await assertAccessible(page, 'archive');

  await page.getByRole('button', { name: 'Revive child-flag' }).click();
  await ok(page, 'child-flag revived (off in every environment).');
  await rows.filter({ hasText: 'child-flag' }).waitFor({ state: 'detached' });
  assert.is((await stored('child-flag')).archived, false);

  await page.getByRole('button', { name: 'Delete for good parent-flag' }).click();
  await page.getByRole('button', { name: 'Keep it' }).click();
  assert.is(await status('parent-flag'), 200, 'kept');
  await page.getByRole('button', { name: 'Delete for good parent-flag' }).click();
  await assertAccessible(page, 'archive, delete asked');
  await page.getByRole('button', { name: 'Yes, delete parent-flag' }).click();
  await ok(page, 'parent-flag deleted.');
  await page.getByText('No archived flags in this project.').waitFor();
  assert.is(await status('parent-flag'), 404, 'gone for good');
  await assertAccessible(page, 'empty archive');
});

s.test('the flag screen: links, completed and back, clone, archive with the dependency warning, revive', async () => {
  await apiSend('POST', `${FEATURES}`, { name: 'base-flag' });
  await apiSend('POST', `${FEATURES}/solo-flag/dependencies`, { feature: 'base-flag' });
  const { page } = await signedInTab();
  await page.goto(`${s.url()}/#/projects/${PROJECT}/features/base-flag`);
  await page.getByRole('heading', { level: 2, name: 'Links' }).waitFor();
  await assertAccessible(page, 'flag with links and lifecycle');

  // Links: added (the API adds https://), changed, removed.
  await page.getByLabel('URL', { exact: true }).fill('example.com/issues/7');
  await page.getByLabel('Title (optional)').fill('Issue 7');
  await page.getByRole('button', { name: 'Add link' }).click();
  await page.getByRole('link', { name: 'Issue 7' }).waitFor();
  const [link] = (await stored('base-flag')).links ?? [];
  assert.equal([link?.url, link?.title], ['https://example.com/issues/7', 'Issue 7']);
  assert.is(await page.getByRole('link', { name: 'Issue 7' }).getAttribute('href'), 'https://example.com/issues/7');
  await page.getByRole('button', { name: 'Edit link Issue 7' }).click();
  await page.getByLabel('Title (optional)').first().fill('Issue 8');
  await assertAccessible(page, 'editing a link');
  await page.getByRole('button', { name: 'Save link' }).click();
  await page.getByRole('link', { name: 'Issue 8' }).waitFor();
  assert.is((await stored('base-flag')).links?.[0]?.title, 'Issue 8');
  await page.getByRole('button', { name: 'Remove link Issue 8' }).click();
  await page.getByText('No links.').waitFor();
  assert.is((await stored('base-flag')).links, undefined);

  // Lifecycle: completed (kept), then not.
  await page.getByLabel('Outcome').selectOption('kept');
  await page.getByLabel('Kept variant or note (optional)').fill('blue');
  await page.getByRole('button', { name: 'Mark completed' }).click();
  await page.getByText('Marked completed (kept).').waitFor();
  assert.is((await stored('base-flag')).lifecycle.stage, 'completed');
  await page.getByTestId('lifecycle-stage').getByText('Completed').waitFor();
  await page.getByRole('button', { name: 'Uncomplete' }).click();
  await page.getByRole('button', { name: 'Mark completed' }).waitFor();
  assert.is((await stored('base-flag')).lifecycle.stage, 'initial');

  // Archive: solo-flag depends on it, so the page names it and archives both.
  await page.getByRole('button', { name: 'Archive flag' }).click();
  await page.getByTestId('archive-question').getByText('live flags depend on it (solo-flag)').waitFor();
  await page.getByRole('button', { name: 'Archive all 2 together' }).click();
  await page.getByRole('button', { name: 'Revive flag' }).waitFor();
  assert.equal([(await stored('base-flag')).archived, (await stored('solo-flag')).archived], [true, true]);
  await page.getByText('This flag is archived').waitFor();
  await assertAccessible(page, 'archived flag');
  await screenshot(page, 'lifecycle-archived-flag');
  await page.getByRole('button', { name: 'Revive flag' }).click();
  await page.getByRole('button', { name: 'Archive flag' }).waitFor();
  assert.is((await stored('base-flag')).archived, false);

  // Clone: the name rule as create; a taken name is the API's 409, shown.
  await page.getByLabel('Name of the copy').fill('quiet-flag');
  await page.getByRole('button', { name: 'Clone flag' }).click();
  await page.getByRole('alert').filter({ hasText: 'quiet-flag' }).waitFor();
  assert.is(await page.getByLabel('Name of the copy').evaluate((e) => (e as HTMLInputElement).validity.valid), true);
  await page.getByLabel('Name of the copy').fill('not valid');
  assert.is(await page.getByLabel('Name of the copy').evaluate((e) => (e as HTMLInputElement).validity.valid), false, 'the name rule');
  await page.getByLabel('Name of the copy').fill('base-flag-copy');
  await page.getByRole('button', { name: 'Clone flag' }).click();
  await page.getByRole('heading', { level: 1, name: 'base-flag-copy' }).waitFor();
  assert.is((await stored('base-flag-copy')).archived, false);
  await assertAccessible(page, 'the clone');
});

s.test(
  "the project's archive: several flags ticked, revived together, then deleted for good together after a second question",
  async () => {
    const bulk = ['bulk-a', 'bulk-b', 'bulk-c'];
    for (const name of bulk) await apiSend('POST', FEATURES, { name });
    await apiSend('POST', `/api/admin/projects/${PROJECT}/archive`, { features: bulk });
    const { page } = await signedInTab();
    await page.goto(`${s.url()}/#/projects/${PROJECT}/archive`);
    await page.getByRole('checkbox', { name: 'Select bulk-c' }).waitFor();
    const archivedNow = async () =>
      (
        await apiGet<{ features: { name: string }[] }>(`/api/admin/search/features?project=IS:${PROJECT}&archived=IS:true&limit=100`)
      ).features
        .map((f) => f.name)
        .sort();
    const left = await archivedNow();
    assert.ok(left.length > bulk.length && bulk.every((n) => left.includes(n)), 'the three, and what earlier cases left');
    assert.ok(await page.getByRole('button', { name: 'Revive selected' }).isDisabled(), 'nothing ticked yet');
    await page.getByRole('checkbox', { name: 'Select bulk-a' }).check();
    await page.getByRole('checkbox', { name: 'Select bulk-b' }).check();
    await page.getByText('2 flags selected.').waitFor();
    await assertAccessible(page, 'archive with selection');
    await page.getByRole('button', { name: 'Revive selected' }).click();
    await ok(page, '2 flags revived (off in every environment): bulk-a, bulk-b.');
    assert.equal([(await stored('bulk-a')).archived, (await stored('bulk-b')).archived], [false, false]);
    await page.locator('tr[data-flag="bulk-a"]').waitFor({ state: 'detached' });
    await page.getByText('Tick archived flags to revive or delete several at once.').waitFor();

    const rest = left.filter((n) => n !== 'bulk-a' && n !== 'bulk-b');
    await page.getByRole('checkbox', { name: 'Select all archived flags' }).check();
    await page.getByText(`${rest.length} flags selected.`).waitFor();
    await page.getByRole('button', { name: `Delete selected for good: ${rest.length} flags` }).click();
    await assertAccessible(page, 'archive, bulk delete asked');
    await page.getByRole('button', { name: 'Keep it' }).click();
    assert.equal(await archivedNow(), rest, 'kept');
    await page.getByRole('button', { name: `Delete selected for good: ${rest.length} flags` }).click();
    await page.getByRole('button', { name: `Yes, delete ${rest.length} flags` }).click();
    await ok(page, `${rest.length} flags deleted:`);
    await page.getByText('No archived flags in this project.').waitFor();
    for (const name of rest) assert.is(await status(name), 404, `${name} gone for good`);
    assert.equal(await archivedNow(), []);
    await assertAccessible(page, 'archive emptied in one go');
  },
);

s.run();
