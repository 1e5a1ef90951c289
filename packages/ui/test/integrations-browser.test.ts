// The integrations screen in Debian's chromium against the spawned bin, with a receiver on 127.0.0.1 started
// here: a webhook added with its parameters and events, listed without its secrets, switched off and on, sent
// a test (the receiver gets it; the delivery shows as sent), a Slack integration whose receiver is down shown
// failed after the retry time, and a deletion asked twice. axe-core on each state.
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startReceiver, type Receiver } from '../../../test/helpers/integration-receiver';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

interface Addon {
  id: number;
  provider: string;
  enabled: boolean;
  parameters: Record<string, string>;
  events: string[];
}

let receiver: Receiver;
let dead: Receiver;
const s = browserSuite('integrations in chromium', {
  // A failure is recorded after 300 ms of retries instead of ten minutes.
  env: { FLAGADMIN_INTEGRATIONS_GIVE_UP_MS: '300' },
  setup: async () => {
    receiver = await startReceiver();
    dead = await startReceiver();
    await dead.down();
  },
});
const { signedInTab, apiGet, assertAccessible } = s;

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();
const addons = async () => (await apiGet<{ addons: Addon[] }>('/api/admin/addons')).addons;

/** Refreshes the shown deliveries until a row of `state` is there (the delivery runs beside the page). */
async function deliveryShown(page: Page, state: 'success' | 'failed'): Promise<void> {
  const row = page.locator(`tr[data-delivery="${state}"]`);
  while ((await row.count()) === 0) {
    await page.getByRole('button', { name: 'Refresh deliveries' }).click();
    await page.waitForTimeout(50);
  }
}

async function addIntegration(page: Page, provider: string, parameters: Record<string, string>, events: string[]): Promise<void> {
  const form = page.getByRole('form', { name: 'Add an integration' });
  await form.getByLabel('Provider').selectOption(provider);
  for (const [label, value] of Object.entries(parameters)) await form.getByLabel(label, { exact: true }).fill(value);
  for (const event of events) await form.getByRole('checkbox', { name: event, exact: true }).check();
}

s.test('add a webhook, switch it off and on, test it, see its deliveries and a failure, delete', async () => {
  const { page } = await signedInTab();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
  await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
  await page.getByText('No integration yet.').waitFor();
  await assertAccessible(page, 'integrations, none yet');

  await addIntegration(
    page,
    'webhook',
    { 'Webhook URL': receiver.url, 'Authorization (optional)': 'Bearer page-secret', 'Signing secret (optional)': 'page-signing' },
    ['feature-created'],
  );
  await page.getByRole('form', { name: 'Add an integration' }).getByLabel('Description (optional)').fill('To the incident tool');
  await assertAccessible(page, 'a webhook being added');
  await page.getByRole('button', { name: 'Add Webhook integration' }).click();
  await status(page, 'Webhook integration added.');
  const table = page.getByRole('table', { name: 'Integrations' });
  await table.getByRole('rowheader', { name: /Webhook \d+/ }).waitFor();
  const [webhook] = await addons();
  assert.equal([webhook!.provider, webhook!.enabled, webhook!.events], ['webhook', true, ['feature-created']]);
  assert.is(webhook!.parameters['authorization'], '*****');
  const label = `Webhook ${webhook!.id}`;
  assert.not.ok((await page.content()).includes('page-secret'), 'no secret on the page');

  await page.getByRole('switch', { name: `Enabled: ${label}` }).click();
  await status(page, `${label} disabled.`);
  assert.is((await addons())[0]!.enabled, false);
  await page.getByRole('switch', { name: `Enabled: ${label}` }).click();
  await status(page, `${label} enabled.`);
  const back = (await addons())[0]!;
  assert.equal([back.enabled, back.parameters['authorization']], [true, '*****']);

  await page.getByRole('button', { name: `Send a test to ${label}` }).click();
  await status(page, `Test sent to ${label}`);
  await receiver.until((q) => q.length === 1);
  const sent = receiver.requests[0]!;
  assert.is(JSON.parse(sent.body).type, 'addon-test-requested');
  assert.is(sent.headers['authorization'], 'Bearer page-secret', 'the stored secret was sent, unchanged by the switch');
  await page.getByRole('heading', { level: 2, name: `Recent deliveries of ${label}` }).waitFor();
  await deliveryShown(page, 'success');
  await assertAccessible(page, 'deliveries');

  // A Slack integration whose receiver is down: its test is shown failed once the retry time is over.
  await addIntegration(page, 'slack', { 'Slack webhook URL': dead.url, 'Default channel': 'ops' }, ['feature-created']);
  await page.getByRole('button', { name: 'Add Slack integration' }).click();
  await status(page, 'Slack integration added.');
  const slack = (await addons()).find((a) => a.provider === 'slack')!;
  await page.getByRole('button', { name: `Send a test to Slack ${slack.id}` }).click();
  await page.getByRole('heading', { level: 2, name: `Recent deliveries of Slack ${slack.id}` }).waitFor();
  await deliveryShown(page, 'failed');
  await page
    .locator('tr[data-delivery="failed"]')
    .filter({ hasText: /could not be reached/ })
    .waitFor();
  await assertAccessible(page, 'a failed delivery');
  await screenshot(page, 'integrations');

  await page.getByRole('button', { name: `Delete Slack ${slack.id}` }).click();
  await page.getByRole('button', { name: `Yes, delete Slack ${slack.id}` }).click();
  await status(page, `Slack ${slack.id} deleted.`);
  assert.equal(
    (await addons()).map((a) => a.provider),
    ['webhook'],
  );
});

s.test('a key that is not an admin reads the integrations and changes nothing (the last test: the receivers close after it)', async () => {
  try {
    const editor = await s.apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', {
      tokenName: 'integrations-editor',
      type: 'admin',
      role: 'editor',
    });
    const { page } = await signedInTab(editor.secret);
    await page.goto(`${s.url()}/#/integrations`);
    await page.getByText('Only admin keys change integrations; this key reads them.').waitFor();
    await page
      .getByRole('table', { name: 'Integrations' })
      .getByRole('rowheader', { name: /Webhook \d+/ })
      .waitFor();
    assert.is(await page.getByRole('form', { name: 'Add an integration' }).count(), 0);
    assert.is(await page.getByRole('button', { name: /Delete|Send a test/ }).count(), 0);
    await assertAccessible(page, 'integrations read by an editor');
  } finally {
    await receiver.close();
    await dead.close();
  }
});

s.run();
