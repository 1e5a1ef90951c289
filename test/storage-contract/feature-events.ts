/** Events by feature name and the `before` cursor: the index by feature agrees with a full scan, also after reopening. */
import * as assert from 'uvu/assert';
import type { EventRecord, NewEvent, ReadTx, Storage } from '@flagadmin/core';
import { eventsOf, makeEvent } from '../helpers/records';
import { appendEach, withIds, type ContractContext } from './support';

const FEATURES = ['alpha-flag', 'beta', 'quote"d\\name', 'ünïcödé', '__proto__', 'constructor'];
const PROJECTS = ['one', 'two', 'three', null];

/** Events of several features in several projects (a feature moves between projects), some of no feature. */
function featureEvents(n: number): NewEvent[] {
  return Array.from({ length: n }, (_, i) =>
    makeEvent({
      project: PROJECTS[(i * 5) % PROJECTS.length] ?? null,
      featureName: i % 7 === 3 ? null : FEATURES[(i * 3) % FEATURES.length]!,
      data: { i, featureName: 'not-this-one' },
    }),
  );
}

/** Newest first: the events of `feature` (in `projects`, below `before`), at most `limit`. */
function expected(
  all: EventRecord[],
  q: { feature: string; projects?: readonly string[]; before?: number; limit?: number },
): EventRecord[] {
  const matching = all.filter(
    (e) =>
      e.featureName === q.feature &&
      (!q.projects || (e.project !== null && q.projects.includes(e.project))) &&
      (q.before === undefined || e.id < q.before),
  );
  return [...matching].reverse().slice(0, q.limit ?? Infinity);
}

async function assertFeatureEventsAgree(tx: ReadTx, all: EventRecord[]): Promise<void> {
  const last = all.length;
  for (const feature of [...FEATURES, 'nope', 'not-this-one', '']) {
    for (const projects of [undefined, ['one'], ['two', 'three', 'two'], [], ['nope']]) {
      for (const before of [undefined, 1, 2, Math.floor(last / 2), last, last + 1, last + 100]) {
        for (const limit of [undefined, 0, 1, 3, last + 5]) {
          const q = {
            feature,
            ...(projects && { projects }),
            ...(before !== undefined && { before }),
            ...(limit !== undefined && { limit }),
          };
          assert.equal(await eventsOf(tx, q), expected(all, q), `events ${JSON.stringify(q)}`);
          assert.is(await tx.countEvents(q), expected(all, { ...q, limit: undefined }).length, `count ${JSON.stringify(q)}`);
        }
      }
    }
  }
}

const oldestFirst = (storage: Storage): Promise<EventRecord[]> => storage.read(async (tx) => (await eventsOf(tx, {})).reverse());

export function featureEventCases({ test, withStorage }: ContractContext): void {
  test(
    'events({feature}) and countEvents({feature}) agree with a full scan, with projects, before and limit',
    withStorage(async (storage) => {
      const events = featureEvents(45);
      await appendEach(storage, events.slice(0, 30));
      await storage.write(async (tx) => {
        for (const e of events.slice(30)) await tx.appendEvent(e);
      });
      const all = withIds(events);
      assert.equal(await oldestFirst(storage), all);
      await storage.read((tx) => assertFeatureEventsAgree(tx, all));
      // A write transaction reads the committed events by feature as well.
      await storage.write((tx) => assertFeatureEventsAgree(tx, all));
    }),
  );

  test(
    'pages of a feature through `before` (the last id of a page) add up to all its events',
    withStorage(async (storage) => {
      const all = withIds(featureEvents(40));
      await appendEach(storage, featureEvents(40));
      const feature = FEATURES[0]!;
      const pages: number[][] = [];
      let before: number | undefined;
      for (;;) {
        const page = await storage.read((tx) => eventsOf(tx, { feature, limit: 2, ...(before !== undefined && { before }) }));
        if (page.length === 0) break;
        pages.push(page.map((e) => e.id));
        before = page.at(-1)!.id;
      }
      assert.ok(pages.length > 2, 'several pages');
      assert.equal(
        pages.flat(),
        expected(all, { feature }).map((e) => e.id),
      );
    }),
  );

  test(
    '`before` bounds every event query, with or without projects (ids below it)',
    withStorage(async (storage) => {
      const events = featureEvents(25);
      await appendEach(storage, events);
      const all = withIds(events);
      await storage.read(async (tx) => {
        for (const projects of [undefined, ['one'], ['two', 'three'], ['nope']]) {
          for (const before of [0, 1, 5, 13, 25, 26, 1000]) {
            for (const limit of [undefined, 0, 2, 100]) {
              const q = { before, ...(projects && { projects }), ...(limit !== undefined && { limit }) };
              const want = [...all]
                .filter((e) => e.id < before && (!projects || (e.project !== null && projects.includes(e.project))))
                .reverse();
              assert.equal(await eventsOf(tx, q), want.slice(0, limit ?? Infinity), `events ${JSON.stringify(q)}`);
              assert.is(await tx.countEvents(q), want.length, `count ${JSON.stringify(q)}`);
            }
          }
        }
      });
    }),
  );

  test(
    'the index by feature comes back after reopening, also for events whose featureName follows their data',
    withStorage(async (storage, opened) => {
      const events = featureEvents(20);
      // Key order as a caller may build it: data (with a featureName of its own) before the event's featureName.
      const reordered = events.map(({ data, featureName, ...rest }, i) =>
        i % 2 ? ({ data, ...rest, featureName } as NewEvent) : { ...rest, featureName, data },
      );
      await appendEach(storage, reordered);
      const all = withIds(events);
      if (!opened.reopen) {
        await storage.read((tx) => assertFeatureEventsAgree(tx, all));
        return;
      }
      await storage.close();
      const again = await opened.reopen();
      await again.read((tx) => assertFeatureEventsAgree(tx, all));
      // And events written after the reopen join the index.
      await appendEach(again, featureEvents(6));
      const more = withIds([...events, ...featureEvents(6)]);
      await again.read((tx) => assertFeatureEventsAgree(tx, more));
    }),
  );

  test(
    'right after reopening a log of several MiB, events by feature (asked, and written, before a store may have indexed them) agree with a full scan',
    withStorage(async (storage, opened) => {
      // About 3.5 MiB of events: more than one step of an index built after open.
      const events = featureEvents(1_200).map((e, i) => ({ ...e, data: { i, text: 'x'.repeat(3_000) } }));
      await storage.write(async (tx) => {
        for (const e of events) await tx.appendEvent(e);
      });
      let current = storage;
      if (opened.reopen) {
        await storage.close();
        current = await opened.reopen();
      }
      const later = featureEvents(8);
      const all = withIds([...events, ...later]);
      const check = async (tx: ReadTx, seen: EventRecord[]) => {
        for (const feature of [...FEATURES, 'nope']) {
          for (const projects of [undefined, ['two', 'three']]) {
            const q = { feature, limit: 5, ...(projects && { projects }) };
            const ids = (await eventsOf(tx, q)).map((e) => e.id);
            assert.equal(
              ids,
              expected(seen, q).map((e) => e.id),
              `events ${JSON.stringify(q)}`,
            );
            assert.is(await tx.countEvents(q), expected(seen, { ...q, limit: undefined }).length, `count ${JSON.stringify(q)}`);
          }
        }
      };
      // Asked at once, and while more events are written: the read sees every event acknowledged before it
      // began and may see some written since (a database's snapshot starts at its first statement), so what
      // it must answer comes from how many it sees.
      const concurrent = current.read(async (tx) => {
        const seen = await tx.countEvents({});
        assert.ok(seen >= events.length && seen <= all.length, `the read sees ${seen} events`);
        await check(tx, all.slice(0, seen));
      });
      await Promise.all([concurrent, appendEach(current, later)]);
      await current.read((tx) => check(tx, all));
    }),
  );
}
