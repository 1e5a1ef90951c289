/** What every topic of the contract suite shares: the adapter's shape and the full-scan checks. */
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  COLLECTIONS,
  COLLECTION_NAMES,
  type CollectionName,
  type Collections,
  type EventRecord,
  type NewEvent,
  type Storage,
} from '@flagadmin/core';
import { eventsOf, makeEvent } from '../helpers/records';

export interface OpenedStorage {
  storage: Storage;
  /** Opens the same data again, after the suite closed `storage` (an adapter that persists gives it). */
  reopen?: () => Promise<Storage>;
  /** Closes whichever storage is open and removes its data. */
  cleanup(): Promise<void>;
}

/** What the suite needs of a topic: the uvu suite to register cases on, and fresh storages. */
export interface ContractContext {
  test: Test;
  /** A fresh, empty storage. */
  open(): Promise<OpenedStorage>;
  /** A case body run on a fresh storage, cleaned up afterwards (also when the body fails). */
  withStorage(fn: (storage: Storage, opened: OpenedStorage) => Promise<void>): () => Promise<void>;
}

export const keyOf = <C extends CollectionName>(collection: C, record: Collections[C]): string =>
  (COLLECTIONS[collection] as { key(r: Collections[C]): string }).key(record);

export const projectsOf = <C extends CollectionName>(collection: C, record: Collections[C]): readonly string[] =>
  (COLLECTIONS[collection] as { projects?(r: Collections[C]): readonly string[] }).projects?.(record) ?? [];

const indexed = COLLECTION_NAMES.filter((c) => COLLECTIONS[c].projects);

/** Every indexed list agrees with a full scan + filter, for every project any record names. */
export async function assertIndexesAgree(storage: Storage): Promise<void> {
  await storage.read(async (tx) => {
    for (const collection of indexed) {
      const all = await tx.list(collection);
      const keys = all.map((r) => keyOf(collection, r));
      assert.equal(keys, [...keys].sort(), `${collection}: list is ordered by key`);
      const projects = new Set(all.flatMap((r) => projectsOf(collection, r)));
      projects.add('no-such-project');
      for (const project of projects) {
        const byIndex = await tx.list(collection, { project });
        const byScan = all.filter((r) => projectsOf(collection, r).includes(project));
        assert.equal(byIndex, byScan, `${collection} under ${project}`);
      }
    }
  });
}

/** Newest first. */
function expectedLatest(all: EventRecord[], limit: number, projects?: readonly string[]): EventRecord[] {
  const matching = projects ? all.filter((e) => e.project !== null && projects.includes(e.project)) : all;
  return [...matching].reverse().slice(0, Math.max(0, limit));
}

/** Every event query agrees with the full list of events `all` (id order). */
export async function assertEventsAgree(storage: Storage, all: EventRecord[]): Promise<void> {
  await storage.read(async (tx) => {
    assert.is(await tx.countEvents({}), all.length, 'count of all');
    assert.equal(await eventsOf(tx, { limit: all.length + 10 }), [...all].reverse(), 'latest of all = every event, newest first');
    assert.equal(await eventsOf(tx, {}), [...all].reverse(), 'no limit = every event, newest first');
    const projects = [...new Set(all.map((e) => e.project).filter((p): p is string => p !== null))];
    const sets: (readonly string[] | undefined)[] = [
      undefined,
      [],
      ['nope'],
      ...projects.map((p) => [p]),
      projects,
      [projects[0]!, projects[0]!, 'nope'],
    ];
    if (projects.length > 2) sets.push([projects[2]!, projects[0]!]);
    for (const set of sets) {
      for (const limit of [0, 1, 3, 7, all.length, all.length + 5]) {
        const query = set === undefined ? { limit } : { limit, projects: set };
        const texts = await tx.events(query);
        assert.ok(
          texts.every((t) => typeof t === 'string'),
          'events hands out JSON text',
        );
        assert.equal(
          texts.map((t) => JSON.parse(t)),
          expectedLatest(all, limit, set),
          `events ${JSON.stringify(query)}`,
        );
        assert.is(
          await tx.countEvents(query),
          expectedLatest(all, Infinity, set).length,
          `count ignores the limit ${JSON.stringify(query)}`,
        );
      }
      if (set) assert.is(await tx.countEvents({ projects: set }), expectedLatest(all, Infinity, set).length, `count ${set}`);
    }
    for (const project of [...projects, 'nope']) {
      assert.equal(await eventsOf(tx, { projects: [project] }), expectedLatest(all, Infinity, [project]), `events of ${project}`);
    }
  });
}

/** Appends `events` one write each (ids come from the storage). */
export async function appendEach(storage: Storage, events: NewEvent[]): Promise<void> {
  for (const event of events) await storage.write((tx) => tx.appendEvent(event));
}

export function variedEvents(n: number): NewEvent[] {
  const projects = ['alpha', 'beta', 'gamma', null, 'quote"d\\name', 'ünïcödé'];
  return Array.from({ length: n }, (_, i) =>
    makeEvent({ project: projects[(i * 7) % projects.length] ?? null, featureName: `f${i}`, data: { i, text: 'x'.repeat(i % 5) } }),
  );
}

export function withIds(events: NewEvent[], first = 1): EventRecord[] {
  return events.map((e, i) => ({ id: first + i, ...e }));
}

/** The ids of every event, oldest first. */
export async function allEventIds(storage: Storage): Promise<number[]> {
  return (await storage.read((tx) => eventsOf(tx, {}))).map((e) => e.id).reverse();
}

/** 1..n */
export const oneTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
