// Crash cycles: writers under load against the bin (lowdb), kill -9 at a random moment, restart, and
// check that every acknowledged write is there with its event, and that event ids have no gap.
// CRASH_CYCLES=30 runs more cycles than the default.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomSecret, removeDir, startBin, tempDir, type Child } from './helpers/bin';

const CYCLES = Number(process.env['CRASH_CYCLES'] ?? 3);
const WRITERS = 8;

const test = suite('crash cycles');
const dir = tempDir('flagadmin-crash-');
const key = randomSecret();
let bin: { child: Child; url: string } | undefined;

test.after(async () => {
  await bin?.child.stop('SIGKILL');
  removeDir(dir);
});

const start = () => startBin(['--port', '0', '--host', '127.0.0.1', '--data', dir, '--no-demo'], { INIT_ADMIN_API_TOKENS: key });

async function call(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/**
 * Runs `WRITERS` writers creating features until the bin dies; the bin is killed with SIGKILL once a
 * random number of creates (at least one) were acknowledged. Resolves to the names acknowledged (2xx).
 */
async function loadAndKill(running: { child: Child; url: string }, cycle: number): Promise<string[]> {
  const acknowledged: string[] = [];
  const killAfter = 1 + Math.floor(Math.random() * 120);
  let dead = false;
  const writer = async (w: number) => {
    for (let i = 0; !dead; i++) {
      const name = `c${cycle}-w${w}-${i}`;
      let status: number;
      try {
        status = (await call(running.url, 'POST', '/api/admin/projects/default/features', { name })).status;
      } catch {
        return; // the connection died with the bin: this write was never acknowledged
      }
      assert.is(status, 201, `create ${name}`);
      acknowledged.push(name);
      if (acknowledged.length === killAfter && !dead) {
        dead = true;
        running.child.process.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  await running.child.stop('SIGKILL');
  return acknowledged;
}

test(`${CYCLES} kill -9 cycles under ${WRITERS} writers lose no acknowledged write and leave no gap in event ids`, async () => {
  const all: string[] = [];
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    bin = await start();
    all.push(...(await loadAndKill(bin, cycle)));
    bin = await start();
    const features = await call(bin.url, 'GET', '/api/admin/projects/default/features');
    assert.is(features.status, 200);
    const present = new Set<string>(features.json.features.map((f: { name: string }) => f.name));
    const lost = all.filter((name) => !present.has(name));
    assert.equal(lost, [], `cycle ${cycle}: acknowledged features lost`);
    // Event ids: the newest is the count of all events (ids are 1..n, no id missing), the latest page
    // counts down without a gap.
    const latest = await call(bin.url, 'GET', '/api/admin/events');
    const ids: number[] = latest.json.events.map((e: { id: number }) => e.id);
    assert.is(ids[0], latest.json.totalEvents, `cycle ${cycle}: newest id = number of events`);
    assert.equal(
      ids,
      ids.map((_, i) => ids[0]! - i),
      `cycle ${cycle}: the latest ids without a gap`,
    );
    const events = await call(bin.url, 'GET', '/api/admin/events?project=default');
    const created = new Set(
      events.json.events.filter((e: { type: string }) => e.type === 'feature-created').map((e: { featureName: string }) => e.featureName),
    );
    assert.equal(
      all.filter((name) => !created.has(name)),
      [],
      `cycle ${cycle}: acknowledged writes without their event`,
    );
    await bin.child.stop('SIGKILL');
  }
});

test.run();
