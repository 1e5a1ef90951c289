// flagadmin's PostgreSQL storage through PgBouncer in transaction mode (Debian's `pgbouncer`, when the
// machine has it): two storages write and read through the pooler, event ids stay gap-free in commit
// order, the start-up lock holds across a transaction-mode pool, and notified reads follow the other
// storage's commits through `listenUrl` (LISTEN needs a direct connection: a pooler in transaction mode
// hands the listening server connection to other clients, and notifications to nobody).
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { postgresStorage, type PostgresStorage } from '@flagadmin/storage-postgres';
import { killAll, randomSecret, startBin } from './helpers/bin';
import { serverUser } from './helpers/postgres-binaries';
import { sql, startPostgres, type TestPostgres } from './helpers/postgres';
import { makeEvent, makeProject } from './helpers/records';

const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path));
const test = suite('PostgreSQL through PgBouncer (transaction mode)');
/** A hang guard on a busy machine, never a speed check. */
const GUARD_MS = 60_000;

let server: TestPostgres | undefined;
let bouncer: ChildProcess | undefined;
let pooled = '';

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.before(async () => {
  if (!PGBOUNCER) return;
  server = await startPostgres();
  const direct = new URL(server.url);
  const port = await freePort();
  const user = serverUser();
  const ini = join(server.dir, 'pgbouncer.ini');
  const users = join(server.dir, 'userlist.txt');
  writeFileSync(users, `"postgres" "${decodeURIComponent(direct.password)}"\n`);
  writeFileSync(
    ini,
    [
      '[databases]',
      `postgres = host=127.0.0.1 port=${direct.port} dbname=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${server.dir}`,
      'auth_type = scram-sha-256',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      'default_pool_size = 5',
      'max_client_conn = 200',
      // node-postgres sends the storage's time limits at connect; the pooler passes no such parameter on.
      'ignore_startup_parameters = statement_timeout,idle_in_transaction_session_timeout',
      '',
    ].join('\n'),
  );
  if (user) for (const file of [ini, users]) chownSync(file, user.uid, user.gid);
  bouncer = spawn(PGBOUNCER, [ini], { stdio: ['ignore', 'pipe', 'pipe'], ...(user ? { uid: user.uid, gid: user.gid } : {}) });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`pgbouncer did not start:\n${log}`)), GUARD_MS);
    const read = (text: Buffer) => {
      log += text.toString();
      if (/process up|listening on/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    bouncer!.stdout!.on('data', read);
    bouncer!.stderr!.on('data', read);
    bouncer!.once('exit', (code) => reject(new Error(`pgbouncer exited with ${code}:\n${log}`)));
  });
  const through = new URL(server.url);
  through.port = String(port);
  pooled = through.toString();
});

test.after(async () => {
  await killAll();
  bouncer?.kill('SIGINT');
  await server?.stop();
});

/** Two storages through the pooler, listening directly. */
async function pair(schema: string): Promise<[PostgresStorage, PostgresStorage]> {
  const open = () => postgresStorage({ url: pooled, listenUrl: server!.url, schema, max: 4 });
  const first = await open();
  return [first, await open()];
}

test('writes and reads through the pooler: gap-free event ids, every write acknowledged is there', async () => {
  if (!PGBOUNCER) return console.warn('pgbouncer is not installed: PgBouncer is not tested on this machine');
  const [a, b] = await pair('bounced');
  try {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).write(async (tx) => {
          await tx.put('projects', makeProject(`p${i}`));
          await tx.appendEvent(makeEvent({ project: `p${i}` }));
        }),
      ),
    );
    const ids = (await sql<{ id: string }>(server!.url, 'SELECT id FROM bounced.events ORDER BY id')).map((r) => Number(r.id));
    assert.equal(
      ids,
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    assert.is((await a.read((tx) => tx.list('projects'))).length, 40);
    assert.is(await b.read((tx) => tx.countEvents({})), 40);
  } finally {
    await a.close();
    await b.close();
  }
});

test('notified reads follow the other storage through listenUrl; the start-up lock holds behind the pooler', async () => {
  if (!PGBOUNCER) return;
  const [a, b] = await pair('listened');
  try {
    const names = () => b.read(async (tx) => (await tx.list('projects')).map((p) => p.id).join(), { freshness: 'notified' });
    assert.is(await names(), '');
    await a.write((tx) => tx.put('projects', makeProject('announced')));
    const started = performance.now();
    while ((await names()) !== 'announced') {
      if (performance.now() - started > GUARD_MS) assert.unreachable('the notified read never saw the commit');
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const order: string[] = [];
    await Promise.all(
      [a, b].map((storage, i) =>
        storage.exclusively(async () => {
          order.push(`start ${i}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
          order.push(`end ${i}`);
        }),
      ),
    );
    assert.ok(order[0]!.startsWith('start') && order[1]!.startsWith('end'), order.join(', '));
    assert.is(order[0]!.slice(6), order[1]!.slice(4), 'one holder at a time');
  } finally {
    await a.close();
    await b.close();
  }
});

test('the bin through the pooler: --database-listen-url, --database-pool-size and --database-processes reach the storage', async () => {
  if (!PGBOUNCER) return;
  const ADMIN = randomSecret();
  const CLIENT = randomSecret('*', 'development');
  const env = { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT, FLAGADMIN_DATABASE_LISTEN_URL: server!.url };
  const args = ['--port', '0', '--database-url', pooled, '--database-pool-size', '3', '--database-processes', '2'];
  const bins = await Promise.all([startBin(args, env), startBin(args, env)]);
  const texts = bins.map((b) => b.child.stdout);
  assert.is(texts.filter((t) => t.includes('Demo data created')).length, 1, 'the start-up lock behind the pooler: the demo made once');
  assert.is(texts.filter((t) => t.includes('Existing data')).length, 1);
  // Each bin's direct connections carry its pool size (3 + 2 for the listen URL's pool) and one of them LISTENs.
  const listening = async () =>
    (
      await sql<{ n: number }>(
        server!.url,
        "SELECT count(DISTINCT application_name)::int AS n FROM pg_stat_activity WHERE application_name LIKE 'flagadmin pool=5 %' AND query LIKE 'LISTEN %'",
      )
    )[0]!.n;
  const since = performance.now();
  while ((await listening()) !== 2) {
    if (performance.now() - since > GUARD_MS) assert.unreachable('both bins listen on a direct connection');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const feature = '/api/admin/projects/checkout/features/new-checkout-flow';
  const call = (base: string, method: string, path: string, key: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: key, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(GUARD_MS),
    });
  const patched = await call(bins[0]!.url, 'PATCH', feature, ADMIN, [{ op: 'replace', path: '/description', value: 'through the pooler' }]);
  assert.is(patched.status, 200);
  const started = performance.now();
  for (;;) {
    const polled = (await (await call(bins[1]!.url, 'GET', '/api/client/features', CLIENT)).json()) as {
      features: { name: string; description: string }[];
    };
    if (polled.features.find((f) => f.name === 'new-checkout-flow')?.description === 'through the pooler') break;
    if (performance.now() - started > GUARD_MS) assert.unreachable("the other bin's SDK poll never served the change");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  // The processes setting reaches the connection budget: 2 running and 4997 more expected cannot fit.
  const refused = await startBin(['--port', '0', '--database-url', pooled, '--database-processes', '5000'], env).then(
    () => 'started',
    (error: unknown) => String(error),
  );
  assert.match(refused, /5000 flagadmin processes may open/);
});

test.run();
