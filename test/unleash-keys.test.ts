// Keys as Unleash users have them, on the spawned bin over real HTTP with its data on disk: start-up
// secrets in Unleash's shapes (weak ones warned about, never printed), listed without secrets, deleted
// by Unleash's path (the secret) and revoked for good, across a restart with the same start-up keys;
// with start-up keys given, the demo data comes without a generated key.
import { randomBytes } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { killAll, scratchDirs, startBin } from './helpers/bin';

const test = suite("Unleash's keys on the bin");
const dirs = scratchDirs();

test.after(async () => {
  await killAll();
  dirs.removeAll();
});

const ADMIN = `*:*.${randomBytes(28).toString('hex')}`; // Unleash generates 56 hex characters
const CLIENT = `default:development.${randomBytes(28).toString('hex')}`;
const COMPOSE = 'default:development.unleash-insecure-api-token'; // Unleash's docker-compose.yml

test('start-up keys in Unleash shapes work, weak ones are warned about; a deleted key stays revoked across a restart', async () => {
  const data = dirs.make();
  const env = { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: `${CLIENT},${COMPOSE}` };
  const first = await startBin(['--port', '0', '--data', data, '--no-demo'], env);
  assert.match(first.child.stderr, /flagadmin: warning: INIT_CLIENT_API_TOKENS entry 2 is a weak secret \(a published example secret\)/);
  assert.not.match(first.child.stderr, /INIT_ADMIN_API_TOKENS entry 1|INIT_CLIENT_API_TOKENS entry 1 /, 'strong keys are not warned about');
  const admin = { authorization: ADMIN };
  for (const secret of [CLIENT, COMPOSE]) {
    assert.is((await fetch(`${first.url}/api/client/features`, { headers: { authorization: secret } })).status, 200, secret);
  }

  const listed = await fetch(`${first.url}/api/admin/api-tokens`, { headers: admin });
  assert.is(listed.status, 200);
  const text = await listed.text();
  const { tokens } = JSON.parse(text) as { tokens: { id: number; type: string; project: string; environment: string }[] };
  assert.equal(
    tokens.map((t) => [t.type, t.project, t.environment]),
    [
      ['admin', '*', '*'],
      ['client', 'default', 'development'],
      ['client', 'default', 'development'],
    ],
  );
  for (const secret of [ADMIN, CLIENT, 'unleash-insecure-api-token'])
    assert.not.ok(text.includes(secret.slice(secret.indexOf('.') + 1)), 'no secret listed');

  const deleted = await fetch(`${first.url}/api/admin/api-tokens/${COMPOSE}`, { method: 'DELETE', headers: admin });
  assert.is(deleted.status, 200, await deleted.text());
  assert.is((await fetch(`${first.url}/api/client/features`, { headers: { authorization: COMPOSE } })).status, 401, 'its next request');
  const byId = await fetch(`${first.url}/api/admin/api-tokens/${tokens[1]!.id}`, { method: 'DELETE', headers: admin });
  assert.is(byId.status, 200);
  assert.is((await fetch(`${first.url}/api/client/features`, { headers: { authorization: CLIENT } })).status, 401);
  assert.is((await fetch(`${first.url}/api/admin/api-tokens/${tokens[1]!.id}`, { method: 'DELETE', headers: admin })).status, 404);
  const events = (await (await fetch(`${first.url}/api/admin/events`, { headers: admin })).json()) as { events: { type: string }[] };
  assert.is(events.events.filter((e) => e.type === 'api-token-deleted').length, 2);
  assert.is(events.events.filter((e) => e.type === 'api-token-created').length, 3);
  assert.not.ok(JSON.stringify(events).includes('unleash-insecure-api-token'), 'no secret in events');
  assert.equal(await first.child.stop(), { code: 0, signal: null });
  assert.not.ok((first.child.stdout + first.child.stderr).includes(CLIENT.slice(20)), 'no secret in the output');

  const second = await startBin(['--port', '0', '--data', data, '--no-demo'], env);
  assert.is((await fetch(`${second.url}/api/client/features`, { headers: { authorization: COMPOSE } })).status, 401, 'still revoked');
  assert.is((await fetch(`${second.url}/api/admin/api-tokens`, { headers: admin })).status, 200);
  await second.child.stop();
});

/** Every run of 32 or more hex characters in `text`: the secret part of any key flagadmin makes or takes. */
const hexRuns = (text: string): string[] => text.match(/[0-9a-f]{32,}/gi) ?? [];

test('a first start with INIT_ADMIN_API_TOKENS: demo data, but no key generated, stored or printed; the given key works', async () => {
  const data = dirs.make();
  const { child, url } = await startBin(['--port', '0', '--data', data], { INIT_ADMIN_API_TOKENS: ADMIN, LOG_LEVEL: 'info' });
  const admin = { authorization: ADMIN };
  const projects = (await (await fetch(`${url}/api/admin/projects`, { headers: admin })).json()) as { projects: { id: string }[] };
  assert.ok(
    projects.projects.some((p) => p.id === 'checkout'),
    'the demo data is there',
  );
  const patched = await fetch(`${url}/api/admin/projects/checkout/features/new-checkout-flow`, {
    method: 'PATCH',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify([{ op: 'replace', path: '/description', value: 'with the given key' }]),
  });
  assert.is(patched.status, 200);
  const { tokens } = (await (await fetch(`${url}/api/admin/api-tokens`, { headers: admin })).json()) as {
    tokens: { type: string; tokenName: string }[];
  };
  assert.equal(
    tokens.filter((t) => t.type === 'admin').map((t) => t.tokenName),
    ['init-admin-token-1'],
    'no second admin key exists',
  );
  assert.equal(await child.stop(), { code: 0, signal: null });
  const output = child.stdout + child.stderr;
  assert.match(child.stdout, /Demo data created/);
  assert.not.match(output, /Admin API key/);
  assert.equal(hexRuns(output), [], `no secret in the output:\n${output}`);
});

test('a first start with only INIT_CLIENT_API_TOKENS: demo data, no admin key printed, and how to get one', async () => {
  const data = dirs.make();
  const client = `*:development.${randomBytes(32).toString('hex')}`; // every project: the demo's are not `default`
  const first = await startBin(['--port', '0', '--data', data], { INIT_CLIENT_API_TOKENS: client });
  const features = await fetch(`${first.url}/api/client/features`, { headers: { authorization: client } });
  assert.ok(((await features.json()) as { features: unknown[] }).features.length > 0, 'the SDK reads the demo features');
  await first.child.stop();
  assert.match(first.child.stdout, /Demo data created[\s\S]*No admin key yet: restart with INIT_ADMIN_API_TOKENS/);
  assert.equal(hexRuns(first.child.stdout + first.child.stderr), []);

  const second = await startBin(['--port', '0', '--data', data], { INIT_ADMIN_API_TOKENS: ADMIN });
  const { tokens } = (await (await fetch(`${second.url}/api/admin/api-tokens`, { headers: { authorization: ADMIN } })).json()) as {
    tokens: { type: string; tokenName: string }[];
  };
  assert.equal(
    tokens.filter((t) => t.type === 'admin').map((t) => t.tokenName),
    ['init-admin-token-1'],
    'the only admin key is the one given',
  );
  await second.child.stop();
});

test.run();
