// Change requests on real PostgreSQL: an apply batched with other writes still lists exactly the ids of
// the events it caused, and two instances on one database (two processes' worth) apply a due request once.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createAdmin, SYSTEM_PRINCIPAL, type Admin } from '@flagadmin/core';
import { postgresStorage, type PostgresStorage } from '@flagadmin/storage-postgres';
import { startPostgres } from './helpers/postgres';

const test = suite('change requests on PostgreSQL');
const server = await startPostgres();
const opened: PostgresStorage[] = [];
let schemas = 0;
const T0 = Date.parse('2026-03-01T00:00:00.000Z');

test.after(async () => {
  for (const storage of opened) await storage.close();
  await server.stop();
});

/** `count` instances over one fresh schema, sharing one injected clock. */
async function instances(count: number, clock: { ms: number }): Promise<Admin[]> {
  const schema = `change_requests_${++schemas}`;
  const out: Admin[] = [];
  for (let i = 0; i < count; i++) {
    const storage = await postgresStorage({ url: server.url, schema });
    opened.push(storage);
    out.push(createAdmin({ storage, now: () => new Date(clock.ms) }));
  }
  await out[0]!.context.ready();
  return out;
}

async function approvedRequest(admin: Admin, features: string[]): Promise<number> {
  const body = features.map((feature) => ({ feature, action: 'updateEnabled', payload: { enabled: true } }));
  const { changeRequest } = await admin.addChangeRequestChanges(SYSTEM_PRINCIPAL, {
    projectId: 'default',
    environment: 'production',
    body,
  });
  await admin.updateChangeRequestState(SYSTEM_PRINCIPAL, { projectId: 'default', id: changeRequest.id, body: { state: 'In review' } });
  await admin.updateChangeRequestState(SYSTEM_PRINCIPAL, { projectId: 'default', id: changeRequest.id, body: { state: 'Approved' } });
  return changeRequest.id;
}

test('an apply batched with other writes lists exactly the events it caused', async () => {
  const [admin] = await instances(1, { ms: T0 });
  for (let i = 0; i < 6; i++) await admin!.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: `f${i}` } });
  const id = await approvedRequest(admin!, ['f0', 'f1', 'f2']);
  const others = [3, 4, 5].map((i) =>
    admin!.toggleEnvironment(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: `f${i}`, environment: 'development', enabled: true }),
  );
  const apply = admin!.updateChangeRequestState(SYSTEM_PRINCIPAL, { projectId: 'default', id, body: { state: 'Applied' } });
  await Promise.all([...others, apply]);
  const { events } = await admin!.listEvents(SYSTEM_PRINCIPAL, { project: 'default' });
  const caused = events
    .filter((e) => e.changeRequestId === id)
    .map((e) => e.id)
    .sort((a, b) => a - b);
  const applied = events.find((e) => e.type === 'change-request-applied')!;
  assert.is(caused.length, 6, 'a default strategy and an enabled event per feature');
  assert.equal((applied.data as { eventIds: number[] }).eventIds, caused);
});

test('two instances on one database run the due-request check at once: the request is applied once', async () => {
  const clock = { ms: T0 };
  const [a, b] = await instances(2, clock);
  await a!.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'later' } });
  const id = await approvedRequest(a!, ['later']);
  await a!.updateChangeRequestState(SYSTEM_PRINCIPAL, {
    projectId: 'default',
    id,
    body: { state: 'Scheduled', scheduledAt: new Date(T0 + 60_000).toISOString() },
  });
  clock.ms += 60_000;
  const runs = await Promise.all([a, b, a, b].map((admin) => admin!.applyDueChangeRequests(SYSTEM_PRINCIPAL)));
  assert.equal(
    runs.flatMap((r) => r.applied),
    [id],
  );
  const { events } = await b!.listEvents(SYSTEM_PRINCIPAL, { project: 'default' });
  assert.is(events.filter((e) => e.type === 'change-request-applied').length, 1);
  assert.is((await b!.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'default', id })).state, 'Applied');
});

test.run();
