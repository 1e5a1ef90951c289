/**
 * The in-memory engine under flagadmin's memory and lowdb storages: transactions, indexes, group
 * commit. A durable storage hands it a `CommitBatch` and an `EventStore`; see this folder's README.
 */
export { MemoryEngine } from './memory-engine';
export { putEntry, eventJson } from './change-set';
export type { ChangeSet, DeleteEntry, PreparedEvent, PutEntry, RecordChange, StateImage, StateText } from './change-set';
export { MemoryEventStore, latestPositions, countBelow } from './event-store';
export { FeatureChains } from './feature-chains';
export type { EventStore } from './event-store';
export type { CommitBatch } from './group-commit';
