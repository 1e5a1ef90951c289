/** Records: put, get and list of every collection; copies in and out; key order. */
import * as assert from 'uvu/assert';
import { COLLECTION_NAMES } from '@flagadmin/core';
import { eventsOf, makeEvent, makeFeature, makeProject, oneOfEach } from '../helpers/records';
import { assertIndexesAgree, keyOf, type ContractContext } from './support';

export function recordCases({ test, withStorage }: ContractContext): void {
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
    'list orders keys by code unit (what < on strings gives), with and without the project index',
    withStorage(async (storage) => {
      // Code-unit order: digits < upper case < '_' < lower case < 'é' < '😀' (a surrogate pair). Not locale order ('a' < 'B').
      const names = ['é', 'a', 'B', '😀', 'b', 'A', '_x', '10', '9', 'a-b', 'a.b', 'aB', 'Ab'];
      const expected = [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      assert.equal(expected.slice(0, 4), ['10', '9', 'A', 'Ab'], 'the expectation itself is code-unit order');
      await storage.write(async (tx) => {
        for (const name of [...names].reverse()) await tx.put('features', makeFeature(name, 'p1'));
        for (const id of ['é', 'B', 'a']) await tx.put('projects', makeProject(id));
      });
      await storage.read(async (tx) => {
        assert.equal(
          (await tx.list('projects')).map((p) => p.id),
          ['B', 'a', 'é'],
        );
        assert.equal(
          (await tx.list('features')).map((f) => f.name),
          expected,
        );
        assert.equal(
          (await tx.list('features', { project: 'p1' })).map((f) => f.name),
          expected,
        );
      });
      // A write transaction lists its own puts in the same order.
      await storage.write(async (tx) => {
        await tx.put('projects', makeProject('Z'));
        await tx.put('projects', makeProject('ä'));
        assert.equal(
          (await tx.list('projects')).map((p) => p.id),
          ['B', 'Z', 'a', 'ä', 'é'],
        );
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
        const [latest] = await eventsOf(tx, { limit: 1 });
        latest!.type = 'changed';
        (latest!.data as { nested: { list: number[] } }).nested.list.push(4);
        const [ofProject] = await eventsOf(tx, { projects: ['p1'] });
        ofProject!.project = 'changed';
        const [filtered] = await eventsOf(tx, { limit: 1, projects: ['p1'] });
        filtered!.tags.push({ type: 'a', value: 'b' });
      });
      await storage.read(async (tx) => {
        assert.equal(await tx.get('features', 'f'), makeFeature('f', 'p1'));
        assert.equal(await tx.list('features', { project: 'p1' }), [makeFeature('f', 'p1')]);
        const expected = [{ id: 1, ...makeEvent({ project: 'p1' }) }];
        assert.equal(await eventsOf(tx, { limit: 5 }), expected);
        assert.equal(await eventsOf(tx, { limit: 5, projects: ['p1'] }), expected);
        assert.equal(await eventsOf(tx, { projects: ['p1'] }), expected);
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
}
