import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { silentLogger, type Admin } from '@flagadmin/core';
import { startChangeRequestScheduler } from '../src/change-request-scheduler';

const test = suite('change-request scheduler');

test('a run slower than the interval is never joined by another: ticks meanwhile are skipped, stop waits for it', async () => {
  let calls = 0;
  let running = 0;
  let most = 0;
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const admin = {
    applyDueChangeRequests: async () => {
      calls++;
      most = Math.max(most, ++running);
      await gate;
      running--;
      return { applied: [], failed: [] };
    },
  } as unknown as Admin;
  const scheduler = startChangeRequestScheduler(admin, silentLogger, 1);
  // Let many 1 ms ticks pass while the first run waits (counted by timers, not by the clock).
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 2));
  assert.is(calls, 1, 'no run started while one was under way');
  let stopped = false;
  const stopping = scheduler.stop().then(() => (stopped = true));
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(stopped, false, 'stop waits for the run under way');
  finish();
  await stopping;
  assert.is(most, 1);
  assert.is(calls, 1, 'nothing queued behind it');
});

test.run();
