import * as assert from 'uvu/assert';
import type { FeatureDocument } from '@flagadmin/core';
import { SYSTEM_PRINCIPAL, suiteForEachStorage } from './helpers';

suiteForEachStorage('concurrency', (test, world) => {
  test('200 concurrent patches of one feature lose nothing', async () => {
    const w = await world();
    await w.feature('hot');
    const before = await w.eventCount();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        w.admin.patchFeature(w.keys.editor.principal, {
          projectId: 'default',
          featureName: 'hot',
          patch: [{ op: 'replace', path: '/description', value: `write-${i}` }],
        }),
      ),
    );
    assert.is(new Set(results.map((r) => r.etag)).size, 200, 'every write got its own version');
    assert.is(await w.eventCount(), before + 200, 'every change has its event');
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL, { project: 'default' });
    const updates = events.filter((e) => e.type === 'feature-metadata-updated');
    assert.is(updates.length, 200);
    assert.equal(new Set(updates.map((e) => (e.data as FeatureDocument).description)).size, 200);
    // Each event's preData is the previous event's data: the writes form one chain, none overwritten.
    const chain = [...updates].reverse();
    for (let i = 1; i < chain.length; i++) {
      assert.is((chain[i]!.preData as FeatureDocument).description, (chain[i - 1]!.data as FeatureDocument).description);
    }
    const { feature, etag } = await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'hot' });
    assert.is(feature.description, (updates[0]!.data as FeatureDocument).description, 'the final document is the last committed write');
    assert.is(etag, '"201"');
  });

  test('optimistic concurrency: of 50 patches sent with the same If-Match, exactly one applies', async () => {
    const w = await world();
    await w.feature('hot');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        w.admin.patchFeature(w.keys.editor.principal, {
          projectId: 'default',
          featureName: 'hot',
          ifMatch: '"1"',
          patch: [{ op: 'replace', path: '/description', value: `w${i}` }],
        }),
      ),
    );
    assert.is(outcomes.filter((o) => o.status === 'fulfilled').length, 1);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    assert.ok(rejected.every((o) => (o.reason as Error).name === 'PreconditionFailedError'));
  });
});
