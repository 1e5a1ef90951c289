// The PostgreSQL settings beside the database URL: the pool size, how many processes share the server
// (the connection budget checked at start) and a direct URL for LISTEN and the start-up lock behind PgBouncer.
import { ConfigError } from './config-error';
import { integer, type Picked, type Picker } from './config-values';

/** The command-line flags of the settings (for parseArgs). */
export const DATABASE_FLAGS = {
  'database-pool-size': { type: 'string' },
  'database-processes': { type: 'string' },
  'database-listen-url': { type: 'string' },
} as const;

/** What the bin passes to postgresStorage() besides the URL; each only when given. */
export interface DatabaseConfig {
  /** Most connections of this process (the storage's `max`). */
  poolSize?: number;
  /** How many flagadmin processes share the PostgreSQL server, this one included (the storage's `processes`). */
  processes?: number;
  /** A direct connection URL for LISTEN and the start-up lock when the URL goes through PgBouncer (`listenUrl`). */
  listenUrl?: string;
}

export const isPostgresUrl = (value: string): boolean => /^postgres(ql)?:\/\/./.test(value);

/** The settings, checked; a ConfigError when one is bad or given without a database URL. */
export function databaseConfig(pick: Picker, databaseUrl: Picked): DatabaseConfig {
  const poolSize = pick('database-pool-size', 'FLAGADMIN_DATABASE_POOL_SIZE');
  const processes = pick('database-processes', 'FLAGADMIN_DATABASE_PROCESSES');
  const listenUrl = pick('database-listen-url', 'FLAGADMIN_DATABASE_LISTEN_URL');
  const given = [poolSize, processes, listenUrl].find((p) => p !== undefined);
  if (given && !databaseUrl) throw new ConfigError(`${given.what} needs a database: give --database-url (or DATABASE_URL) too`);
  if (listenUrl && !isPostgresUrl(listenUrl.value)) {
    throw new ConfigError(`${listenUrl.what} must be a postgres:// URL reaching PostgreSQL directly (not through PgBouncer)`);
  }
  return {
    ...(poolSize ? { poolSize: integer(poolSize.value, poolSize.what, 1, 10_000) } : {}),
    ...(processes ? { processes: integer(processes.value, processes.what, 1, 10_000) } : {}),
    ...(listenUrl ? { listenUrl: listenUrl.value } : {}),
  };
}
