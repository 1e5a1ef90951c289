// Where a spawned bin keeps its data, for suites that run once per storage against the bin: a fresh
// lowdb directory (`--data`), or a fresh database on this test process's shared PostgreSQL server
// (`--database-url`; test/helpers/postgres-schemas.ts starts it at the first use and stops it at the end).
import { readdirSync } from 'node:fs';
import { removeDir, tempDir } from './bin';
import { sql } from './postgres';
import { sharedPostgres } from './postgres-schemas';

export interface BinStorage {
  name: string;
  /**
   * The bin's arguments for a fresh, empty store, and how to remove it once the bin has stopped (which
   * fails when the bin wrote nothing there: it did not use the store it was given).
   */
  open(): Promise<{ args: string[]; cleanup(): Promise<void> }>;
}

export const BIN_LOWDB: BinStorage = {
  name: 'lowdb',
  open: async () => {
    const dir = tempDir();
    return {
      args: ['--data', dir],
      cleanup: async () => {
        const written = readdirSync(dir).length;
        removeDir(dir);
        if (written === 0) throw new Error(`the bin wrote nothing in ${dir}`);
      },
    };
  },
};

let databases = 0;

export const BIN_POSTGRES: BinStorage = {
  name: 'postgres',
  open: async () => {
    const { server, pool } = await sharedPostgres();
    const database = `bin_${++databases}`;
    await pool.query(`CREATE DATABASE ${database}`);
    const url = new URL(server.url);
    url.pathname = `/${database}`;
    return {
      args: ['--database-url', url.href],
      cleanup: async () => {
        const [written] = await sql<{ n: number }>(
          url.href,
          "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'flagadmin'",
        );
        await pool.query(`DROP DATABASE ${database} WITH (FORCE)`);
        if (!written?.n) throw new Error(`the bin created no table in database ${database}`);
      },
    };
  },
};

export const BIN_STORAGES: readonly BinStorage[] = [BIN_LOWDB, BIN_POSTGRES];
