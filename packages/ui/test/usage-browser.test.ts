// Usage and applications in Debian's chromium against the spawned bin: a flag's exposures per hour as
// SDKs reported them (a chart drawn in SVG, per environment or all), the applications with their SDKs,
// one application's environments with instances, SDKs (an outdated one marked) and issues, and its
// instances. axe-core on each screen.
import * as assert from 'uvu/assert';
import { screenshot } from './browser';
import { browserSuite } from './browser-suite';

const s = browserSuite('usage and applications in chromium', {
  async setup(suite) {
    await suite.apiSend('POST', '/api/admin/projects/default/features', { name: 'usage-flag' });
    const { secret } = await suite.apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', {
      tokenName: 'sdk',
      type: 'client',
      environment: 'development',
    });
    const send = async (path: string, body: unknown) => {
      const res = await fetch(`${suite.url()}${path}`, {
        method: 'POST',
        headers: { authorization: secret, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.is(res.status, 202, `${path}: ${await res.text()}`);
    };
    const started = new Date().toISOString();
    await send('/api/client/register', {
      appName: 'shop',
      instanceId: 'shop-1',
      sdkVersion: 'unleash-client-node:5.0.0',
      strategies: ['default'],
      started,
      interval: 10,
    });
    await send('/api/client/register', {
      appName: 'shop',
      instanceId: 'shop-2',
      sdkVersion: 'unleash-client-node:6.1.0',
      strategies: ['default'],
      started,
      interval: 10,
    });
    await send('/api/client/metrics', {
      appName: 'shop',
      instanceId: 'shop-1',
      bucket: { start: started, stop: started, toggles: { 'usage-flag': { yes: 30, no: 12 } } },
    });
    await send('/api/client/metrics', {
      appName: 'billing',
      instanceId: 'bill-1',
      bucket: { start: started, stop: started, toggles: { 'usage-flag': { yes: 5, no: 0 } } },
    });
  },
});
const { signedInTab, assertAccessible } = s;

s.test("a flag's exposures per hour, drawn in SVG, with the applications that saw it", async () => {
  const { page } = await signedInTab();
  await page.goto(`${s.url()}/#/projects/default/features/usage-flag`);
  const usage = page.getByRole('region', { name: 'Usage' });
  const chart = usage.getByRole('img', { name: /^Exposures per hour/ });
  await chart.waitFor();
  assert.match((await chart.getAttribute('aria-label')) ?? '', /24 hours: 35 on, 12 off/);
  assert.match((await usage.getByTestId('usage-apps').textContent()) ?? '', /billing, shop/);
  assert.is(await chart.locator('rect.on[height]').count(), 24, 'a bar per hour');
  await assertAccessible(page, 'flag usage');
  await screenshot(page, 'flag-usage');

  await usage.getByLabel('Environment').selectOption('production');
  await usage.getByTestId('usage-none').waitFor();
  await usage.getByLabel('Environment').selectOption('development');
  await usage.getByLabel('Period').selectOption('48');
  await usage.getByRole('img', { name: /48 hours: 35 on, 12 off/ }).waitFor();
});

s.test('the applications, one with its environments, SDKs, an outdated one marked, and its instances', async () => {
  const { page } = await signedInTab();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }).click();
  await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
  const table = page.getByRole('table', { name: 'Applications' });
  await table.locator('tr[data-app="shop"]').waitFor();
  assert.match((await table.locator('tr[data-app="shop"]').textContent()) ?? '', /unleash-client-node:\d.*default/);
  await assertAccessible(page, 'applications');

  await table.getByRole('link', { name: 'shop' }).click();
  await page.getByRole('heading', { level: 1, name: 'shop' }).waitFor();
  const env = page.getByRole('table', { name: 'Environments' }).locator('tr[data-environment="development"]');
  await env.waitFor();
  assert.match((await env.textContent()) ?? '', /2.*unleash-client-node:5\.0\.0 \(outdated\).*unleash-client-node:6\.1\.0/);
  assert.is(await page.getByTestId('feature-count').textContent(), '1');
  await env.getByRole('button', { name: 'Instances in development' }).click();
  const instances = page.getByRole('table', { name: 'Instances in development' });
  await instances.locator('tr[data-instance="shop-2"]').waitFor();
  assert.is(await instances.locator('tr[data-instance]').count(), 2);
  await assertAccessible(page, 'application');
  await screenshot(page, 'application');
});

s.run();
