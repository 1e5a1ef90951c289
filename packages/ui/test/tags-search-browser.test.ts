// Tags, tag types, search and a flag's own history in Debian's chromium against the spawned bin (demo
// data): a tag type created with its colour, a flag tagged with a type picked from the types (the colour
// shown beside the tag on the flag and in the project's table, which filters by tag), the type's deletion
// refused while a flag carries it (the API's 409 shown), the search across projects with its filters and
// pages, the flag's events. axe-core on each screen.
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

const s = browserSuite('tags, tag types and search in chromium');
const { signedInTab, apiGet, apiSend, assertAccessible } = s;

const FLAG = '/#/projects/checkout/features/new-checkout-flow';

/** The background colour of the swatch beside a tag's text, in the given part of the page. */
const swatchColor = (page: Page, within: string, tag: string) =>
  page
    .locator(`${within} li.tag`)
    .filter({ hasText: tag })
    .locator('.tag-swatch')
    .evaluate((e) => getComputedStyle(e).backgroundColor);

s.test('tag types: create with a colour; a flag tagged with it shows the colour; deletion refused while used', async () => {
  const { page } = await signedInTab();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tag types' }).click();
  await page.getByRole('heading', { level: 1, name: 'Tag types' }).waitFor();
  const table = page.getByRole('table', { name: 'Tag types' });
  await table.getByRole('rowheader', { name: 'simple', exact: true }).waitFor();
  await assertAccessible(page, 'tag types');

  await page.getByLabel('Name', { exact: true }).fill('team');
  await page.getByLabel('Description', { exact: true }).fill('The owning team');
  await page.getByLabel('Colour').fill('#34a853');
  await page.getByRole('button', { name: 'Create tag type' }).click();
  await table.getByRole('rowheader', { name: 'team', exact: true }).waitFor();
  const { tagType } = await apiGet<{ tagType: { color: string; description: string } }>('/api/admin/tag-types/team');
  assert.equal([tagType.color, tagType.description], ['#34A853', 'The owning team']);

  // The flag: a tag of the new type, picked from the types.
  await page.goto(`${s.url()}${FLAG}`);
  const tags = page.getByRole('region', { name: 'Tags' });
  await tags.getByLabel('Tag type').selectOption('team');
  await tags.getByLabel('Tag value').fill('payments');
  await tags.getByRole('button', { name: 'Add tag' }).click();
  await page.getByRole('status').filter({ hasText: 'Tag team: payments saved.' }).waitFor();
  assert.is(await swatchColor(page, 'section[aria-labelledby="tags-heading"]', 'team: payments'), 'rgb(52, 168, 83)');
  const stored = await apiGet<{ tags: { type: string; value: string }[] }>('/api/admin/features/new-checkout-flow/tags');
  assert.ok(stored.tags.some((t) => t.type === 'team' && t.value === 'payments'));
  // The flag's own history lists the tagging.
  await page.getByRole('region', { name: 'History' }).locator('[data-event-type="feature-tagged"]').first().waitFor();
  await assertAccessible(page, 'a flag with a coloured tag and its history');
  await screenshot(page, 'flag-tags');

  // The project's table: the colour, and the tag filter.
  await page.goto(`${s.url()}/#/projects/checkout`);
  await page.locator('tr[data-flag="new-checkout-flow"]').waitFor();
  assert.is(await swatchColor(page, 'tr[data-flag="new-checkout-flow"]', 'team: payments'), 'rgb(52, 168, 83)');
  await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'team: payments' });
  await page.locator('table.flags tbody tr').first().waitFor();
  assert.equal(await page.locator('table.flags tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-flag'))), [
    'new-checkout-flow',
  ]);
  await assertAccessible(page, 'the project filtered by tag');

  // Deleting the type while the flag carries it: the API's 409 is shown and the type stays.
  await page.goto(`${s.url()}/#/tag-types`);
  await page.getByRole('button', { name: 'Delete tag type team' }).click();
  await page.getByRole('button', { name: 'Delete team' }).click();
  await page.getByRole('alert').waitFor();
  await assertAccessible(page, 'a refused deletion');
  assert.is((await apiGet<{ tagType: { name: string } }>('/api/admin/tag-types/team')).tagType.name, 'team');

  // Untagged on the flag, then the type goes.
  await page.goto(`${s.url()}${FLAG}`);
  await page.getByRole('button', { name: 'Remove tag team: payments' }).click();
  await page.getByRole('status').filter({ hasText: 'Removal of tag team: payments saved.' }).waitFor();
  await page.goto(`${s.url()}/#/tag-types`);
  await page.getByRole('button', { name: 'Delete tag type team' }).click();
  await page.getByRole('button', { name: 'Delete team' }).click();
  await page.getByRole('status').filter({ hasText: 'Tag type team deleted.' }).waitFor();
  await page.getByRole('rowheader', { name: 'team', exact: true }).waitFor({ state: 'detached' });
});

s.test('search across projects: query, project, tag, type and state filters, pages with the total', async () => {
  await apiSend('POST', '/api/admin/projects', { id: 'paging', name: 'Paging' });
  for (let i = 0; i < 23; i++) {
    const name = `paged-${String(i).padStart(2, '0')}`;
    await apiSend('POST', '/api/admin/projects/paging/features', { name, type: i % 2 ? 'experiment' : 'release' });
  }
  await apiSend('POST', '/api/admin/features/paged-05/tags', { type: 'simple', value: 'fifth' });
  await apiSend('POST', '/api/admin/projects/paging/stale', { features: ['paged-07'], stale: true });
  const { page } = await signedInTab();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await page.getByRole('heading', { level: 1, name: 'Search flags' }).waitFor();
  const results = page.getByRole('table', { name: 'Flags found' });
  await results.getByRole('rowheader').first().waitFor();
  await assertAccessible(page, 'search');

  const rows = () => results.getByRole('rowheader').evaluateAll((hs) => hs.map((h) => h.querySelector('a')!.textContent));
  const summary = (text: string) => page.getByText(text, { exact: true }).waitFor();
  await page.getByLabel('Name or description').fill('paged');
  await summary('Flags 1–20 of 23.');
  assert.is((await rows()).length, 20);
  await page.getByRole('button', { name: 'Next page' }).click();
  await summary('Flags 21–23 of 23.');
  assert.equal(await rows(), ['paged-20', 'paged-21', 'paged-22']);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await summary('Flags 1–20 of 23.');

  await page.getByLabel('Type', { exact: true }).selectOption('experiment');
  await summary('Flags 1–11 of 11.');
  await page.getByLabel('Type', { exact: true }).selectOption('');
  await summary('Flags 1–20 of 23.');
  await page.getByLabel('State', { exact: true }).selectOption('stale');
  await summary('Flags 1–1 of 1.');
  assert.equal(await rows(), ['paged-07']);
  await page.getByLabel('State', { exact: true }).selectOption('');
  // The stale filter's answer was "1–1 of 1" too: the unfiltered page first, so the next wait is for the tag's.
  await summary('Flags 1–20 of 23.');
  await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'fifth' });
  await summary('Flags 1–1 of 1.');
  assert.equal(await rows(), ['paged-05']);
  await page.getByLabel('Tag', { exact: true }).selectOption('');
  await page.getByLabel('Name or description').fill('');
  await page.getByLabel('Project', { exact: true }).selectOption({ label: 'Paging' });
  await summary('Flags 1–20 of 23.');
  await assertAccessible(page, 'search with filters');
  await screenshot(page, 'search');
  // The creator is named (the bin's admin key).
  await results.locator('tr[data-flag="paged-00"]').filter({ hasText: 'by ' }).waitFor();
});

s.run();
