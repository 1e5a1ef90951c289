// The API tokens screen in Debian's chromium against the spawned bin: a token created through the
// screen shows its secret once (gone after a reload), gets a new expiry, is revoked after a second
// question, and then the API refuses its secret. A viewer key is offered nothing. axe-core on each state.
import * as assert from 'uvu/assert';
import { KEY_TYPES as CORE_KEY_TYPES } from '@flagadmin/core';
import { KEY_TYPES } from '../src/client/api-tokens';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

interface StoredToken {
  id: number;
  tokenName: string;
  type: string;
  projects: string[];
  environment: string;
  expiresAt: string | null;
}

const NAME = 'ci-backend';
let viewerKey = '';

const s = browserSuite('API tokens in chromium', {
  async setup(suite) {
    viewerKey = (
      await suite.apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', { tokenName: 'viewer', type: 'admin', role: 'viewer' })
    ).secret;
  },
});
const { signedInTab, apiGet, assertAccessible } = s;

const tokensNamed = async (name: string) => (await apiGet<{ tokens: StoredToken[] }>(`/api/admin/api-tokens/${name}`)).tokens;
const clientStatus = async (secret: string) =>
  (await fetch(`${s.url()}/api/client/features`, { headers: { authorization: secret } })).status;

s.test('the page offers the key types the API accepts', async () => {
  assert.equal([...KEY_TYPES], [...CORE_KEY_TYPES]);
});

s.test('create a token (the secret once), change its expiry, revoke it', async () => {
  const { page } = await signedInTab();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API tokens' }).click();
  await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
  await page.getByRole('button', { name: 'Create token' }).waitFor();
  await assertAccessible(page, 'API tokens');

  await page.getByLabel('Token name').fill(NAME);
  await page.getByLabel('Type', { exact: true }).selectOption('backend');
  await page.getByLabel('Projects (none selected: all)').selectOption(['platform']);
  await page.getByLabel('Environment', { exact: true }).fill('production');
  await page.getByLabel('Expires (optional)').fill('2099-01-01T10:00');
  await page.getByRole('button', { name: 'Create token' }).click();

  const secretField = page.getByLabel('Secret', { exact: true });
  await secretField.waitFor();
  const secret = await secretField.inputValue();
  assert.ok(secret.startsWith('platform:production.'), secret);
  await page.getByText('Copy the secret now: it is not shown again.').waitFor();
  await page.getByRole('button', { name: 'Copy secret' }).waitFor();
  const [stored] = await tokensNamed(NAME);
  assert.ok(stored, 'the API has the token');
  assert.equal(
    { type: stored!.type, projects: stored!.projects, environment: stored!.environment, expiresAt: stored!.expiresAt },
    { type: 'backend', projects: ['platform'], environment: 'production', expiresAt: '2099-01-01T10:00:00.000Z' },
  );
  assert.is(await clientStatus(secret), 200, 'the secret shown reads the client API');
  const row = page.locator(`tr[data-token-id="${stored!.id}"]`);
  await row.filter({ hasText: 'platform' }).filter({ hasText: 'production' }).waitFor();
  await screenshot(page, 'api-tokens-created');
  await assertAccessible(page, 'API tokens with a new secret');

  // After a reload the secret is nowhere on the page.
  await page.reload();
  await row.waitFor();
  assert.is(await page.getByLabel('Secret', { exact: true }).count(), 0, 'no secret field after a reload');
  assert.not.ok((await page.content()).includes(secret), 'the secret is not in the page after a reload');

  // A new expiry.
  await page.getByRole('button', { name: `Change expiry of ${NAME} (${stored!.id})` }).click();
  await page.getByLabel(`New expiry of ${NAME}`).fill('2099-06-01T09:30');
  await assertAccessible(page, 'API tokens, changing an expiry');
  await page.getByRole('button', { name: 'Save expiry' }).click();
  await row.filter({ hasText: '2099' }).filter({ hasText: '09:30' }).waitFor();
  assert.is((await tokensNamed(NAME))[0]?.expiresAt, '2099-06-01T09:30:00.000Z', 'the API stores the new expiry');

  // Revoke: asked twice; "Keep it" changes nothing.
  await page.getByRole('button', { name: `Revoke ${NAME} (${stored!.id})` }).click();
  await page.getByRole('button', { name: 'Keep it' }).click();
  assert.is((await tokensNamed(NAME)).length, 1, 'kept');
  await page.getByRole('button', { name: `Revoke ${NAME} (${stored!.id})` }).click();
  await assertAccessible(page, 'API tokens, revoke asked');
  await page.getByRole('button', { name: `Yes, revoke ${NAME}` }).click();
  await row.waitFor({ state: 'detached' });
  assert.is((await tokensNamed(NAME)).length, 0, 'the API no longer lists it');
  assert.is(await clientStatus(secret), 401, 'the revoked secret is refused');
  await assertAccessible(page, 'API tokens after a revoke');
});

s.test('a viewer key is offered no token management', async () => {
  const { page } = await signedInTab(viewerKey);
  await page.goto(`${s.url()}/#/api-tokens`);
  await page.getByRole('status').filter({ hasText: 'Only admin keys manage API tokens' }).waitFor();
  assert.is(await page.getByRole('button', { name: 'Create token' }).count(), 0);
  assert.is(await page.getByRole('table').count(), 0);
  await page.goto(`${s.url()}/#/projects/platform`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('switch').first().waitFor();
  assert.is(await page.getByRole('heading', { name: 'API tokens of this project' }).count(), 0);
  await assertAccessible(page, 'API tokens as a viewer');
});

s.run();
