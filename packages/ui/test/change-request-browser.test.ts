// Change requests in Debian's chromium against the spawned bin, with two keys: an editor whose switch
// is refused in an environment under change requests adds the change to a request instead and sends it
// to review; a second admin key comments and approves; the author applies; the flag and the events then
// show it. Each key is offered exactly its moves (a viewer none); a screen left open on an older state
// gets the API's 409 naming the state. Also: scheduling, and the project's list.
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

const PROJECT = 'platform';
/** A flag of its own with one strategy in production, for the conflict test. */
const CONFLICT_FLAG = 'cr-conflict';
const XSS = '<img src=x onerror=alert(1)>';
const FLAG = 'maintenance-mode';
const ENVIRONMENT = 'production';
let authorKey = '';
let reviewerKey = '';
let viewerKey = '';

interface StoredFeature {
  environments: { name: string; enabled: boolean }[];
}
interface StoredChangeRequest {
  id: number;
  state: string;
  approvals: { createdBy: { username: string } }[];
  comments: { text: string }[];
}

const s = browserSuite('change requests in chromium', {
  async setup(suite) {
    await suite.apiSend('PUT', `/api/admin/projects/${PROJECT}/environments/${ENVIRONMENT}/change-requests/config`, {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    authorKey = (
      await suite.apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', { tokenName: 'author', type: 'admin', role: 'editor' })
    ).secret;
    reviewerKey = (
      await suite.apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', { tokenName: 'reviewer', type: 'admin', role: 'admin' })
    ).secret;
    viewerKey = (
      await suite.apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', { tokenName: 'viewer', type: 'admin', role: 'viewer' })
    ).secret;
    await suite.apiSend('POST', `/api/admin/projects/${PROJECT}/features`, { name: CONFLICT_FLAG, type: 'release' });
  },
});
const { signedInTab, apiGet, assertAccessible } = s;
const browserTest = s.test;

const enabledIn = (feature: StoredFeature, environment: string) => feature.environments.find((e) => e.name === environment)?.enabled;
const flagPath = `/api/admin/projects/${PROJECT}/features/${FLAG}`;
const state = (page: Page, expected: string) =>
  page
    .getByTestId('cr-state')
    .filter({ hasText: new RegExp(`^${expected}$`) })
    .waitFor();

browserTest('a change request from draft to applied with two keys; the flag and the events show it', async () => {
  const author = await signedInTab(authorKey);
  const reviewer = await signedInTab(reviewerKey);

  // The direct switch is refused (SKIP_CHANGE_REQUEST): the page offers the change request instead.
  await author.page.goto(`${s.url()}/#/projects/${PROJECT}`);
  await author.page.getByRole('switch', { name: `${FLAG} in ${ENVIRONMENT}` }).click();
  await author.page.getByRole('alert').filter({ hasText: 'SKIP_CHANGE_REQUEST' }).waitFor();
  assert.is(enabledIn(await apiGet<StoredFeature>(flagPath), ENVIRONMENT), false, 'the refused switch changed nothing');
  await screenshot(author.page, 'change-request-offer');
  await assertAccessible(author.page, 'project with the change-request offer');
  await author.page.getByRole('button', { name: 'Add to change request' }).click();
  const added = author.page.getByRole('status').filter({ hasText: `Added “turn ${FLAG} on in ${ENVIRONMENT}”` });
  await added.waitFor();
  assert.is(enabledIn(await apiGet<StoredFeature>(flagPath), ENVIRONMENT), false, 'a change request changes nothing until applied');

  // The Draft: its change as a diff against the live flag; the author sends it to review.
  await added.getByRole('link').click();
  await state(author.page, 'Draft');
  const enabledRow = author.page.locator('li.change tr', { hasText: 'enabled' });
  await enabledRow.waitFor();
  assert.is(await enabledRow.locator('.diff-before').innerText(), 'false');
  assert.is(await enabledRow.locator('.diff-after').innerText(), 'true');
  assert.equal(await buttonNames(author.page), ['Send to review', 'Discard draft'], 'a Draft offers exactly these');
  await screenshot(author.page, 'change-request-draft');
  await assertAccessible(author.page, 'draft change request');
  await author.page.getByRole('button', { name: 'Send to review' }).click();
  await state(author.page, 'In review');
  const requestUrl = author.page.url();
  const id = Number(/change-requests\/(\d+)$/.exec(requestUrl)?.[1]);
  assert.ok(id > 0, `the request's id in ${requestUrl}`);

  // This key is its author and an editor: it may not approve its own request, so only Cancel is offered.
  assert.equal(await buttonNames(author.page), ['Cancel request'], 'the author, In review');
  const requestPath = `/api/admin/projects/${PROJECT}/change-requests/${id}`;

  // A viewer key sees it with no move to make; a third admin key keeps it open on screen (In review).
  const viewer = await signedInTab(viewerKey);
  await viewer.page.goto(requestUrl);
  await viewer.page.getByText('Nothing this key may do on it now').waitFor();
  assert.equal(await buttonNames(viewer.page), []);
  const stale = await signedInTab();
  await stale.page.goto(requestUrl);
  await state(stale.page, 'In review');

  // The second admin key finds it in the project's list, comments and approves.
  await reviewer.page.goto(`${s.url()}/#/projects/${PROJECT}`);
  const row = reviewer.page.locator(`tr[data-change-request="${id}"]`);
  await row.waitFor();
  assert.match(await row.innerText(), /In review\s+production\s+author/);
  await row.getByRole('link').click();
  await state(reviewer.page, 'In review');
  assert.equal(await buttonNames(reviewer.page), ['Approve', 'Reject', 'Cancel request'], 'an admin key that is not the author');
  await reviewer.page.getByLabel('Add a comment').fill('Maintenance window agreed with support.');
  await reviewer.page.getByRole('button', { name: 'Comment' }).click();
  await reviewer.page.getByText('Maintenance window agreed with support.').waitFor();
  await reviewer.page.getByRole('button', { name: 'Approve' }).click();
  await state(reviewer.page, 'Approved');
  await reviewer.page.getByText('Approved by reviewer').waitFor();
  assert.equal(await buttonNames(reviewer.page), ['Apply', 'Reject', 'Cancel request', 'Schedule']);
  await screenshot(reviewer.page, 'change-request-approved');
  await assertAccessible(reviewer.page, 'approved change request');

  // The third key's screen still shows In review: approving now is a 409 naming the state it is in,
  // after which the page reads the request again and keeps the message.
  await stale.page.getByRole('button', { name: 'Approve' }).click();
  await stale.page.getByRole('alert').filter({ hasText: 'is Approved' }).waitFor();
  await state(stale.page, 'Approved');
  await stale.page.getByRole('alert').filter({ hasText: 'is Approved' }).waitFor();
  assert.equal(await buttonNames(stale.page), ['Apply', 'Reject', 'Cancel request', 'Schedule'], 'read again: the moves of its state now');
  assert.equal((await apiGet<StoredChangeRequest>(requestPath)).approvals.length, 1, 'the refused approval added nothing');
  await screenshot(stale.page, 'change-request-conflict');
  await assertAccessible(stale.page, 'change request moved meanwhile');
  await author.page.reload();
  await state(author.page, 'Approved');
  assert.equal(await buttonNames(author.page), ['Apply', 'Cancel request', 'Schedule'], 'the author, Approved');
  await author.page.getByRole('button', { name: 'Apply' }).click();
  await state(author.page, 'Applied');
  await author.page.getByText('it is closed and never changes again').waitFor();
  assert.equal(await buttonNames(author.page), [], 'a closed request offers no move');
  assert.is(await author.page.getByLabel('Add a comment').count(), 0, 'nor a comment');
  await screenshot(author.page, 'change-request-applied');
  await assertAccessible(author.page, 'applied change request');
  const stored = await apiGet<StoredChangeRequest>(requestPath);
  assert.is(stored.state, 'Applied');
  assert.equal(
    stored.approvals.map((a) => a.createdBy.username),
    ['reviewer'],
  );
  assert.equal(
    stored.comments.map((c) => c.text),
    ['Maintenance window agreed with support.'],
  );

  // The flag shows the change, on the project and through the API.
  assert.is(enabledIn(await apiGet<StoredFeature>(flagPath), ENVIRONMENT), true, 'the API has the applied change');
  await author.page.goto(`${s.url()}/#/projects/${PROJECT}`);
  await author.page.waitForSelector(`[role=switch][aria-label="${FLAG} in ${ENVIRONMENT}"][aria-checked="true"]`);
  await author.page.locator(`tr[data-change-request="${id}"]`, { hasText: 'Applied' }).waitFor();

  // The events list shows the request's events and the feature event its apply caused.
  await author.page.getByRole('link', { name: 'Events' }).click();
  // The events screen's select (the project screen, still shown for a moment, has a section named by a "Project …" heading).
  await author.page.getByRole('combobox', { name: 'Project', exact: true }).selectOption(PROJECT);
  await author.page.getByText(`Every event of project ${PROJECT}.`).waitFor();
  const expected = [
    'change-request-created',
    'change-added',
    'change-request-sent-to-review',
    'change-request-comment-added',
    'change-request-approval-added',
    'change-request-approved',
    'change-request-applied',
    'feature-environment-enabled',
  ];
  await author.page.waitForFunction(
    (types) => {
      const shown = new Set([...document.querySelectorAll('ol.events .event-type')].map((e) => e.textContent));
      return types.every((t) => shown.has(t));
    },
    expected,
    { timeout: 60_000 },
  );
  await screenshot(author.page, 'change-request-events');
});

browserTest('an approved request is scheduled at a date and time, then cancelled; a comment of markup is text', async () => {
  const author = await signedInTab(authorKey);
  const created = await addChangeAs(authorKey, { feature: 'admin-console-access', action: 'updateEnabled', payload: { enabled: false } });
  const requestPath = `/api/admin/projects/${PROJECT}/change-requests/${created.id}`;
  await sendAs(authorKey, 'PUT', `${requestPath}/state`, { state: 'In review' });
  await sendAs(reviewerKey, 'PUT', `${requestPath}/state`, { state: 'Approved' });

  await author.page.goto(`${s.url()}/#/projects/${PROJECT}/change-requests/${created.id}`);
  await state(author.page, 'Approved');
  // A comment is text, never markup (a dialog would fail the test).
  await author.page.getByLabel('Add a comment').fill(XSS);
  await author.page.getByRole('button', { name: 'Comment' }).click();
  await author.page.locator('main li', { hasText: XSS }).waitFor();
  assert.is(await author.page.locator('main img').count(), 0, 'no img element was created');
  const when = '2099-06-01T09:30';
  await author.page.getByLabel('Apply at (your local time)').fill(when);
  await author.page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await state(author.page, 'Scheduled');
  const stored = await apiGet<{ state: string; schedule: { scheduledAt: string; status: string } }>(requestPath);
  // The test browser runs in UTC (browser.ts), so the local time typed is that instant.
  assert.equal(stored.schedule, { scheduledAt: '2099-06-01T09:30:00.000Z', status: 'pending' });
  await author.page.getByTestId('schedule').filter({ hasText: '2099' }).waitFor();
  assert.equal(await buttonNames(author.page), ['Apply now', 'Cancel request', 'Schedule again']);
  await screenshot(author.page, 'change-request-scheduled');
  await assertAccessible(author.page, 'scheduled change request');
  await author.page.getByRole('button', { name: 'Cancel request' }).click();
  await state(author.page, 'Cancelled');
  assert.is((await apiGet<{ state: string }>(requestPath)).state, 'Cancelled');
  assert.is(
    enabledIn(await apiGet<StoredFeature>(`/api/admin/projects/${PROJECT}/features/admin-console-access`), ENVIRONMENT),
    true,
    'a cancelled request changed nothing',
  );
});

browserTest(
  'a change whose strategy changed meanwhile shows the conflict; apply is refused and changes nothing; apply anyway',
  async () => {
    const strategies = `/api/admin/projects/${PROJECT}/features/${CONFLICT_FLAG}/environments/${ENVIRONMENT}/strategies`;
    const rollout = (percent: string) => ({
      name: 'flexibleRollout',
      parameters: { rollout: percent, stickiness: 'default', groupId: CONFLICT_FLAG },
      constraints: [],
    });
    const strategy = await s.apiSend<{ id: string }>('POST', strategies, rollout('10'));
    const created = await addChangeAs(authorKey, {
      feature: CONFLICT_FLAG,
      action: 'updateStrategy',
      payload: { id: strategy.id, ...rollout('25') },
    });
    const requestPath = `/api/admin/projects/${PROJECT}/change-requests/${created.id}`;
    await sendAs(authorKey, 'PUT', `${requestPath}/state`, { state: 'In review' });
    await sendAs(reviewerKey, 'PUT', `${requestPath}/state`, { state: 'Approved' });
    await s.apiSend('PUT', `${strategies}/${strategy.id}`, rollout('75'));
    const storedRollout = async () =>
      (await apiGet<{ parameters: Record<string, string> }>(`${strategies}/${strategy.id}`)).parameters['rollout'];

    const author = await signedInTab(authorKey);
    await author.page.goto(`${s.url()}/#/projects/${PROJECT}/change-requests/${created.id}`);
    await state(author.page, 'Approved');
    await author.page.locator('.conflict', { hasText: 'Strategy has been changed since this change was made' }).waitFor();
    const row = author.page.locator('li.change tr', { hasText: 'parameters.rollout' });
    await row.waitFor();
    assert.is(await row.locator('.diff-before').innerText(), '75', 'the live strategy, changed meanwhile');
    assert.is(await row.locator('.diff-after').innerText(), '25');
    assert.is(await author.page.locator('li.change tr').count(), 2, 'only the field the change sets: a header row and parameters.rollout');
    assert.equal(await buttonNames(author.page), ['Apply', 'Cancel request', 'Apply anyway (over the conflicts)', 'Schedule']);
    await screenshot(author.page, 'change-request-conflicts');
    await assertAccessible(author.page, 'change request with a conflict');

    await author.page.getByRole('button', { name: 'Apply', exact: true }).click();
    await author.page.getByRole('alert').filter({ hasText: 'has conflicts' }).waitFor();
    assert.is((await apiGet<{ state: string }>(requestPath)).state, 'Approved');
    assert.is(await storedRollout(), '75', 'a refused apply changes nothing');
    await author.page.getByRole('button', { name: 'Apply anyway (over the conflicts)' }).click();
    await state(author.page, 'Applied');
    assert.is(await storedRollout(), '25', 'forced: the change overwrote the one made meanwhile');

    // The project's list: every request of the project, newest first, as the API lists them.
    await author.page.goto(`${s.url()}/#/projects/${PROJECT}`);
    await author.page.locator(`tr[data-change-request="${created.id}"]`, { hasText: 'Applied' }).waitFor();
    const listed = await author.page
      .locator('tr[data-change-request]')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-change-request'))));
    const api = (await apiGet<{ id: number }[]>(`/api/admin/projects/${PROJECT}/change-requests`)).map((cr) => cr.id);
    assert.equal(listed, api);
    assert.ok(listed.length >= 3 && listed.every((id, i) => i === 0 || id < listed[i - 1]!), `newest first: ${listed.join(', ')}`);
  },
);

browserTest('a Draft discarded by its author is gone from the project and the API', async () => {
  const author = await signedInTab(authorKey);
  const created = await addChangeAs(authorKey, { feature: FLAG, action: 'updateEnabled', payload: { enabled: false } });
  await author.page.goto(`${s.url()}/#/projects/${PROJECT}/change-requests/${created.id}`);
  await state(author.page, 'Draft');
  await author.page.getByRole('button', { name: 'Discard draft' }).click();
  await author.page.getByRole('heading', { level: 1, name: 'Platform' }).waitFor();
  await author.page.locator('tr[data-change-request]').first().waitFor();
  assert.is(await author.page.locator(`tr[data-change-request="${created.id}"]`).count(), 0, 'not listed');
  const res = await fetch(`${s.url()}/api/admin/projects/${PROJECT}/change-requests/${created.id}`, {
    headers: { authorization: authorKey },
  });
  assert.is(res.status, 404, 'the API no longer shows it');
});

/** The action buttons of the request's screen, in order (the section appears once the page knows the key). */
async function buttonNames(page: Page): Promise<string[]> {
  const actions = page.locator('section[aria-labelledby="actions-heading"]');
  await actions.waitFor();
  return actions.locator('button').allInnerTexts();
}

async function sendAs<T>(key: string, method: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${s.url()}${path}`, {
    method,
    headers: { authorization: key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const addChangeAs = (key: string, change: unknown) =>
  sendAs<{ id: number }>(key, 'POST', `/api/admin/projects/${PROJECT}/environments/${ENVIRONMENT}/change-requests`, change);

s.run();
