import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RevisionCache } from '../src/base/revision-cache';

const test = suite('RevisionCache');

/** A computation that finishes when told to, counting how often it was started. */
function gate<V>(value: V) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const state = { started: 0 };
  const compute = async () => {
    state.started += 1;
    await opened;
    return value;
  };
  return { compute, open, state };
}

test('callers arriving while an answer is computed wait for it instead of computing again', async () => {
  const cache = new RevisionCache<string, string>();
  const { compute, open, state } = gate('answer');
  const callers = Array.from({ length: 10 }, () => cache.get(7, 'q', compute));
  open();
  assert.equal(await Promise.all(callers), Array(10).fill('answer'));
  assert.is(state.started, 1);
  assert.is(await cache.get(7, 'q', async () => 'other'), 'answer', 'kept for the revision');
});

test('a new revision does not wait for the answer of an older one', async () => {
  const cache = new RevisionCache<string, string>();
  const old = gate('old');
  const first = cache.get(1, 'q', old.compute);
  assert.is(await cache.get(2, 'q', async () => 'new'), 'new');
  old.open();
  assert.is(await first, 'old');
  assert.is(await cache.get(2, 'q', async () => 'computed again'), 'new', 'the older answer never replaces the newer one');
});

test('a failed computation is not kept: the next caller computes again', async () => {
  const cache = new RevisionCache<string, string>();
  let calls = 0;
  const failing = async () => {
    calls += 1;
    throw new Error('storage gone');
  };
  const results = await Promise.allSettled([cache.get(3, 'q', failing), cache.get(3, 'q', failing)]);
  assert.equal(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
  );
  assert.is(calls, 2, 'the caller that waited tried once with its own compute, and failed with its own error');
  assert.is(await cache.get(3, 'q', async () => 'ok'), 'ok');
});

test("a caller waiting for another's computation that fails computes in its own transaction instead of failing", async () => {
  // A PostgreSQL read whose snapshot found the database moved on fails its own computation (and runs
  // again); the SDK polls that joined it must not answer 500 with that error.
  const cache = new RevisionCache<string, string>();
  let release!: () => void;
  const started = new Promise<void>((resolve) => (release = resolve));
  const first = cache.get(4, 'q', async () => {
    await started;
    throw new Error('The database moved on from revision 4: the read runs again');
  });
  const joined = cache.get(4, 'q', async () => 'from its own transaction');
  release();
  const [firstOutcome, joinedOutcome] = await Promise.allSettled([first, joined]);
  assert.match(String((firstOutcome as PromiseRejectedResult).reason), /moved on/);
  assert.equal(joinedOutcome, { status: 'fulfilled', value: 'from its own transaction' });
  assert.is(await cache.get(4, 'q', async () => 'not asked'), 'from its own transaction', 'and it is kept for the next');
});

test('callers waiting for a computation that fails compute once more between them, not once each', async () => {
  const cache = new RevisionCache<string, string>();
  let release!: () => void;
  const started = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const first = cache.get(5, 'q', async () => {
    calls++;
    await started;
    throw new Error('The database moved on from revision 5: the read runs again');
  });
  const waiting = Array.from({ length: 20 }, (_, i) =>
    cache.get(5, 'q', async () => {
      calls++;
      return `answer ${i}`;
    }),
  );
  release();
  await Promise.allSettled([first]);
  const answers = await Promise.all(waiting);
  assert.is(calls, 2, 'the failed computation, then one for the twenty');
  assert.is(new Set(answers).size, 1, 'all twenty got the same answer');
});

test.run();
