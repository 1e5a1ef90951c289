// A scheduled change request across a restart of the real bin: it falls due while the bin is down,
// and the next start applies it, once.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call as callAt } from './helpers/admin-round-trip';
import { BIN_FROM_SOURCE, killAll, listeningUrl, removeDir, spawnNode, tempDir, type Child } from './helpers/bin';

const test = suite('scheduled change requests and the bin');
const KEY = `*:*.${'a1b2c3d4e5f60718'.repeat(4)}`;
const HANG_GUARD_MS = 60_000;
let dir = '';

test.before(() => {
  dir = tempDir('flagadmin-schedule-');
});
test.after(async () => {
  await killAll();
  removeDir(dir);
});

/** The bin on the test's data directory; `interval` is how often it looks for due requests (also once at start). */
const bin = (interval: number): Child =>
  spawnNode([...BIN_FROM_SOURCE, '--port', '0', '--data', dir, '--no-demo', '--schedule-interval', String(interval)], {
    env: { INIT_ADMIN_API_TOKENS: KEY },
  });

const call = (url: string, method: string, path: string, body?: unknown) => callAt(`${url}${path}`, KEY, { method, body });

const appliedEvents = async (url: string) =>
  (await call(url, 'GET', '/api/admin/events?project=default')).body.events.filter((e: any) => e.type === 'change-request-applied');

/** Polls a condition (the wall clock, the API) until it holds; the guard only stops a hang. */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > HANG_GUARD_MS) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a request scheduled for a time that passes while the bin is down is applied once after the restart', async () => {
  // The first bin looks for due requests only at its start (its interval is a day): it cannot apply this one.
  const first = bin(86_400_000);
  let scheduledAt = 0;
  let id = 0;
  try {
    const url = await listeningUrl(first);
    assert.is((await call(url, 'POST', '/api/admin/projects/default/features', { name: 'later' })).status, 201);
    const draft = await call(url, 'POST', '/api/admin/projects/default/environments/production/change-requests', {
      feature: 'later',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    assert.is(draft.status, 201);
    id = draft.body.id;
    for (const state of ['In review', 'Approved'])
      assert.is((await call(url, 'PUT', `/api/admin/projects/default/change-requests/${id}/state`, { state })).status, 200);
    // Two seconds ahead; on a machine so loaded that the PUT arrives after that time (a 400 "in the
    // future"), again with twice the margin.
    let scheduled: { status: number; body: any };
    for (let margin = 2_000; ; margin *= 2) {
      scheduledAt = Date.now() + margin;
      scheduled = await call(url, 'PUT', `/api/admin/projects/default/change-requests/${id}/state`, {
        state: 'Scheduled',
        scheduledAt: new Date(scheduledAt).toISOString(),
      });
      if (scheduled.status !== 400 || !/future/.test(scheduled.body.message) || margin >= HANG_GUARD_MS) break;
    }
    assert.is(scheduled.status, 200, JSON.stringify(scheduled.body));
    assert.is(scheduled.body.state, 'Scheduled');
    assert.equal(await first.stop(), { code: 0, signal: null });
  } finally {
    await first.kill();
  }

  await until('the scheduled time to pass', () => (Date.now() > scheduledAt + 50 ? true : undefined));

  const second = bin(86_400_000);
  try {
    const url = await listeningUrl(second);
    const [applied] = await until('the applied event', async () => {
      const events = await appliedEvents(url);
      return events.length ? events : undefined;
    });
    assert.is(applied.data.changeRequestId, id);
    await second.waitFor(/scheduled change request applied/, HANG_GUARD_MS);
    const feature = await call(url, 'GET', '/api/admin/projects/default/features/later');
    assert.is(feature.body.environments.find((e: any) => e.name === 'production').enabled, true);
    assert.is((await call(url, 'GET', `/api/admin/projects/default/change-requests/${id}`)).body.state, 'Applied');
    assert.equal(await second.stop(), { code: 0, signal: null });
  } finally {
    await second.kill();
  }

  // Once: a third start finds nothing due and applies nothing again.
  const third = bin(86_400_000);
  try {
    const url = await listeningUrl(third);
    assert.is((await appliedEvents(url)).length, 1);
    assert.equal(await third.stop(), { code: 0, signal: null });
    assert.not.match(third.stdout, /scheduled change request applied/);
  } finally {
    await third.kill();
  }
});

test.run();
