// OpenFeature's server SDK with the OFREP server provider (0.1.3) reading a flagadmin served on
// 127.0.0.1: targeting, variants with payloads, unknown flags and other projects, a change seen at the
// next evaluation, a refused key; and the example's own command run as a child process.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createFlagadmin, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { toNodeListener } from '@flagadmin/node-http';
import { memoryStorage } from '@flagadmin/storage-memory';
import type { Client } from '@openfeature/server-sdk';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connectFlags, disconnectFlags } from '../src/flags';

const test = suite('OFREP server provider (OpenFeature server SDK) against flagadmin');
const ENV = (flag: string, project = 'default') => `/api/admin/projects/${project}/features/${flag}/environments/development`;
let server: Server;
let url: string;
let adminKey: string;
let clientKey: string;
let flags: Client;

async function admin(method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: adminKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${await res.text()}`);
}

test.before(async () => {
  const { admin: core, handle } = createFlagadmin({ storage: memoryStorage() });
  server = createServer(toNodeListener(handle));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  adminKey = (await core.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'seed', type: 'admin' } })).secret;
  clientKey = (
    await core.createApiKey(SYSTEM_PRINCIPAL, {
      body: { tokenName: 'checkout', type: 'client', environment: 'development', projects: ['default'] },
    })
  ).secret;
  await admin('POST', '/api/admin/projects', { id: 'billing', name: 'Billing' });
  for (const name of ['new-checkout', 'colors']) await admin('POST', '/api/admin/projects/default/features', { name });
  await admin('POST', '/api/admin/projects/billing/features', { name: 'billing-only' });
  await admin('POST', `${ENV('new-checkout')}/strategies`, {
    name: 'default',
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }],
  });
  await admin('POST', `${ENV('colors')}/strategies`, { name: 'default' });
  await admin('PUT', `${ENV('colors')}/variants`, [
    { name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'json', value: '{"shade":1}' } },
  ]);
  await admin('POST', `${ENV('billing-only', 'billing')}/strategies`, { name: 'default' });
  for (const [flag, project] of [
    ['new-checkout', 'default'],
    ['colors', 'default'],
    ['billing-only', 'billing'],
  ] as const) {
    await admin('POST', `${ENV(flag, project)}/on`, {});
  }
  flags = await connectFlags({ url, key: clientKey });
});

test.after(async () => {
  await disconnectFlags();
  await new Promise((done) => server.close(done));
});

test('a boolean flag follows its targeting: on for u1, off for u2, with the reasons', async () => {
  const u1 = await flags.getBooleanDetails('new-checkout', false, { targetingKey: 'u1' });
  assert.equal([u1.value, u1.reason, u1.variant, u1.errorCode], [true, 'TARGETING_MATCH', 'on', undefined]);
  const u2 = await flags.getBooleanDetails('new-checkout', true, { targetingKey: 'u2' });
  assert.equal([u2.value, u2.reason, u2.variant], [false, 'DEFAULT', 'off']);
});

test("a variant's JSON payload is the object value", async () => {
  const colors = await flags.getObjectDetails('colors', {}, { targetingKey: 'u9' });
  assert.equal([colors.value, colors.variant, colors.reason], [{ shade: 1 }, 'blue', 'SPLIT']);
});

test('an unknown flag and a flag of another project answer the default with FLAG_NOT_FOUND', async () => {
  for (const flag of ['no-such-flag', 'billing-only']) {
    const details = await flags.getBooleanDetails(flag, true, { targetingKey: 'u1' });
    assert.equal([details.value, details.errorCode], [true, 'FLAG_NOT_FOUND'], flag);
  }
});

test('a change is seen at the next evaluation (the server provider keeps no copy)', async () => {
  await admin('POST', `${ENV('new-checkout')}/off`, {});
  const off = await flags.getBooleanDetails('new-checkout', true, { targetingKey: 'u1' });
  assert.equal([off.value, off.reason], [false, 'DISABLED']);
  await admin('POST', `${ENV('new-checkout')}/on`, {});
  assert.is(await flags.getBooleanValue('new-checkout', false, { targetingKey: 'u1' }), true);
});

test('a refused key answers the default with an error, never a value', async () => {
  const refused = await connectFlags({ url, key: 'default:development.0000', domain: 'refused' });
  const details = await refused.getBooleanDetails('new-checkout', false, { targetingKey: 'u1' });
  assert.is(details.value, false);
  assert.is(details.reason, 'ERROR');
  assert.ok(details.errorCode, 'an error code');
});

test("the example's command prints the evaluation", async () => {
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, ['--conditions=source', '--import', 'tsx', main, 'new-checkout', 'u1'], {
    env: { ...process.env, FLAGADMIN_URL: url, FLAGADMIN_KEY: clientKey },
  });
  assert.equal(JSON.parse(stdout), { flag: 'new-checkout', value: true, reason: 'TARGETING_MATCH', variant: 'on' });
});

test.run();
