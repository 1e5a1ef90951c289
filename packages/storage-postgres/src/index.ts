export { postgresStorage } from './postgres-storage';
export type { PostgresStorage } from './postgres-storage';
export type { PostgresStorageOptions, StorageLogger } from './options';
export type { PgPool, PgPoolClient, PgQueryResult } from './pool';
export { FlagadminSchemaTooNewError, FlagadminStorageUnavailableError, isUnavailable } from './errors';
export { FlagadminConnectionBudgetError } from './budget';
export { SCHEMA_VERSION } from './migrations';
