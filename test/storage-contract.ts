/**
 * The storage contract: the rules of packages/core/src/storage.ts, checked against one adapter.
 * Each adapter's test file calls `storageContract(name, open)`; `open` gives a fresh, empty storage
 * each time it is called. When it also gives `reopen`, the suite closes the storage, calls `reopen()`
 * and expects everything back; `cleanup()` then closes whichever storage is open and removes its files.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  COLLECTIONS,
  COLLECTION_NAMES,
  type ApiKeyRecord,
  type ChangeRequestRecord,
  type ClientAppRecord,
  type CollectionName,
  type Collections,
  type EnvironmentRecord,
  type EventRecord,
  type FeatureRecord,
  type NewEvent,
  type ProjectRecord,
  type ProjectStatsRecord,
  type SegmentRecord,
  type Storage,
} from '@flagadmin/core';

export interface OpenedStorage {
  storage: Storage;
  /** Opens the same data again, after the suite closed `storage`. */
  reopen?: () => Promise<Storage>;
  cleanup(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------
// Record builders: valid records of every collection, with overrides.

const T0 = '2024-01-01T00:00:00.000Z';

export function makeProject(id: string, over: Partial<ProjectRecord> = {}): ProjectRecord {
  return {
    id,
    name: `Project ${id}`,
    description: '',
    mode: 'open',
    defaultStickiness: 'default',
    favorite: false,
    members: [{ name: 'admin', role: 'owner' }],
    environments: ['development', 'production'],
    createdAt: T0,
    ...over,
  };
}

export function makeEnvironment(name: string, over: Partial<EnvironmentRecord> = {}): EnvironmentRecord {
  return { name, type: name === 'production' ? 'production' : 'development', sortOrder: 1, ...over };
}

export function makeFeature(name: string, project = 'default', over: Partial<FeatureRecord> = {}): FeatureRecord {
  return {
    name,
    project,
    type: 'release',
    description: null,
    archived: false,
    archivedAt: null,
    stale: false,
    favorite: false,
    impressionData: false,
    createdAt: T0,
    lastSeenAt: null,
    lifecycle: { stage: 'initial', enteredStageAt: T0 },
    tags: [{ type: 'simple', value: 'a' }],
    variants: [],
    dependencies: [],
    children: [],
    environments: [
      {
        name: 'development',
        enabled: true,
        strategies: [
          {
            id: `${name}-s1`,
            name: 'flexibleRollout',
            sortOrder: 0,
            segments: [],
            constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
            variants: [],
            parameters: { rollout: '50', stickiness: 'default', groupId: name },
          },
        ],
        variants: [],
        lastSeenAt: null,
      },
      { name: 'production', enabled: false, strategies: [], variants: [], lastSeenAt: null },
    ],
    version: 1,
    productionAt: null,
    ...over,
  };
}

export function makeApiKey(id: number, over: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id,
    name: `key-${id}`,
    type: 'client',
    role: null,
    projects: ['*'],
    environments: ['development'],
    secretHash: id.toString(16).padStart(64, '0'),
    createdAt: T0,
    ...over,
  };
}

export function makeChangeRequest(id: number, project = 'default', over: Partial<ChangeRequestRecord> = {}): ChangeRequestRecord {
  const user = { id: 1, username: 'admin', imageUrl: '' };
  return {
    id,
    title: `Change request ${id}`,
    environment: 'production',
    minApprovals: 1,
    project,
    features: [
      {
        name: 'f1',
        changes: [{ id: 1, action: 'updateEnabled', payload: { enabled: true }, createdBy: { username: 'admin', imageUrl: null }, createdAt: T0 }],
      },
    ],
    segments: [],
    approvals: [],
    rejections: [],
    comments: [],
    createdBy: user,
    createdAt: T0,
    state: 'Draft',
    ...over,
  };
}

export function makeClientApp(appName: string, projects: string[], over: Partial<ClientAppRecord> = {}): ClientAppRecord {
  return {
    appName,
    instances: [{ instanceId: `${appName}-1`, sdkVersion: 'unleash-client-node:5.0.0', environment: 'development', lastSeen: T0 }],
    projects: [...projects].sort(),
    ...over,
  };
}

export function makeProjectStats(project: string, over: Partial<ProjectStatsRecord> = {}): ProjectStatsRecord {
  return {
    project,
    featureCount: 0,
    staleFeatureCount: 0,
    freshCreatedAt: { release: [Date.parse(T0)] },
    productionDaysSum: 0,
    productionCount: 0,
    lastEventAt: null,
    ...over,
  };
}

export function makeEvent(over: Partial<NewEvent> = {}): NewEvent {
  return {
    createdAt: T0,
    type: 'feature-updated',
    createdBy: 'admin',
    createdByUserId: 1,
    environment: null,
    project: 'default',
    featureName: 'f1',
    data: { name: 'f1', nested: { list: [1, 2, 3] } },
    preData: null,
    tags: [],
    ...over,
  };
}

/** One record of every collection, keyed by collection. */
export function oneOfEach(suffix = '1'): { [C in CollectionName]: Collections[C] } {
  return {
    projects: makeProject(`p${suffix}`),
    environments: makeEnvironment(`env${suffix}`),
    features: makeFeature(`feature-${suffix}`, `p${suffix}`),
    apiKeys: makeApiKey(Number(suffix) || 1),
    changeRequests: makeChangeRequest(Number(suffix) || 1, `p${suffix}`),
    clientApps: makeClientApp(`app-${suffix}`, [`p${suffix}`, 'shared']),
    projectStats: makeProjectStats(`p${suffix}`),
    segments: makeSegment(Number(suffix) || 1, `p${suffix}`),
  };
}

export function makeSegment(id: number, project: string | null): SegmentRecord {
  return {
    id,
    name: `segment-${id}`,
    description: null,
    project,
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'], caseInsensitive: false, inverted: false }],
    createdAt: T0,
    createdBy: 'admin',
  };
}

// ---------------------------------------------------------------------------------------------------

/** uvu's `throws` is sync-only: resolves to the rejection reason, fails when `promise` resolves. */
export async function rejects(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  assert.unreachable('expected a rejection');
}

const keyOf = <C extends CollectionName>(collection: C, record: Collections[C]): string =>
  (COLLECTIONS[collection] as { key(r: Collections[C]): string }).key(record);

const projectsOf = <C extends CollectionName>(collection: C, record: Collections[C]): readonly string[] =>
  (COLLECTIONS[collection] as { projects?(r: Collections[C]): readonly string[] }).projects?.(record) ?? [];

const indexed = COLLECTION_NAMES.filter((c) => COLLECTIONS[c].projects);

/** Every indexed list agrees with a full scan + filter, for every project any record names. */
async function assertIndexesAgree(storage: Storage): Promise<void> {
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
async function assertEventsAgree(storage: Storage, all: EventRecord[]): Promise<void> {
  await storage.read(async (tx) => {
    assert.is(await tx.countEvents({}), all.length, 'count of all');
    const everything = await tx.latestEvents({ limit: all.length + 10 });
    assert.equal(everything, [...all].reverse(), 'latest of all = every event, newest first');
    const projects = [...new Set(all.map((e) => e.project).filter((p): p is string => p !== null))];
    const sets: (readonly string[] | undefined)[] = [undefined, [], ['nope'], ...projects.map((p) => [p]), projects, [projects[0]!, projects[0]!, 'nope']];
    if (projects.length > 2) sets.push([projects[2]!, projects[0]!]);
    for (const set of sets) {
      for (const limit of [0, 1, 3, 7, all.length, all.length + 5]) {
        const query = set === undefined ? { limit } : { limit, projects: set };
        assert.equal(await tx.latestEvents(query), expectedLatest(all, limit, set), `latestEvents ${JSON.stringify(query)}`);
        const texts = await tx.latestEventsJson(query);
        assert.ok(texts.every((t) => typeof t === 'string'), 'latestEventsJson hands out JSON text');
        assert.equal(texts.map((t) => JSON.parse(t)), expectedLatest(all, limit, set), `latestEventsJson ${JSON.stringify(query)}`);
      }
      if (set) assert.is(await tx.countEvents({ projects: set }), expectedLatest(all, Infinity, set).length, `count ${set}`);
    }
    for (const project of [...projects, 'nope']) {
      assert.equal(await tx.projectEvents(project), expectedLatest(all, Infinity, [project]), `projectEvents ${project}`);
      assert.equal((await tx.projectEventsJson(project)).map((t) => JSON.parse(t)), expectedLatest(all, Infinity, [project]), `projectEventsJson ${project}`);
    }
  });
}

/** Appends `events` one write each (ids come from the storage) and returns them with their ids. */
async function appendEach(storage: Storage, events: NewEvent[]): Promise<void> {
  for (const event of events) await storage.write((tx) => tx.appendEvent(event));
}

function variedEvents(n: number): NewEvent[] {
  const projects = ['alpha', 'beta', 'gamma', null, 'quote"d\\name', 'ünïcödé'];
  return Array.from({ length: n }, (_, i) =>
    makeEvent({ project: projects[(i * 7) % projects.length] ?? null, featureName: `f${i}`, data: { i, text: 'x'.repeat(i % 5) } }),
  );
}

function withIds(events: NewEvent[], first = 1): EventRecord[] {
  return events.map((e, i) => ({ id: first + i, ...e }));
}

export function storageContract(name: string, open: () => Promise<OpenedStorage>): void {
  const test = suite(name);

  /** Runs `fn` on a fresh storage, then cleans up (also when `fn` fails). */
  const withStorage = (fn: (s: Storage, opened: OpenedStorage) => Promise<void>) => async () => {
    const opened = await open();
    try {
      await fn(opened.storage, opened);
    } finally {
      await opened.cleanup();
    }
  };

  test(
    'the revision changes with every committed write, and only then',
    withStorage(async (storage) => {
      const revision = () => storage.read((tx) => tx.revision());
      const r0 = await revision();
      await storage.read((tx) => tx.list('projects'));
      assert.is(await revision(), r0, 'a read changes nothing');
      await storage.write(async (tx) => tx.put('projects', makeProject('rev')));
      const r1 = await revision();
      assert.is.not(r1, r0, 'a commit changes it');
      await rejects(storage.write(async (tx) => {
        await tx.put('projects', makeProject('rolled-back'));
        throw new Error('no');
      }));
      assert.is(await revision(), r1, 'a rolled-back write does not');
      await storage.write(async (tx) => tx.appendEvent(makeEvent({ project: 'rev' })));
      assert.is.not(await revision(), r1, 'an event is a change too');
    }),
  );

  test(
    'put, get and list round trip for every collection',
    withStorage(async (storage) => {
      const records = oneOfEach('1');
      const more = oneOfEach('2');
      await storage.write(async (tx) => {
        for (const c of COLLECTION_NAMES) {
          await tx.put(c, records[c]);
          await tx.put(c, more[c]);
        }
      });
      await storage.read(async (tx) => {
        for (const c of COLLECTION_NAMES) {
          assert.equal(await tx.get(c, keyOf(c, records[c])), records[c], `${c} get`);
          assert.equal(await tx.get(c, keyOf(c, more[c])), more[c], `${c} get`);
          assert.is(await tx.get(c, 'missing-key'), undefined, `${c} get missing`);
          const expected = [records[c], more[c]].sort((a, b) => (keyOf(c, a) < keyOf(c, b) ? -1 : 1));
          assert.equal(await tx.list(c), expected, `${c} list`);
        }
      });
      // A put replaces the record under its key.
      const changed = makeFeature('feature-1', 'p1', { description: 'changed', version: 2 });
      await storage.write((tx) => tx.put('features', changed));
      assert.equal(await storage.read((tx) => tx.get('features', 'feature-1')), changed);
      assert.is((await storage.read((tx) => tx.list('features'))).length, 2);
      await assertIndexesAgree(storage);
    }),
  );

  test(
    'list by project uses the index and agrees with a full scan, also after moves',
    withStorage(async (storage) => {
      await storage.write(async (tx) => {
        for (let i = 0; i < 30; i++) await tx.put('features', makeFeature(`f${String(i).padStart(2, '0')}`, `p${i % 4}`));
        for (let i = 1; i <= 6; i++) await tx.put('changeRequests', makeChangeRequest(i, `p${i % 3}`));
        await tx.put('clientApps', makeClientApp('a1', ['p0', 'p1', 'p2']));
        await tx.put('clientApps', makeClientApp('a2', ['p1']));
        await tx.put('clientApps', makeClientApp('a3', []));
      });
      await assertIndexesAgree(storage);
      assert.equal(
        (await storage.read((tx) => tx.list('features', { project: 'p1' }))).map((f) => f.name),
        ['f01', 'f05', 'f09', 'f13', 'f17', 'f21', 'f25', 'f29'],
      );
      // Move records between projects (committed), and change an app's projects.
      await storage.write(async (tx) => {
        await tx.put('features', makeFeature('f01', 'p3'));
        await tx.put('features', makeFeature('f05', 'brand-new'));
        await tx.put('changeRequests', makeChangeRequest(1, 'p0'));
        await tx.put('clientApps', makeClientApp('a1', ['p2', 'p9']));
        await tx.put('clientApps', makeClientApp('a3', ['p1']));
      });
      await assertIndexesAgree(storage);
      await storage.read(async (tx) => {
        assert.not.ok((await tx.list('features', { project: 'p1' })).some((f) => f.name === 'f01' || f.name === 'f05'));
        assert.equal((await tx.list('features', { project: 'brand-new' })).map((f) => f.name), ['f05']);
        assert.equal((await tx.list('clientApps', { project: 'p1' })).map((a) => a.appName), ['a2', 'a3']);
        assert.equal((await tx.list('clientApps', { project: 'p0' })).map((a) => a.appName), []);
        assert.equal((await tx.list('clientApps', { project: 'p9' })).map((a) => a.appName), ['a1']);
      });
      // Moves inside a transaction are seen by that transaction's own lists.
      await storage.write(async (tx) => {
        await tx.put('features', makeFeature('f00', 'p1'));
        assert.ok((await tx.list('features', { project: 'p1' })).some((f) => f.name === 'f00'));
        assert.not.ok((await tx.list('features', { project: 'p0' })).some((f) => f.name === 'f00'));
      });
      await assertIndexesAgree(storage);
    }),
  );

  test(
    'a write transaction that throws rolls back puts, events and sequences; the error reaches the caller',
    withStorage(async (storage) => {
      await storage.write(async (tx) => {
        await tx.put('features', makeFeature('keep', 'p1'));
        await tx.appendEvent(makeEvent());
        assert.is(await tx.nextSequence('apiKey'), 1);
      });
      const boom = new Error('boom');
      const err = await rejects(
        storage.write(async (tx) => {
          await tx.put('features', makeFeature('keep', 'p2', { version: 99 }));
          await tx.put('features', makeFeature('new', 'p1'));
          await tx.put('projects', makeProject('p1'));
          await tx.appendEvent(makeEvent({ type: 'should-vanish' }));
          await tx.appendEvent(makeEvent({ type: 'should-vanish' }));
          await tx.nextSequence('apiKey');
          await tx.nextSequence('change');
          throw boom;
        }),
      );
      assert.is(err, boom, 'the very error');
      await storage.read(async (tx) => {
        assert.equal(await tx.get('features', 'keep'), makeFeature('keep', 'p1'));
        assert.is(await tx.get('features', 'new'), undefined);
        assert.is(await tx.get('projects', 'p1'), undefined);
        assert.equal((await tx.list('features', { project: 'p2' })).length, 0);
        assert.is(await tx.countEvents({}), 1);
        assert.is((await tx.latestEvents({ limit: 10 }))[0]!.type, 'feature-updated');
      });
      await storage.write(async (tx) => {
        assert.is(await tx.nextSequence('apiKey'), 2, 'apiKey sequence rolled back');
        assert.is(await tx.nextSequence('change'), 1, 'change sequence rolled back');
        await tx.appendEvent(makeEvent({ type: 'next' }));
      });
      const latest = await storage.read((tx) => tx.latestEvents({ limit: 1 }));
      assert.is(latest[0]!.id, 2, 'no id was used by the failed transaction');
      // A rejected promise from inside works the same, and the storage keeps working.
      await rejects(storage.write(() => Promise.reject(new TypeError('nope'))));
      await storage.write((tx) => tx.put('features', makeFeature('after', 'p1')));
      assert.ok(await storage.read((tx) => tx.get('features', 'after')));
    }),
  );

  test(
    "a transaction sees its own puts; concurrent readers do not until commit",
    withStorage(async (storage) => {
      await storage.write((tx) => tx.put('features', makeFeature('a', 'p1')));
      let seenInside: unknown;
      const result = await storage.write(async (tx) => {
        await tx.put('features', makeFeature('b', 'p1'));
        await tx.put('features', makeFeature('a', 'p1', { version: 2 }));
        assert.is((await tx.get('features', 'a'))!.version, 2);
        assert.ok(await tx.get('features', 'b'));
        assert.equal((await tx.list('features')).map((f) => f.name), ['a', 'b']);
        assert.equal((await tx.list('features', { project: 'p1' })).map((f) => f.name), ['a', 'b']);
        // A reader running now sees only committed state.
        seenInside = await storage.read(async (r) => ({
          a: (await r.get('features', 'a'))?.version,
          b: await r.get('features', 'b'),
          list: (await r.list('features', { project: 'p1' })).map((f) => f.name),
        }));
        return 'result';
      });
      assert.is(result, 'result', 'write resolves to what fn returned');
      assert.equal(seenInside, { a: 1, b: undefined, list: ['a'] });
      await storage.read(async (tx) => {
        assert.is((await tx.get('features', 'a'))!.version, 2);
        assert.ok(await tx.get('features', 'b'));
      });
    }),
  );

  test(
    'reads hand out copies; puts and appends keep copies',
    withStorage(async (storage) => {
      const feature = makeFeature('f', 'p1');
      const event = makeEvent({ project: 'p1' });
      await storage.write(async (tx) => {
        await tx.put('features', feature);
        await tx.appendEvent(event);
        // Mutating after put / append inside the transaction changes nothing.
        feature.description = 'mutated in tx';
        (event.data as { name: string }).name = 'mutated in tx';
      });
      feature.environments[0]!.enabled = false;
      feature.tags.push({ type: 'x', value: 'y' });
      event.type = 'mutated';
      await storage.read(async (tx) => {
        const got = (await tx.get('features', 'f'))!;
        assert.equal(got, makeFeature('f', 'p1'));
        got.description = 'mutated';
        got.environments[0]!.strategies.length = 0;
        const listed = await tx.list('features');
        listed[0]!.tags.length = 0;
        const byProject = await tx.list('features', { project: 'p1' });
        byProject[0]!.project = 'other';
        const [latest] = await tx.latestEvents({ limit: 1 });
        latest!.type = 'changed';
        (latest!.data as { nested: { list: number[] } }).nested.list.push(4);
        const [ofProject] = await tx.projectEvents('p1');
        ofProject!.project = 'changed';
        const [filtered] = await tx.latestEvents({ limit: 1, projects: ['p1'] });
        filtered!.tags.push({ type: 'a', value: 'b' });
      });
      await storage.read(async (tx) => {
        assert.equal(await tx.get('features', 'f'), makeFeature('f', 'p1'));
        assert.equal(await tx.list('features', { project: 'p1' }), [makeFeature('f', 'p1')]);
        const expected = [{ id: 1, ...makeEvent({ project: 'p1' }) }];
        assert.equal(await tx.latestEvents({ limit: 5 }), expected);
        assert.equal(await tx.latestEvents({ limit: 5, projects: ['p1'] }), expected);
        assert.equal(await tx.projectEvents('p1'), expected);
      });
      // Within a write transaction, gets of its own puts are copies too.
      await storage.write(async (tx) => {
        await tx.put('features', makeFeature('g', 'p1'));
        const g = (await tx.get('features', 'g'))!;
        g.version = 42;
        assert.is((await tx.get('features', 'g'))!.version, 1);
      });
      assert.is((await storage.read((tx) => tx.get('features', 'g')))!.version, 1);
    }),
  );

  test(
    'event ids are increasing integers assigned at commit, in commit order, without gaps',
    withStorage(async (storage) => {
      const order: number[] = [];
      const writes = Array.from({ length: 20 }, (_, i) =>
        storage.write(async (tx) => {
          // Events carrying an id of their own still get the storage's id.
          await tx.appendEvent({ ...makeEvent({ data: { writer: i, k: 0 } }), id: 1000 + i } as NewEvent);
          if (i % 3 === 0) await tx.appendEvent(makeEvent({ data: { writer: i, k: 1 } }));
          await new Promise((r) => setTimeout(r, (i * 7) % 5));
          if (i % 5 === 4) throw new Error(`writer ${i} fails`);
          order.push(i);
        }),
      );
      const settled = await Promise.allSettled(writes);
      assert.is(settled.filter((s) => s.status === 'rejected').length, 4);
      const all = (await storage.read((tx) => tx.latestEvents({ limit: 1000 }))).reverse();
      assert.equal(
        all.map((e) => e.id),
        all.map((_, i) => i + 1),
        'ids 1..n',
      );
      const writers = all.map((e) => (e.data as { writer: number }).writer);
      const expected = order.flatMap((i) => (i % 3 === 0 ? [i, i] : [i]));
      assert.equal(writers, expected, 'ids follow commit order');
      // Ids continue after the last one.
      await storage.write((tx) => tx.appendEvent(makeEvent()));
      assert.is((await storage.read((tx) => tx.latestEvents({ limit: 1 })))[0]!.id, all.length + 1);
    }),
  );

  test(
    'latestEvents, projectEvents and countEvents agree with a full scan',
    withStorage(async (storage) => {
      const events = variedEvents(60);
      await appendEach(storage, events.slice(0, 40));
      // Several events in one commit too.
      await storage.write(async (tx) => {
        for (const e of events.slice(40)) await tx.appendEvent(e);
      });
      await assertEventsAgree(storage, withIds(events));
      // Reads inside a write transaction see the committed events.
      await storage.write(async (tx) => {
        assert.is(await tx.countEvents({}), 60);
        assert.is((await tx.latestEvents({ limit: 1 }))[0]!.id, 60);
        await tx.put('projects', makeProject('x'));
      });
    }),
  );

  test(
    'sequences increase per name and roll back with a failed transaction',
    withStorage(async (storage) => {
      const got = await storage.write(async (tx) => [
        await tx.nextSequence('apiKey'),
        await tx.nextSequence('apiKey'),
        await tx.nextSequence('changeRequest'),
      ]);
      assert.equal(got, [1, 2, 1]);
      await rejects(
        storage.write(async (tx) => {
          assert.is(await tx.nextSequence('apiKey'), 3);
          throw new Error('roll back');
        }),
      );
      const next = await storage.write(async (tx) => [await tx.nextSequence('apiKey'), await tx.nextSequence('change'), await tx.nextSequence('changeRequest')]);
      assert.equal(next, [3, 1, 2]);
      const concurrent = await Promise.all(Array.from({ length: 10 }, () => storage.write((tx) => tx.nextSequence('change'))));
      assert.equal([...concurrent].sort((a, b) => a - b), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    }),
  );

  test(
    '200 concurrent read-modify-write transactions lose nothing',
    withStorage(async (storage) => {
      await storage.write((tx) => tx.put('projectStats', makeProjectStats('p1')));
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          storage.write(async (tx) => {
            const stats = (await tx.get('projectStats', 'p1'))!;
            await new Promise((r) => setImmediate(r));
            stats.featureCount += 1;
            await tx.put('projectStats', stats);
            await tx.appendEvent(makeEvent({ project: 'p1', data: { i } }));
          }),
        ),
      );
      assert.is((await storage.read((tx) => tx.get('projectStats', 'p1')))!.featureCount, 200);
      assert.is(await storage.read((tx) => tx.countEvents({ projects: ['p1'] })), 200);
    }),
  );

  test(
    'close() is idempotent and lets queued writes finish',
    withStorage(async (storage) => {
      const pending = storage.write(async (tx) => {
        await new Promise((r) => setTimeout(r, 20));
        await tx.put('projects', makeProject('late'));
        return 'done';
      });
      const first = storage.close();
      const second = storage.close();
      assert.is(await pending, 'done');
      await first;
      await second;
      await storage.close();
    }),
  );

  test('everything survives close and reopen (when the adapter persists)', async () => {
    const opened = await open();
    if (!opened.reopen) {
      await opened.cleanup();
      return;
    }
    try {
      const { storage } = opened;
      const records = oneOfEach('1');
      const events = variedEvents(25);
      await storage.write(async (tx) => {
        for (const c of COLLECTION_NAMES) await tx.put(c, records[c]);
        for (let i = 0; i < 10; i++) await tx.put('features', makeFeature(`g${i}`, `p${i % 3}`));
        await tx.put('clientApps', makeClientApp('multi', ['p0', 'p2']));
        await tx.nextSequence('apiKey');
        await tx.nextSequence('apiKey');
        await tx.nextSequence('change');
      });
      await storage.write((tx) => tx.put('features', makeFeature('g1', 'p2', { version: 5 }))); // a move
      await appendEach(storage, events);
      await rejects(storage.write(async (tx) => (await tx.nextSequence('apiKey'), Promise.reject(new Error('x')))));
      const snapshot = async (s: Storage) =>
        s.read(async (tx) => {
          const out: Record<string, unknown> = {};
          for (const c of COLLECTION_NAMES) out[c] = await tx.list(c);
          return out;
        });
      const before = await snapshot(storage);
      await storage.close();

      const again = await opened.reopen();
      assert.equal(await snapshot(again), before, 'records');
      await assertIndexesAgree(again);
      assert.equal((await again.read((tx) => tx.list('features', { project: 'p2' }))).map((f) => f.name), ['g1', 'g2', 'g5', 'g8']);
      await assertEventsAgree(again, withIds(events));
      const seq = await again.write(async (tx) => [await tx.nextSequence('apiKey'), await tx.nextSequence('change'), await tx.nextSequence('changeRequest')]);
      assert.equal(seq, [3, 2, 1], 'sequences');
      await again.write((tx) => tx.appendEvent(makeEvent({ project: 'alpha' })));
      assert.is((await again.read((tx) => tx.latestEvents({ limit: 1 })))[0]!.id, 26, 'event ids continue');
      await again.close();

      // And a second round trip, after writes made by the reopened storage.
      const third = await opened.reopen();
      await assertEventsAgree(third, [...withIds(events), { id: 26, ...makeEvent({ project: 'alpha' }) }]);
      assert.is(await third.write((tx) => tx.nextSequence('apiKey')), 4);
    } finally {
      await opened.cleanup();
    }
  });

  test.run();
}
