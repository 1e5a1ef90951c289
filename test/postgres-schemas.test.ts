// The PostgreSQL schemas that the per-storage suites (core's operations, HTTP) run on: a schema given back
// is, for the next test, exactly a freshly migrated one, and the shared server ends with the process.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { postgresStorage } from '@flagadmin/storage-postgres';
import { world } from '../packages/core/test/helpers';
import { openPostgresSchema, sharedPostgres } from './helpers/postgres-schemas';

const HANG_GUARD_MS = 90_000; // below the runner's per-file limit, so the child is never left behind
const test = suite('PostgreSQL schemas of the per-storage suites');

/** Every table of a schema with its rows, in a stable order. */
async function contents(schema: string): Promise<Record<string, unknown[]>> {
  const { pool } = await sharedPostgres();
  const { rows } = await pool.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY tablename', [
    schema,
  ]);
  const out: Record<string, unknown[]> = {};
  for (const { name } of rows) {
    const table = `"${schema}"."${name}"`;
    const data = await pool.query(`SELECT * FROM ${table} ORDER BY 1`);
    // applied_at is when a migration ran: the same versions, not the same instant.
    out[name] = data.rows.map((row: Record<string, unknown>) => (name === 'migrations' ? { version: row['version'] } : row));
  }
  return out;
}

async function worldSchemas(): Promise<string[]> {
  const { pool } = await sharedPostgres();
  const { rows } = await pool.query<{ name: string }>(
    "SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'world\\_%' ORDER BY nspname",
  );
  return rows.map((r) => r.name);
}

test('a schema given back is emptied to exactly what a freshly migrated schema holds, and used again', async () => {
  const { pool } = await sharedPostgres();
  const first = await openPostgresSchema();
  const w = await world(first.storage);
  await w.project('p2');
  await w.feature('f1', {}, 'p2');
  await w.admin.patchFeature(SYSTEM_PRINCIPAL, {
    projectId: 'p2',
    featureName: 'f1',
    patch: [{ op: 'replace', path: '/description', value: 'x' }],
  });
  assert.equal(await worldSchemas(), ['world_1'], 'one schema in use');
  assert.ok(
    Object.values(await contents('world_1')).some((rows) => rows.length > 1),
    'the world wrote rows',
  );
  await first.cleanup();

  await (await postgresStorage({ pool, schema: 'freshly_migrated' })).close();
  assert.equal(await contents('world_1'), await contents('freshly_migrated'));

  const second = await openPostgresSchema();
  assert.equal(await worldSchemas(), ['world_1'], 'the emptied schema is used again, no new one');
  const w2 = await world(second.storage);
  assert.is(await w2.eventCount(), 4, "only the new world's four key events");
  assert.equal(
    (await w2.admin.listProjects(SYSTEM_PRINCIPAL)).projects.map((p) => p.id),
    ['default'],
  );
  await second.cleanup();
});

/**
 * Runs `body` (module code after the first storage was opened and closed) in a child process that
 * prints its shared server's URL and directory first; gives how the child ended and where its server was.
 */
async function childWithServer(body: string): Promise<{ exit: [number | null, string | null]; url: string; dir: string; output: string }> {
  const code = `
    const { openPostgresSchema, sharedPostgres } = await import('./test/helpers/postgres-schemas.ts');
    const { storage, cleanup } = await openPostgresSchema();
    await storage.write(async () => undefined);
    await cleanup();
    const { server } = await sharedPostgres();
    console.log(JSON.stringify({ url: server.url, dir: server.dir }));
    ${body}`;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  const guard = setTimeout(() => child.kill('SIGKILL'), HANG_GUARD_MS);
  const exit = await new Promise<[number | null, string | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
  clearTimeout(guard);
  const printed = /^\{"url".*$/m.exec(output);
  assert.ok(printed, `the child printed its server: ${output}`);
  const { url, dir } = JSON.parse(printed![0]) as { url: string; dir: string };
  return { exit, url, dir, output };
}

/** How a connection to the server's port ends: `ECONNREFUSED` once the server is gone. */
const connectTo = (url: string): Promise<string> =>
  new Promise((resolve) => {
    const socket = createConnection({ port: Number(new URL(url).port), host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve('connected')));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });

test('the shared server is started by the first storage and stops, its directory removed, when its process ends by itself', async () => {
  const { exit, url, dir, output } = await childWithServer('');
  assert.equal(exit, [0, null], `the process ended by itself: ${output}`);
  assert.is(await connectTo(url), 'ECONNREFUSED', 'the server stopped with its process');
  assert.not.ok(existsSync(dir), `${dir} removed`);
});

test('a process that ends on an uncaught error (no beforeExit) leaves no server and no directory either', async () => {
  const { exit, url, dir, output } = await childWithServer("throw new Error('a test file failing hard');");
  assert.equal(exit, [1, null], `the process failed: ${output}`);
  assert.match(output, /a test file failing hard/);
  // The server was told to stop at the child's exit, which did not wait for it: wait for the port to close.
  const until = Date.now() + HANG_GUARD_MS;
  while ((await connectTo(url)) === 'connected' && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.is(await connectTo(url), 'ECONNREFUSED', 'the server stopped with its process');
  assert.not.ok(existsSync(dir), `${dir} removed`);
});

test.run();
