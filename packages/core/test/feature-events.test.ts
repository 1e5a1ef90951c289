// A flag's events (getEventsForToggle) and the event search by feature read the storage's index by
// feature: every event of the flag, with its exact count, however many newer events of its project came
// after them; on every storage.
import * as assert from 'uvu/assert';
import type { NewEvent } from '@flagadmin/core';
import { EVENT_SCAN_WINDOW } from '../src/runtime/event-search';
import { SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

/** More events of another flag of the same project than a window of the newest events holds. */
const NEWER = EVENT_SCAN_WINDOW + 50;

const otherEvent = (i: number): NewEvent => ({
  createdAt: '2026-01-01T00:00:00.000Z',
  type: 'feature-updated',
  createdBy: 'script',
  createdByUserId: null,
  environment: null,
  project: 'default',
  featureName: 'busy',
  data: { i },
  preData: null,
  tags: [],
});

async function buried(w: World): Promise<number> {
  await w.feature('quiet');
  await w.admin.patchFeature(SYSTEM_PRINCIPAL, {
    projectId: 'default',
    featureName: 'quiet',
    patch: [{ op: 'replace', path: '/description', value: 'before the rush' }],
  });
  await w.storage.write(async (tx) => {
    for (let i = 0; i < NEWER; i++) await tx.appendEvent(otherEvent(i));
  });
  return w.storage.read((tx) => tx.countEvents({ feature: 'quiet' }));
}

suiteForEachStorage("a flag's events through the index by feature", (test, world) => {
  test('getEventsForToggle answers a flag whose events are older than many newer events of its project, with their exact count', async () => {
    const w = await world();
    const own = await buried(w);
    assert.ok(own >= 2, 'created and patched');
    const answer = JSON.parse(await w.admin.getFeatureEventsJson(w.keys.admin.principal, { featureName: 'quiet' })) as {
      toggleName: string;
      totalEvents: number;
      events: { featureName: string; type: string; id: number }[];
    };
    assert.is(answer.toggleName, 'quiet');
    assert.is(answer.totalEvents, own);
    assert.is(answer.events.length, own);
    assert.ok(answer.events.every((e) => e.featureName === 'quiet'));
    assert.ok(answer.events.some((e) => e.type === 'feature-created'));
    const ids = answer.events.map((e) => e.id);
    assert.equal(
      ids,
      [...ids].sort((a, b) => b - a),
      'newest first',
    );

    const busy = JSON.parse(await w.admin.getFeatureEventsJson(w.keys.admin.principal, { featureName: 'busy' })) as {
      totalEvents: number;
      events: unknown[];
    };
    assert.is(busy.totalEvents, NEWER, 'every event counted, past the page');
    assert.is(busy.events.length, 50, "Unleash's page");
  });

  test('the event search by feature finds them too: alone (page and exact total) and with other filters', async () => {
    const w = await world();
    const own = await buried(w);
    const search = async (query: string) =>
      JSON.parse(await w.admin.searchEventsJson(w.keys.admin.principal, { query: new URLSearchParams(query) })) as {
        total: number;
        events: { featureName: string; type: string }[];
      };
    const alone = await search('feature=IS:quiet');
    assert.is(alone.total, own);
    const page = await search('feature=IS:busy&offset=10040&limit=50');
    assert.is(page.total, NEWER);
    assert.is(page.events.length, 10);
    const created = await search('feature=IS:quiet&type=IS:feature-created');
    assert.equal(
      created.events.map((e) => [e.featureName, e.type]),
      [['quiet', 'feature-created']],
    );
    const both = await search('feature=IS_ANY_OF:quiet,nope&type=IS_ANY_OF:feature-created,feature-updated');
    assert.ok(both.total >= 1 && both.events.every((e) => e.featureName === 'quiet'));
  });
});
