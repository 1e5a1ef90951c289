// People in Debian's chromium against the spawned bin: sign in with a password (the session in an HttpOnly
// cookie, no secret in the page's storage), the users screen (create, change a role, set a password,
// delete, a person's permissions, a password reset link handed over and used signed out), my profile and my personal access
// tokens (the secret once, acting as me, refused once deleted), sign-out. axe-core on each screen.
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

const ADMIN = { username: 'admin', password: 'Admin-Pass-9482!' };
const EDITOR = { email: 'erin@example.com', name: 'Erin Editor', password: 'Erin-Pass-5831!' };

const s = browserSuite('people in chromium', {
  env: { UNLEASH_DEFAULT_ADMIN_USERNAME: ADMIN.username, UNLEASH_DEFAULT_ADMIN_PASSWORD: ADMIN.password },
  async setup(suite) {
    await suite.apiSend('POST', '/api/admin/user-admin', { ...EDITOR, rootRole: 'Editor' });
  },
});
const { tab, apiGet, assertAccessible } = s;

interface ListedUser {
  id: number;
  username: string | null;
  email?: string;
  rootRole: number;
}
const users = async () => (await apiGet<{ users: ListedUser[] }>('/api/admin/user-admin')).users;

async function signInWithPassword(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${s.url()}/`);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
}

const storage = (page: Page) =>
  page.evaluate(() => ({ local: Object.keys(localStorage).length, session: Object.keys(sessionStorage).length, cookie: document.cookie }));

s.test('password sign-in: a wrong password is refused, the right one signs in with no secret in storage; sign-out', async () => {
  const { page } = await tab();
  await page.goto(`${s.url()}/`);
  await page.getByLabel('Username or email').waitFor();
  assert.is(await page.getByRole('link', { name: 'Sign in with single sign-on' }).count(), 0, 'no single sign-on configured');
  await assertAccessible(page, 'sign-in');
  await screenshot(page, 'sign-in');
  await page.getByLabel('Username or email').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Pass-1234!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Wrong username or password.' }).waitFor();
  await assertAccessible(page, 'sign-in refused');

  await signInWithPassword(page, ADMIN.username, ADMIN.password);
  assert.equal(await storage(page), { local: 0, session: 0, cookie: '' }, 'nothing in storage; the cookie is HttpOnly');
  const session = (await page.context().cookies(s.url())).find((c) => c.name === 'flagadmin-session');
  assert.equal([session?.httpOnly, session?.sameSite], [true, 'Lax']);
  // A reload keeps the session: the page asks the API, it keeps nothing itself.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.reload();
  await page.getByLabel('Username or email').waitFor();
  assert.is(await page.getByRole('heading', { level: 1, name: 'Projects' }).count(), 0, 'signed out for good');
});

s.test('users: add one, change the role, set a new password (they sign in with it), delete', async () => {
  const { page } = await tab();
  await signInWithPassword(page, ADMIN.username, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  await page.locator('tr', { hasText: EDITOR.name }).waitFor();
  await assertAccessible(page, 'users');
  assert.is(await page.getByTestId('admin-count').innerText(), 'Admins: 1 with a password, 0 by single sign-on only.');

  // What a person may do: the checks their requests meet, in a project and an environment.
  await page.getByRole('link', { name: `Permissions of ${EDITOR.name}` }).click();
  await page.getByRole('heading', { level: 1, name: `Permissions of ${EDITOR.name}` }).waitFor();
  const held = (name: string) => page.locator(`tr[data-permission="${name}"] td`).last().innerText();
  assert.equal([await held('ADMIN'), await held('UPDATE_FEATURE')], ['No', 'Yes']);
  await page.getByLabel('Environment (optional)').fill('production');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.locator('tr[data-permission="UPDATE_FEATURE_ENVIRONMENT"]').waitFor();
  assert.is(await held('UPDATE_FEATURE_ENVIRONMENT'), 'Yes');
  await assertAccessible(page, "a person's permissions");
  await page.getByRole('link', { name: 'Users' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();

  await page.getByLabel('Username', { exact: true }).fill('vic');
  await page.getByLabel('Name', { exact: true }).fill('Vic Viewer');
  await page.getByLabel('Root role').selectOption({ label: 'Editor' });
  await page.getByLabel('Password (optional)').fill('Vic-Pass-2718!');
  await page.getByRole('button', { name: 'Add user' }).click();
  await page.getByRole('status').filter({ hasText: 'Vic Viewer created.' }).waitFor();
  const vic = (await users()).find((u) => u.username === 'vic');
  assert.is(vic?.rootRole, 2, 'created as an Editor');
  const row = page.locator(`tr[data-user-id="${vic!.id}"]`);
  await row.waitFor();
  await screenshot(page, 'users');

  await page.getByLabel('Role of Vic Viewer', { exact: true }).selectOption({ label: 'Viewer' });
  await page.getByRole('button', { name: 'Save the role of Vic Viewer' }).click();
  await page.getByRole('status').filter({ hasText: 'Vic Viewer is now Viewer.' }).waitFor();
  assert.is((await users()).find((u) => u.id === vic!.id)?.rootRole, 3, 'the API has the new role');

  await page.getByRole('button', { name: 'Set a new password for Vic Viewer' }).click();
  await page.getByLabel('New password of Vic Viewer').fill('Vic-Newer-3141!');
  await assertAccessible(page, 'users, setting a password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('status').filter({ hasText: 'Vic Viewer has a new password' }).waitFor();
  const other = await tab();
  await signInWithPassword(other.page, 'vic', 'Vic-Newer-3141!');

  await row.getByRole('button', { name: 'Delete Vic Viewer' }).click();
  await assertAccessible(page, 'users, delete asked');
  await page.getByRole('button', { name: 'Yes, delete Vic Viewer' }).click();
  await row.waitFor({ state: 'detached' });
  assert.not.ok(
    (await users()).some((u) => u.id === vic!.id),
    'the API no longer has vic',
  );
  // Vic's session ended with the deletion: their next request signs them out.
  await other.page.getByRole('link', { name: 'Events' }).click();
  await other.page.getByLabel('Username or email').waitFor();
});

s.test('an editor: no users screen; my profile; my tokens (the secret once, acting as me, refused once deleted)', async () => {
  const { page } = await tab();
  await signInWithPassword(page, EDITOR.email, EDITOR.password);
  await page.goto(`${s.url()}/#/users`);
  await page.getByRole('status').filter({ hasText: 'Only admins manage users' }).waitFor();
  assert.is(await page.getByRole('table').count(), 0);

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My profile' }).click();
  await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
  // Nothing in the role's place until the profile arrives: wait for the profile's.
  await page
    .getByTestId('profile-role')
    .filter({ hasText: /^Editor$/ })
    .waitFor();
  // The role and the projects once each: not the key scope's words beside the profile's.
  for (const term of ['Role', 'Projects'])
    assert.is(await page.locator('dl.details dt', { hasText: new RegExp(`^${term}$`) }).count(), 1, term);
  assert.is(
    await page
      .locator('dl.details dt')
      .filter({ hasText: /role|projects/i })
      .count(),
    2,
  );
  assert.match(await page.getByTestId('profile-projects').innerText(), /(^|, )default(, |$)/);
  await page.getByRole('heading', { name: 'Change my password' }).waitFor();
  await page.getByText(EDITOR.email).waitFor();
  await assertAccessible(page, 'my profile');
  await screenshot(page, 'profile');

  await page.getByRole('link', { name: 'My personal access tokens' }).click();
  await page.getByRole('heading', { level: 1, name: 'Personal access tokens' }).waitFor();
  await page.getByText('No tokens.').waitFor();
  await assertAccessible(page, 'my tokens');
  await page.getByLabel('Description').fill('ci script');
  await page.getByRole('button', { name: 'Create token' }).click();
  const secretField = page.getByLabel('Secret', { exact: true });
  await secretField.waitFor();
  const secret = await secretField.inputValue();
  assert.match(secret, /^user:[0-9a-f]{56}$/);
  await assertAccessible(page, 'my tokens with a new secret');
  await screenshot(page, 'personal-token-created');
  const asToken = await fetch(`${s.url()}/api/admin/user`, { headers: { authorization: secret } });
  assert.is(asToken.status, 200);
  assert.is(((await asToken.json()) as { user: { email: string } }).user.email, EDITOR.email, 'the token acts as me');
  assert.equal(await storage(page), { local: 0, session: 0, cookie: '' }, 'the secret is not kept anywhere');

  await page.reload();
  const row = page.locator('tr', { hasText: 'ci script' });
  await row.waitFor();
  assert.not.ok((await page.content()).includes(secret), 'the secret is gone after a reload');
  await row.getByRole('button', { name: /^Delete ci script/ }).click();
  await page.getByRole('button', { name: 'Yes, delete ci script' }).click();
  await row.waitFor({ state: 'detached' });
  assert.is((await fetch(`${s.url()}/api/admin/user`, { headers: { authorization: secret } })).status, 401, 'refused once deleted');
});

s.test('a reset link: the admin makes it on the users screen, the person opens it signed out, sets a password, signs in', async () => {
  const { page } = await tab();
  await signInWithPassword(page, ADMIN.username, ADMIN.password);
  await page.goto(`${s.url()}/#/users`);
  await page.getByRole('button', { name: `Make a password reset link for ${EDITOR.name}` }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `A reset link for ${EDITOR.name}` })
    .waitFor();
  const link = await page.getByLabel(`Reset link of ${EDITOR.name}`).inputValue();
  assert.match(link, new RegExp(`^${s.url()}/#/reset-password\\?token=[0-9a-f]{64}$`));
  await assertAccessible(page, 'users, a reset link made');
  await screenshot(page, 'users-reset-link');

  const signedOut = await tab();
  await signedOut.page.goto(link);
  await signedOut.page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
  await signedOut.page.getByText(`A new password for ${EDITOR.name} (${EDITOR.email}).`).waitFor();
  await assertAccessible(signedOut.page, 'reset password');
  await signedOut.page.getByLabel('New password', { exact: true }).fill('Erin-Reset-6180!');
  await signedOut.page.getByLabel('Confirm the new password').fill('Erin-Reset-6180!');
  await signedOut.page.getByRole('button', { name: 'Set password' }).click();
  await signedOut.page.getByRole('status').filter({ hasText: 'Your password is set.' }).waitFor();
  await assertAccessible(signedOut.page, 'reset password done');
  await signedOut.page.getByRole('link', { name: 'Sign in' }).click();
  await signInWithPassword(signedOut.page, EDITOR.email, 'Erin-Reset-6180!');

  // The link worked once: opened again, it is refused.
  const again = await tab();
  await again.page.goto(link);
  await again.page.getByRole('alert').filter({ hasText: 'invalid, expired or used already' }).waitFor();
  await assertAccessible(again.page, 'reset password, a used link');
});

s.run();
