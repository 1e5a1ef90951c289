export { lowdbStorage } from './lowdb-storage';
export type { LowdbStorageOptions, StorageLogger } from './lowdb-storage';
export { FlagadminStorageCorruptError, FlagadminStorageLockedError, FlagadminStorageUnavailableError } from './errors';
export { DurableJsonFile } from './durable-json-file';
export type { JsonFileAdapter } from './durable-json-file';
export type { SnapshotDocument } from './snapshot';
export type { JournalEntry } from './journal';
