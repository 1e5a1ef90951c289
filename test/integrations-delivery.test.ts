// @flagadmin/integrations against real HTTP receivers on 127.0.0.1: every event delivered in order with
// its idempotency key and a signature that verifies; a receiver that errors then recovers gets the event
// on a retry; one that stays down past the retry bound gets a recorded failure (read through
// getIntegrationEvents); a receiver that does not answer never slows a write. Every wait is for the
// receiver or the stored state to show the fact, never a fixed sleep.
import { createHmac } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createAdmin, SYSTEM_PRINCIPAL, type Admin, type EventQuery, type ReadTx, type Storage } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { EVENT_PAGE, startIntegrations, type Integrations } from '../packages/integrations/src/index';
import { startReceiver, TEST_SECRETS_KEY, type Answer } from './helpers/integration-receiver';
import { LOWDB, MEMORY, type TestStorage } from './helpers/test-storages';

/** A receiver whose `seen(n)` resolves once n requests came. */
async function receiver(answer: Answer = () => 200) {
  const r = await startReceiver(answer, 'secret-in-url');
  return Object.assign(r, { seen: (n: number) => r.until((q) => q.length >= n) });
}

/** Resolves once `check` holds on the stored state, read again after each commit notification or briefly after. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function deliverySuite(kind: TestStorage): void {
  const test = suite(`integrations delivery (${kind.name})`);
  let storage: Storage;
  let cleanup: () => Promise<void>;
  let admin: Admin;
  let integrations: Integrations | undefined;
  const receivers: { close(): Promise<void> }[] = [];
  const logged: string[] = [];
  const logger = Object.fromEntries(
    ['debug', 'info', 'warn', 'error'].map((level) => [
      level,
      (fields: unknown, message?: string) => logged.push(JSON.stringify([fields, message])),
    ]),
  ) as never;

  test.before.each(async () => {
    ({ storage, cleanup } = await kind.open());
    admin = createAdmin({ storage, secretsKey: TEST_SECRETS_KEY });
    logged.length = 0;
  });
  test.after.each(async () => {
    await integrations?.close();
    integrations = undefined;
    for (const r of receivers.splice(0)) await r.close();
    await cleanup();
  });

  const start = (giveUpAfterMs = 60_000) => {
    integrations = startIntegrations({
      storage,
      secrets: admin.context.secrets,
      logger,
      retry: { firstDelayMs: 5, maxDelayMs: 20, giveUpAfterMs },
      pollIntervalMs: 50,
    });
  };
  const addWebhook = async (url: string, parameters: Record<string, string> = {}) =>
    admin.createAddon(SYSTEM_PRINCIPAL, {
      body: { provider: 'webhook', enabled: true, parameters: { url, ...parameters }, events: ['feature-created'] },
    });
  const createFlag = (name: string) => admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name } });
  const outcomes = (id: number) => () => admin.getIntegrationEvents(SYSTEM_PRINCIPAL, { id: String(id) });

  test('every event delivered once, in order, templated, with its idempotency key and a signature that verifies', async () => {
    const r = await receiver();
    receivers.push(r);
    await createFlag('before-the-integration');
    const addon = await addWebhook(r.url, {
      signingSecret: 'shared-secret',
      bodyTemplate: '{"flag":"{{event.featureName}}","by":"{{event.createdBy}}","json":{{{eventJson}}}}',
      customHeaders: '{"X-Team":"flags"}',
    });
    start();
    for (const name of ['one', 'two', 'three', 'four', 'five']) await createFlag(name);
    await r.seen(5);
    const bodies = r.requests.map((q) => JSON.parse(q.body));
    assert.equal(
      bodies.map((b) => b.flag),
      ['one', 'two', 'three', 'four', 'five'],
    );
    assert.is(bodies[0].json.type, 'feature-created');
    for (const q of r.requests) {
      const expected = `sha256=${createHmac('sha256', 'shared-secret').update(q.body).digest('hex')}`;
      assert.is(q.headers['x-flagadmin-signature'], expected);
      assert.is(q.headers['x-team'], 'flags');
      assert.is(q.headers['content-type'], 'application/json');
    }
    const keys = r.requests.map((q) => q.headers['idempotency-key']);
    assert.is(new Set(keys).size, 5, 'one key per event');
    const recorded = await until(outcomes(addon.id), (o) => o.integrationEvents.length === 5);
    assert.equal(
      recorded.integrationEvents.map((e) => [e.state, (e.event as { featureName: string }).featureName]),
      ['five', 'four', 'three', 'two', 'one'].map((n) => ['success', n]),
    );
    assert.is(r.requests.length, 5, 'nothing sent twice');
    const log = logged.join('\n');
    assert.not.ok(log.includes('secret-in-url') || log.includes('shared-secret'), 'no secret logged');
  });

  test('a receiver that errors then recovers gets the event on a retry, with the same idempotency key', async () => {
    const r = await receiver((n) => (n <= 2 ? 503 : 200));
    receivers.push(r);
    const addon = await addWebhook(r.url);
    start();
    await createFlag('retried');
    await createFlag('after');
    await r.seen(4);
    const keys = r.requests.map((q) => q.headers['idempotency-key']);
    assert.is(keys[0], keys[1]);
    assert.is(keys[1], keys[2]);
    assert.is.not(keys[2], keys[3]);
    assert.equal(
      r.requests.map((q) => JSON.parse(q.body).featureName),
      ['retried', 'retried', 'retried', 'after'],
      'order kept through the retries',
    );
    const recorded = await until(outcomes(addon.id), (o) => o.integrationEvents.length === 2);
    assert.equal(recorded.integrationEvents[1]!.details, { attempts: 3, status: 200 });
    assert.is(recorded.integrationEvents[1]!.state, 'success');
  });

  test('a receiver down past the retry bound: the failure is recorded, the next event is still sent', async () => {
    const down = await receiver();
    const deadUrl = down.url;
    await down.close();
    const addon = await addWebhook(deadUrl);
    const r = await receiver();
    receivers.push(r);
    const second = await addWebhook(r.url);
    start(100);
    await createFlag('lost');
    const recorded = await until(outcomes(addon.id), (o) => o.integrationEvents.length === 1);
    const failure = recorded.integrationEvents[0]!;
    assert.is(failure.state, 'failed');
    assert.match(failure.stateDetails, /could not be reached/);
    assert.ok((failure.details['attempts'] as number) >= 1, 'the attempts are recorded');
    await r.seen(1);
    assert.is(JSON.parse(r.requests[0]!.body).featureName, 'lost', 'the other integration got it');
    assert.ok(second.id !== addon.id);
  });

  test('a receiver that does not answer never slows a write; Slack and Teams get a text per flag event', async () => {
    const slow = await receiver(() => new Promise<number>(() => undefined));
    receivers.push(slow);
    await addWebhook(slow.url);
    const chat = await receiver();
    receivers.push(chat);
    await admin.createAddon(SYSTEM_PRINCIPAL, {
      body: { provider: 'slack', parameters: { url: chat.url, defaultChannel: 'releases' }, events: ['feature-created'] },
    });
    await admin.createAddon(SYSTEM_PRINCIPAL, { body: { provider: 'teams', parameters: { url: chat.url }, events: ['feature-created'] } });
    start();
    await createFlag('held');
    await slow.seen(1);
    // The write completes while the receiver still holds the first request unanswered.
    const written = await createFlag('while-held');
    assert.ok(written, 'written while the receiver holds a request');
    await chat.seen(4);
    const messages = chat.requests.map((q) => JSON.parse(q.body));
    const slack = messages.filter((m) => m.channel === '#releases');
    const teams = messages.filter((m) => m['@type'] === 'MessageCard');
    assert.is(slack.length, 2);
    assert.is(teams.length, 2);
    assert.match(slack[0].text, /created feature flag \*held\* in project \*default\*/);
    assert.match(teams[1].text, /while-held/);
    assert.is(slow.requests.length, 1, 'the held event blocks only its own integration');
  });

  test('events an integration is not sent cost no write: five flags, then a test-send, make nine writes in all', async () => {
    const r = await receiver();
    receivers.push(r);
    const addon = await admin.createAddon(SYSTEM_PRINCIPAL, {
      body: { provider: 'webhook', parameters: { url: r.url }, events: ['feature-archived'] },
    });
    start();
    const revision = () => storage.read((tx) => tx.revision());
    const before = await revision();
    for (const name of ['a', 'b', 'c', 'd', 'e']) await createFlag(name);
    await admin.testAddon(SYSTEM_PRINCIPAL, { id: String(addon.id) });
    // The log is delivered in order: once the test's outcome is recorded, the flags before it were passed.
    await until(outcomes(addon.id), (o) => o.integrationEvents.length === 1);
    await integrations!.close();
    // 5 flags and the test event, then the delivery's claim, the test's outcome and the end of the batch.
    assert.is((await revision()) - before, 5 + 1 + 3);
    assert.is(r.requests.length, 1);
  });

  test('past a hundred events an integration is not sent, its state moves on without sending', async () => {
    const r = await receiver();
    receivers.push(r);
    const addon = await admin.createAddon(SYSTEM_PRINCIPAL, {
      body: { provider: 'webhook', parameters: { url: r.url }, events: ['feature-archived'] },
    });
    start();
    for (let i = 0; i < 101; i++) await createFlag(`unsent-${i}`);
    const last = await storage.read((tx) => tx.countEvents({}));
    const state = () =>
      storage.read(async (tx) => (await tx.get('settings', `integration-delivery:${addon.id}`))?.value as { lastEventId: number });
    await until(state, (s) => s.lastEventId === last);
    assert.is(r.requests.length, 0);
  });

  test('a test-send reaches its integration alone, disabled and filtered as it is, and is recorded', async () => {
    const r = await receiver();
    receivers.push(r);
    const other = await receiver();
    receivers.push(other);
    const tested = await admin.createAddon(SYSTEM_PRINCIPAL, {
      body: { provider: 'slack', enabled: false, parameters: { url: r.url, defaultChannel: 'ops' }, events: ['feature-archived'] },
    });
    await addWebhook(other.url);
    start();
    await admin.testAddon(SYSTEM_PRINCIPAL, { id: String(tested.id) });
    await createFlag('after-the-test');
    await other.seen(1);
    await r.seen(1);
    assert.match(JSON.parse(r.requests[0]!.body).text, /sent a test message from flagadmin/);
    assert.is(JSON.parse(other.requests[0]!.body).featureName, 'after-the-test', 'the other integration got no test');
    const recorded = await until(outcomes(tested.id), (o) => o.integrationEvents.length === 1);
    assert.is(recorded.integrationEvents[0]!.state, 'success');
    assert.is((recorded.integrationEvents[0]!.event as { type: string }).type, 'addon-test-requested');
  });

  test.run();
}

for (const kind of [MEMORY, LOWDB]) deliverySuite(kind);

/** `storage` with every events read's query noted (reads and writes alike). */
function notingEventReads(storage: Storage, queries: EventQuery[]): Storage {
  const noting = <T extends ReadTx>(tx: T): T =>
    new Proxy(tx, {
      get(target, name) {
        if (name === 'events') return (query: EventQuery) => (queries.push(query), target.events(query));
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return new Proxy(storage, {
    get(target, name) {
      if (name === 'read') return (fn: (tx: ReadTx) => Promise<unknown>, options?: never) => target.read((tx) => fn(noting(tx)), options);
      if (name === 'write') return (fn: (tx: never) => Promise<unknown>) => target.write((tx) => fn(noting(tx) as never));
      const value = Reflect.get(target, name);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const paging = suite('integrations delivery reads a backlog a page at a time');
paging('a backlog of several pages: every event delivered once, in order, and no read asks for more than a page', async () => {
  const storage = memoryStorage();
  const admin = createAdmin({ storage, secretsKey: TEST_SECRETS_KEY });
  const r = await receiver();
  const addon = await admin.createAddon(SYSTEM_PRINCIPAL, {
    body: { provider: 'webhook', parameters: { url: r.url }, events: ['feature-created'] },
  });
  const backlog = 2 * EVENT_PAGE + 100;
  const names = Array.from({ length: backlog }, (_, i) => `backlog-${i}`);
  for (const name of names) await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name } });
  const queries: EventQuery[] = [];
  const integrations = startIntegrations({
    storage: notingEventReads(storage, queries),
    secrets: admin.context.secrets,
    pollIntervalMs: 50,
  });
  try {
    await r.seen(backlog);
    await until(
      () => admin.getIntegrationEvents(SYSTEM_PRINCIPAL, { id: String(addon.id), limit: '1' }),
      (o) => (o.integrationEvents[0]?.event as { featureName?: string } | undefined)?.featureName === names.at(-1),
    );
  } finally {
    await integrations.close();
    await r.close();
  }
  assert.equal(
    r.requests.map((q) => JSON.parse(q.body).featureName),
    names,
    'every event once, in order',
  );
  assert.ok(queries.length >= 3, `read in pages (${queries.length} reads)`);
  for (const query of queries)
    assert.ok(query.limit !== undefined && query.limit <= EVENT_PAGE, `a read asked for ${query.limit ?? 'every'} event(s)`);
});
paging.run();
