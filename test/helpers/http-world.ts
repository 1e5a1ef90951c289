import { Ajv } from 'ajv';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin, SYSTEM_PRINCIPAL, type Admin, type FetchHandler, type Limits, type Storage } from '@flagadmin/core';
import { serve } from '@flagadmin/node-http';
import { memoryStorage } from '@flagadmin/storage-memory';
import { pinoLines, type LogLine } from './pino-lines';
import { MEMORY, POSTGRES, type TestStorage } from './test-storages';
import { TEST_SECRETS_KEY } from './integration-receiver';

/** Sends one request: in process through `handle()`, or over a real socket. */
export type Send = (path: string, init?: RequestInit) => Promise<Response>;

export interface Transport {
  name: string;
  /** Mounts a handler; returns how to reach it and how to stop. */
  mount(handle: FetchHandler): Promise<{ send: Send; close(): Promise<void> }>;
}

export const IN_PROCESS: Transport = {
  name: 'in process',
  mount: async (handle) => ({
    send: (path, init) => handle(new Request(`http://flagadmin.test${path}`, init)),
    close: async () => undefined,
  }),
};

export const OVER_SOCKET: Transport = {
  name: 'node-http on 127.0.0.1',
  async mount(handle) {
    const server = await serve({ fetch: handle, port: 0, hostname: '127.0.0.1' });
    return { send: (path, init) => fetch(`${server.url}${path}`, init), close: () => server.close() };
  },
};

export const TRANSPORTS = [IN_PROCESS, OVER_SOCKET];

/** The storages the HTTP behaviour suites run on: memory, and PostgreSQL (what several processes share). */
export const HTTP_STORAGES: readonly TestStorage[] = [MEMORY, POSTGRES];

/** One transport over one kind of storage, named for suite titles. */
export interface HttpSetup {
  transport: Transport;
  storageKind: TestStorage;
  name: string;
}

/** Every transport on every storage of HTTP_STORAGES. */
export const HTTP_SETUPS: readonly HttpSetup[] = HTTP_STORAGES.flatMap((storageKind) =>
  TRANSPORTS.map((transport) => ({ transport, storageKind, name: `${transport.name}, ${storageKind.name}` })),
);

export interface HttpWorld {
  admin: Admin;
  send: Send;
  adminKey: string;
  editorKey: string;
  viewerKey: string;
  clientKey: string;
  /** The lines of the `pino()` logger the instance was given. */
  logged: LogLine[];
  /** How many events the instance holds (every project's and the instance's). */
  eventCount(): Promise<number>;
  /** Unmounts, and disposes of the storage when the world opened it (`storageKind`). */
  close(): Promise<void>;
}

export interface HttpWorldOptions {
  /** The storage to use as it is (default: a new memory storage). */
  storage?: Storage;
  /** Or the kind of storage to open a fresh one of, disposed of by `close()`. */
  storageKind?: TestStorage;
  bodyLimit?: number;
  /** The instance's clock (default: the real one). */
  now?: () => Date;
  /** Overrides of the instance's limits. */
  limits?: Partial<Limits>;
}

/** A fresh instance with keys of each kind, mounted on a transport. */
export async function httpWorld(transport: Transport, options: HttpWorldOptions = {}): Promise<HttpWorld> {
  const opened = options.storageKind ? await options.storageKind.open() : undefined;
  const { logger, lines: logged } = pinoLines();
  const { admin, handle } = createFlagadmin({
    storage: opened?.storage ?? options.storage ?? memoryStorage(),
    logger,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    secretsKey: TEST_SECRETS_KEY,
  });
  const key = async (body: Record<string, unknown>) =>
    (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: `${body['type']}-${body['role'] ?? ''}`, ...body } })).secret;
  const adminKey = await key({ type: 'admin' });
  const editorKey = await key({ type: 'admin', role: 'editor' });
  const viewerKey = await key({ type: 'admin', role: 'viewer' });
  const clientKey = await key({ type: 'client', environment: 'development' });
  const mounted = await transport.mount(handle);
  const close = async () => {
    await mounted.close();
    await opened?.cleanup();
  };
  const eventCount = async () => (await admin.listEvents(SYSTEM_PRINCIPAL)).totalEvents;
  return { admin, send: mounted.send, adminKey, editorKey, viewerKey, clientKey, logged, eventCount, close };
}

/** A memory storage whose reads fail with `message` while `broken` is true (writes keep working). */
export function storageWithFailingReads(failure: string | Error): { storage: Storage; broken: boolean } {
  const inner = memoryStorage();
  const state: { storage: Storage; broken: boolean } = {
    broken: false,
    storage: {
      read: (fn) => (state.broken ? Promise.reject(typeof failure === 'string' ? new Error(failure) : failure) : inner.read(fn)),
      write: (fn) => inner.write(fn),
      close: () => inner.close(),
    },
  };
  return state;
}

/** Asserts a JSON error response: status, name, content type, and body id = x-request-id. */
export async function expectError(response: Response, status: number, name: string, message?: RegExp): Promise<Record<string, unknown>> {
  const text = await response.text();
  assert.is(response.status, status, `expected ${status} ${name}, got ${response.status}: ${text}`);
  assert.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
  const body = JSON.parse(text) as Record<string, unknown>;
  assert.is(body['name'], name);
  assert.type(body['message'], 'string');
  assert.ok(typeof body['id'] === 'string' && body['id'].length > 0);
  assert.is(body['id'], response.headers.get('x-request-id'), 'error id = x-request-id');
  if (message) assert.match(body['message'] as string, message);
  return body;
}

/** Validates response bodies against the served OpenAPI document (the same schemas the core uses). */
export class OpenApiChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  constructor(
    private readonly doc: {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> }>>;
    },
  ) {
    this.ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T/);
    this.ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:/i);
    this.ajv.addSchema({ ...doc, $id: 'openapi' } as object);
  }

  check(method: string, openPath: string, status: number, body: unknown): void {
    const operation = this.doc.paths[openPath]?.[method.toLowerCase()];
    assert.ok(operation, `${method} ${openPath} is in the OpenAPI document`);
    const response = operation!.responses[String(status)];
    assert.ok(response, `${method} ${openPath} documents status ${status}`);
    const schema = response!.content?.['application/json']?.schema;
    if (!schema) return;
    const valid = this.ajv.validate({ $ref: `openapi${schema.$ref}` }, body);
    assert.ok(valid, `${method} ${openPath} ${status} matches the OpenAPI schema: ${this.ajv.errorsText()}`);
  }
}

export const json = (key: string | undefined, method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(key ? { authorization: key } : {}), ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** Checkers by the document's text: every world serves the same document, compiled once per process. */
const checkers = new Map<string, OpenApiChecker>();

async function checkerOf(world: HttpWorld): Promise<OpenApiChecker> {
  const text = await (await world.send('/docs/openapi.json')).text();
  let checker = checkers.get(text);
  if (!checker) checkers.set(text, (checker = new OpenApiChecker(JSON.parse(text))));
  return checker;
}

/**
 * Gives every test of `test` a fresh world over `transport` (on a fresh storage of `storageKind`, memory
 * by default) with a feature `f1` in `default` (`feature` adds to its body), and the checker of the
 * OpenAPI document it serves; `use` receives both before each test. Closed after each (with its storage).
 */
export function freshWorldEachTest(
  test: Test,
  {
    transport,
    storageKind,
    feature,
    now,
  }: { transport: Transport; storageKind?: TestStorage; feature?: Record<string, unknown>; now?: () => Date },
  use: (world: HttpWorld, openapi: OpenApiChecker) => void,
): void {
  let current: HttpWorld | undefined;
  test.before.each(async () => {
    current = await httpWorld(transport, { ...(storageKind ? { storageKind } : {}), ...(now ? { now } : {}) });
    await current.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'f1', ...feature } });
    use(current, await checkerOf(current));
  });
  test.after.each(async () => {
    await current?.close();
  });
}
