// Integration secrets at rest, on memory, lowdb and PostgreSQL: stored sealed (the secret strings are in no
// byte of lowdb's data directory nor in the text of PostgreSQL's rows), sent in clear to a real receiver on
// 127.0.0.1 (its URL, headers and signature); a key that does not open them records a failure and sends
// nothing, a start with a previous key given beside the new one seals them again with the new one (rotation);
// records stored in clear before are
// sealed at the first start with a key, in one write; without a key a secret is refused (400 naming the
// setting) and nothing is written. Every wait is for the receiver or the stored state to show the fact.
import { createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createAdmin, SYSTEM_PRINCIPAL, type AddonRecord, type Admin, type Storage } from '@flagadmin/core';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import { memoryStorage } from '@flagadmin/storage-memory';
import { postgresStorage } from '@flagadmin/storage-postgres';
import { startIntegrations, type Integrations } from '../packages/integrations/src/index';
import { startReceiver, TEST_SECRETS_KEY, type Receiver } from './helpers/integration-receiver';
import { sharedPostgres } from './helpers/postgres-schemas';
import { REPO_ROOT, runToEnd } from './helpers/bin';
import { secretSealer } from '../packages/core/src/base/secret-sealing';

/** Another valid key: what a process given the wrong key has. */
const OTHER_KEY = Buffer.alloc(32, 7).toString('base64');
const URL_SECRET = 'url-key-at-rest';
const AUTHORIZATION = 'Bearer authorization-at-rest';
const SIGNING = 'signing-secret-at-rest';
const HEADER = 'header-secret-at-rest';
const SECRETS = [URL_SECRET, AUTHORIZATION, SIGNING, HEADER];

interface Kind {
  name: string;
  /**
   * A fresh storage, and its stored text: what a reader of the disk (the files, the table's rows) reads.
   * `settled` gives the storage after it wrote down everything it keeps (lowdb: closed, its journal folded
   * into its snapshot, and opened again).
   */
  open(): Promise<{ storage: Storage; stored(): Promise<string>; settled(): Promise<Storage>; cleanup(): Promise<void> }>;
}

async function filesText(dir: string): Promise<string> {
  const texts: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) texts.push((await readFile(join(entry.parentPath, entry.name))).toString('latin1'));
  }
  return texts.join('\n');
}

let schemas = 0;
const KINDS: Kind[] = [
  {
    name: 'memory',
    open: async () => {
      const storage = memoryStorage();
      return {
        storage,
        stored: () => storage.read(async (tx) => JSON.stringify(await tx.list('addons'))),
        settled: async () => storage,
        cleanup: async () => undefined,
      };
    },
  },
  {
    name: 'lowdb',
    open: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'flagadmin-secrets-'));
      let storage = await lowdbStorage({ dir });
      return {
        storage,
        stored: () => filesText(dir),
        settled: async () => {
          await storage.close();
          storage = await lowdbStorage({ dir });
          return storage;
        },
        cleanup: async () => {
          await storage.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    open: async () => {
      const { pool } = await sharedPostgres();
      const schema = `integration_secrets_${process.pid}_${++schemas}`;
      const storage = await postgresStorage({ pool, schema });
      return {
        storage,
        stored: async () =>
          (await pool.query<{ data: string }>(`SELECT data::text AS data FROM "${schema}".addons`)).rows.map((r) => r.data).join('\n'),
        settled: async () => storage,
        cleanup: async () => {
          await storage.close();
          await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
        },
      };
    },
  },
];

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function rejects(promise: Promise<unknown>): Promise<Error & { name: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { name: string };
  }
  throw new Error('expected a rejection');
}

function secretsSuite(kind: Kind): void {
  const test = suite(`integration secrets at rest (${kind.name})`);
  let storage: Storage;
  let stored: () => Promise<string>;
  let settled: () => Promise<Storage>;
  let cleanup: () => Promise<void>;
  let receiver: Receiver;
  const deliveries: Integrations[] = [];
  const logged: [unknown, string | undefined][] = [];
  const logger = Object.fromEntries(
    ['debug', 'info', 'warn', 'error'].map((level) => [level, (fields: unknown, message?: string) => logged.push([fields, message])]),
  ) as never;

  test.before.each(async () => {
    ({ storage, stored, settled, cleanup } = await kind.open());
    receiver = await startReceiver(() => 200, URL_SECRET);
    logged.length = 0;
  });
  test.after.each(async () => {
    for (const d of deliveries.splice(0)) await d.close();
    await receiver.close();
    await cleanup();
  });

  const adminWith = (keys: { secretsKey?: string; previousSecretsKeys?: string[] }) => createAdmin({ storage, logger, ...keys });
  const deliver = (admin: Admin) =>
    deliveries.push(
      startIntegrations({
        storage,
        secrets: admin.context.secrets,
        logger,
        retry: { firstDelayMs: 5, maxDelayMs: 20, giveUpAfterMs: 60_000 },
      }),
    );
  const webhook = (admin: Admin) =>
    admin.createAddon(SYSTEM_PRINCIPAL, {
      body: {
        provider: 'webhook',
        parameters: {
          url: receiver.url,
          authorization: AUTHORIZATION,
          signingSecret: SIGNING,
          customHeaders: JSON.stringify({ 'X-Api-Key': HEADER }),
        },
        events: ['feature-created'],
      },
    });
  const createFlag = (admin: Admin, name: string) => admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name } });
  const outcomes = (admin: Admin, id: number) => () => admin.getIntegrationEvents(SYSTEM_PRINCIPAL, { id: String(id) });
  const noSecretIn = (text: string, where: string) => {
    for (const secret of SECRETS) assert.not.ok(text.includes(secret), `${secret} in ${where}`);
  };

  test('stored sealed (no secret in the stored bytes), sent in clear: the URL, headers and signature', async () => {
    const admin = adminWith({ secretsKey: TEST_SECRETS_KEY });
    const addon = await webhook(admin);
    const text = await stored();
    assert.ok(text.includes('flagadmin-sealed:v1:'), 'the record is stored');
    noSecretIn(text, 'the stored data');
    // An update sending the masked values back keeps them sealed, as they were.
    await admin.updateAddon(SYSTEM_PRINCIPAL, { id: String(addon.id), body: { ...addon, description: 'changed' } });
    noSecretIn(await stored(), 'the stored data after an update');
    deliver(admin);
    await createFlag(admin, 'sent-in-clear');
    await receiver.until((q) => q.length === 1);
    const [request] = receiver.requests;
    assert.is(request!.path, `/hook?key=${URL_SECRET}`);
    assert.is(request!.headers['authorization'], AUTHORIZATION);
    assert.is(request!.headers['x-api-key'], HEADER);
    assert.is(request!.headers['x-flagadmin-signature'], `sha256=${createHmac('sha256', SIGNING).update(request!.body).digest('hex')}`);
    noSecretIn(JSON.stringify(logged), 'the log');
  });

  test('a key that does not open them: the failure recorded with its reason, nothing sent; a rotation through a previous key', async () => {
    const first = adminWith({ secretsKey: TEST_SECRETS_KEY });
    const addon = await webhook(first);
    const wrong = adminWith({ secretsKey: OTHER_KEY });
    deliver(wrong);
    await createFlag(wrong, 'not-sent');
    const failed = await until(outcomes(wrong, addon.id), (o) => o.integrationEvents.length === 1);
    const [outcome] = failed.integrationEvents;
    assert.is(outcome!.state, 'failed');
    assert.match(
      outcome!.stateDetails,
      /secrets cannot be read \(the parameter \w+ does not open: sealed with a key this process was not given/,
    );
    assert.not.ok(outcome!.stateDetails.includes('flagadmin-sealed'), 'no sealed text in the reason');
    assert.is(receiver.requests.length, 0, 'nothing sent');
    await deliveries.pop()!.close();
    // A rotation: a start with the new key and the old one as previous seals everything again with the new
    // key (one write, counted in the log), after which the previous key may go.
    const rotated = adminWith({ secretsKey: OTHER_KEY, previousSecretsKeys: [TEST_SECRETS_KEY] });
    await rotated.context.ready();
    const line = logged.find(([, message]) => message?.startsWith('integration secrets sealed with the current key'));
    assert.equal(line?.[0], { integrations: 1, clear: 0, previousKey: 4 });
    const newOnly = adminWith({ secretsKey: OTHER_KEY });
    deliver(newOnly);
    await createFlag(newOnly, 'sent-after-rotation');
    await receiver.until((q) => q.length === 1);
    assert.is(receiver.requests[0]!.path, `/hook?key=${URL_SECRET}`);
    assert.is(JSON.parse(receiver.requests[0]!.body).featureName, 'sent-after-rotation');
    noSecretIn(JSON.stringify(logged), 'the log');
  });

  test('records stored in clear before are sealed at the first start with a key: one write, counted in the log', async () => {
    const clear: AddonRecord = {
      id: 1,
      provider: 'webhook',
      description: null,
      enabled: true,
      parameters: { url: receiver.url, authorization: AUTHORIZATION, contentType: 'application/json', customHeaders: '' },
      events: ['feature-created'],
      projects: [],
      environments: [],
      createdAt: new Date().toISOString(),
    };
    await storage.write(async (tx) => {
      await tx.put('addons', clear);
      await tx.put('settings', { name: 'integration-delivery:1', value: { lastEventId: 0, integrationEvents: [] } });
    });
    // Without a key they stay as they are, and a warning says so.
    await adminWith({}).context.ready();
    assert.ok(
      logged.some(
        ([fields, message]) =>
          message?.includes('keep secret parameters in clear') && (fields as { integrations: number }).integrations === 1,
      ),
    );
    assert.ok((await stored()).includes(AUTHORIZATION));
    const revision = () => storage.read((tx) => tx.revision());
    const before = await revision();
    const admin = adminWith({ secretsKey: TEST_SECRETS_KEY });
    await admin.context.ready();
    assert.is((await revision()) - before, 1, 'one write');
    const line = logged.find(([, message]) => message?.startsWith('integration secrets sealed with the current key'));
    assert.equal(line?.[0], { integrations: 1, clear: 2, previousKey: 0 });
    // The next start finds nothing to seal and writes nothing.
    await adminWith({ secretsKey: TEST_SECRETS_KEY }).context.ready();
    assert.is((await revision()) - before, 1, 'no write at the next start');
    deliver(admin);
    await createFlag(admin, 'after-the-upgrade');
    await receiver.until((q) => q.length === 1);
    assert.is(receiver.requests[0]!.path, `/hook?key=${URL_SECRET}`);
    assert.is(receiver.requests[0]!.headers['authorization'], AUTHORIZATION);
    for (const d of deliveries.splice(0)) await d.close();
    // lowdb: the clear record the earlier version wrote stays in its snapshot until the next checkpoint (at the
    // latest when the process stops); then nothing of it is left.
    storage = await settled();
    noSecretIn(await stored(), 'the stored data');
  });

  test('without a key: a secret refused (400 naming the setting), nothing written; sealed ones fail to send; bad keys refused', async () => {
    const none = adminWith({});
    const count = () => storage.read(async (tx) => [(await tx.list('addons')).length, await tx.countEvents({})]);
    await none.context.ready();
    const before = await count();
    const error = await rejects(webhook(none));
    assert.is(error.name, 'BadDataError');
    assert.match(error.message, /The parameter url is a secret.*FLAGADMIN_SECRETS_KEY/);
    assert.equal(await count(), before, 'nothing written');
    // Sealed by a keyed process, delivered by one without a key: recorded as failed.
    const addon = await webhook(adminWith({ secretsKey: TEST_SECRETS_KEY }));
    deliver(none);
    await createFlag(none, 'no-key');
    const failed = await until(outcomes(none, addon.id), (o) => o.integrationEvents.length === 1);
    assert.match(failed.integrationEvents[0]!.stateDetails, /sealed and this process was given no secrets key/);
    assert.is(receiver.requests.length, 0);
    for (const keys of [{ secretsKey: 'too-short' }, { secretsKey: 'x'.repeat(44) }, { previousSecretsKeys: [TEST_SECRETS_KEY] }]) {
      const setup = await rejects(Promise.resolve().then(() => adminWith(keys)));
      assert.is(setup.name, 'SetupError');
      assert.is((setup as unknown as { code: string }).code, 'INVALID_SECRETS_KEY');
    }
  });

  test.run();
}

for (const kind of KINDS) secretsSuite(kind);

const hosts = suite('integration secrets sealed on other hosts (WebCrypto)');
hosts('a value sealed on Deno and on Bun opens on Node with the same key and binding, and not with another binding', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flagadmin-sealing-'));
  try {
    const script = join(dir, 'seal.ts');
    const source = join(REPO_ROOT, 'packages/core/src/base/secret-sealing.ts');
    await writeFile(
      script,
      `import { secretSealer } from ${JSON.stringify(source)};\nconsole.log(await secretSealer(${JSON.stringify(TEST_SECRETS_KEY)}).seal('sealed elsewhere', 'the binding'));\n`,
    );
    const node = secretSealer(TEST_SECRETS_KEY);
    for (const [name, args] of [
      ['deno', ['run', '--quiet', '--no-config', script]],
      ['bun', ['run', script]],
    ] as const) {
      const ran = await runToEnd(join(REPO_ROOT, 'node_modules/.bin', name), args, { cwd: dir });
      assert.is(ran.code, 0, `${name}: ${ran.stderr}`);
      const sealed = ran.stdout.trim();
      assert.match(sealed, /^flagadmin-sealed:v1:[0-9a-f]{8}:/, name);
      assert.is(await node.open(sealed, 'the binding'), 'sealed elsewhere', name);
      assert.is((await rejects(node.open(sealed, 'another binding'))).name, 'SealedSecretError', name);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
hosts.run();
