import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  AdminError,
  createAdmin,
  SYSTEM_PRINCIPAL,
  type Admin,
  type ErrorName,
  type FeatureDocument,
  type Limits,
  type Principal,
  type Storage,
} from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { LOWDB, MEMORY, POSTGRES, type TestStorage } from '../../../test/helpers/test-storages';
import type { SchemaId } from '../src/schemas/registry';
import { schemaErrors } from '../src/schemas/validation';

export const T0 = Date.parse('2026-01-01T00:00:00.000Z');
export const DAY = 86_400_000;

export interface World {
  admin: Admin;
  storage: Storage;
  clock: { ms: number };
  /** Keys by role: admin (all projects), editor, viewer, client (development). */
  keys: Record<'admin' | 'editor' | 'viewer' | 'client', { secret: string; principal: Principal }>;
  key(body: Record<string, unknown>): Promise<{ secret: string; principal: Principal }>;
  feature(name: string, body?: Record<string, unknown>, projectId?: string): Promise<FeatureDocument>;
  project(id: string, body?: Record<string, unknown>): Promise<void>;
  eventCount(): Promise<number>;
}

/** Every storage the operation suites run against: a new storage is one more entry here. */
export const STORAGES: readonly TestStorage[] = [MEMORY, LOWDB, POSTGRES];

/**
 * Defines and runs one uvu suite per storage in STORAGES, titled `<title> [<storage>]`. `define` gets
 * the suite and a `world()` that opens a fresh storage of that kind; every storage opened by a test is
 * closed and removed after it.
 */
export function suiteForEachStorage(title: string, define: (test: Test, world: () => Promise<World>) => void): void {
  for (const kind of STORAGES) {
    const test = suite(`${title} [${kind.name}]`);
    const open: (() => Promise<void>)[] = [];
    test.after.each(async () => {
      for (const cleanup of open.splice(0)) await cleanup();
    });
    define(test, async () => {
      const { storage, cleanup } = await kind.open();
      open.push(cleanup);
      return world(storage);
    });
    test.run();
  }
}

/** A fresh instance over a storage (memory by default) with a controllable clock, one key per role, and optional limits. */
export async function world(storage: Storage = memoryStorage(), limits?: Partial<Limits>): Promise<World> {
  const clock = { ms: T0 };
  const admin = createAdmin({ storage, now: () => new Date(clock.ms), ...(limits ? { limits } : {}) });
  const key = async (body: Record<string, unknown>) => {
    const created = await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: `key-${Math.random()}`, ...body } });
    return { secret: created.secret, principal: await admin.authenticate(created.secret) };
  };
  const keys = {
    admin: await key({ tokenName: 'admin-key', type: 'admin' }),
    editor: await key({ tokenName: 'editor-key', type: 'admin', role: 'editor' }),
    viewer: await key({ tokenName: 'viewer-key', type: 'admin', role: 'viewer' }),
    client: await key({ tokenName: 'client-key', type: 'client', environment: 'development' }),
  };
  return {
    admin,
    storage,
    clock,
    keys,
    key,
    feature: (name, body = {}, projectId = 'default') => admin.createFeature(SYSTEM_PRINCIPAL, { projectId, body: { name, ...body } }),
    project: async (id, body = {}) => {
      await admin.createProject(SYSTEM_PRINCIPAL, { body: { id, name: id, ...body } });
    },
    eventCount: async () => (await admin.listEvents(SYSTEM_PRINCIPAL)).totalEvents,
  };
}

/** Awaits a promise that must reject with an AdminError of that name; returns the error. */
export async function rejects(promise: Promise<unknown>, name: ErrorName, message?: RegExp): Promise<AdminError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught, `expected a ${name}, but it resolved`);
  assert.instance(caught, AdminError, `expected an AdminError, got ${String(caught)}`);
  const error = caught as AdminError;
  assert.is(error.name, name, `expected ${name}, got ${error.name}: ${error.message}`);
  if (message) assert.match(error.message, message);
  return error;
}

/** Asserts that a value matches one of the published schemas. */
export function assertSchema(id: SchemaId, value: unknown): void {
  const errors = schemaErrors(id, value);
  assert.equal(errors, [], `${id} schema: ${JSON.stringify(errors)}`);
}

/** Everything observable about one feature and the event log, to prove a failed call changed nothing. */
export async function observe(w: World, projectId: string, featureName: string): Promise<unknown> {
  const feature = await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId, featureName });
  return { feature, events: await w.eventCount() };
}

export { SYSTEM_PRINCIPAL };
