import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import type { Storage } from '@flagadmin/core';
import { postgresStorage } from '@flagadmin/storage-postgres';
import { sql, startPostgres } from './helpers/postgres';
import { storageContract } from './storage-contract';
import { postgresCases } from './helpers/postgres-cases';

const server = await startPostgres();
let schemas = 0;

storageContract('storage-postgres contract', {
  open: async () => {
    const schema = `contract_${++schemas}`;
    let current: Storage = await postgresStorage({ url: server.url, schema });
    return {
      storage: current,
      reopen: async () => (current = await postgresStorage({ url: server.url, schema })),
      cleanup: async () => {
        await current.close();
        await sql(server.url, `DROP SCHEMA "${schema}" CASCADE`);
      },
    };
  },
  additionalTests: (context) => postgresCases(context, server),
});

const last = suite('storage-postgres: server');
last.after(() => server.stop());
last('the test server stops', () => assert.ok(server.url));
last.run();
