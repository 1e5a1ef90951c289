// An instance with people: keys of each role, a password hasher (node's scrypt, cheap for tests), a clock
// the test moves, and helpers to create a person, sign them in and send requests with their session
// cookie from the server's own origin. In process (its URL's origin) or over a socket on 127.0.0.1.
import { createFlagadmin, SESSION_COOKIE, SYSTEM_PRINCIPAL, type Admin, type FetchHandler, type PeopleOptions } from '@flagadmin/core';
import { scryptPasswordHasher, serve } from '@flagadmin/node-http';
import { pinoLines, type LogLine } from './pino-lines';
import { LOWDB, MEMORY, POSTGRES, type TestStorage } from './test-storages';

/** A cheap scrypt cost: the tests sign in many times; the format and checks are the production ones. */
export const TEST_HASHER = scryptPasswordHasher({ N: 1024 });
export const PASSWORD = 'Sign-in-2026!';

export interface PeopleWorld {
  admin: Admin;
  /** The server's own origin (what its page would send as Origin). */
  origin: string;
  send(path: string, init?: RequestInit): Promise<Response>;
  adminKey: string;
  editorKey: string;
  viewerKey: string;
  clock: { now: Date };
  logged: LogLine[];
  eventCount(): Promise<number>;
  /** Creates a person through the API (201 asserted by the caller's use); their id. */
  createUser(body: Record<string, unknown>): Promise<{ id: number; status: number; body: Record<string, unknown> }>;
  /** Signs in; the `Cookie` header value for their session (throws when refused). */
  signIn(username: string, password?: string): Promise<string>;
  /** A request with the session cookie, from the server's own origin unless `origin` says otherwise (`null`: none). */
  asPerson(cookie: string, method: string, path: string, body?: unknown, origin?: string | null): Promise<Response>;
  close(): Promise<void>;
}

export interface PeopleWorldOptions extends Omit<PeopleOptions, 'passwordHasher'> {
  storageKind: TestStorage;
  overSocket?: boolean;
  /** Without a hasher (password sign-in not set up). */
  noHasher?: true;
}

export async function peopleWorld(options: PeopleWorldOptions): Promise<PeopleWorld> {
  const opened = await options.storageKind.open();
  const { logger, lines: logged } = pinoLines();
  const clock = { now: new Date() };
  const { admin, handle } = createFlagadmin({
    storage: opened.storage,
    logger,
    now: () => new Date(clock.now),
    ...(options.noHasher ? {} : { passwordHasher: TEST_HASHER }),
    ...(options.sessionTtlHours === undefined ? {} : { sessionTtlHours: options.sessionTtlHours }),
    ...(options.trustedOrigins === undefined ? {} : { trustedOrigins: options.trustedOrigins }),
    ...(options.signInLimit === undefined ? {} : { signInLimit: options.signInLimit }),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.signIn === undefined ? {} : { signIn: options.signIn }),
  });
  const key = async (role: string) =>
    (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: `admin-${role}`, type: 'admin', role } })).secret;
  const [adminKey, editorKey, viewerKey] = [await key('admin'), await key('editor'), await key('viewer')];
  const mounted = await mount(handle, options.overSocket ?? false);
  const send = mounted.send;
  const world: PeopleWorld = {
    admin,
    origin: mounted.origin,
    send,
    adminKey,
    editorKey,
    viewerKey,
    clock,
    logged,
    eventCount: async () => (await admin.listEvents(SYSTEM_PRINCIPAL)).totalEvents,
    async createUser(body) {
      const res = await send('/api/admin/user-admin', {
        method: 'POST',
        headers: { authorization: adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD, ...body }),
      });
      const answer = (await res.json()) as Record<string, unknown>;
      return { id: answer['id'] as number, status: res.status, body: answer };
    },
    async signIn(username, password = PASSWORD) {
      const res = await send('/auth/simple/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
      const cookie = res.headers.get('set-cookie') ?? '';
      const pair = cookie.split(';')[0]!;
      if (!pair.startsWith(`${SESSION_COOKIE}=`)) throw new Error(`no session cookie: ${cookie}`);
      return pair;
    },
    asPerson(cookie, method, path, body, origin = mounted.origin) {
      const headers: Record<string, string> = { cookie };
      if (origin !== null) headers['origin'] = origin;
      if (body !== undefined) headers['content-type'] = 'application/json';
      return send(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    },
    async close() {
      await mounted.close();
      await opened.cleanup();
    },
  };
  return world;
}

async function mount(handle: FetchHandler, overSocket: boolean) {
  if (!overSocket) {
    const origin = 'http://flagadmin.test';
    return {
      origin,
      send: (path: string, init?: RequestInit) => handle(new Request(`${origin}${path}`, init)),
      close: async () => undefined,
    };
  }
  const server = await serve({ fetch: handle, port: 0, hostname: '127.0.0.1' });
  const origin = new URL(server.url).origin;
  return { origin, send: (path: string, init?: RequestInit) => fetch(`${origin}${path}`, init), close: () => server.close() };
}

/** The setups the people suites run on: memory in process and over a socket, lowdb, PostgreSQL over a socket. */
export const PEOPLE_SETUPS: readonly (PeopleWorldOptions & { name: string })[] = [
  { name: 'memory, in process', storageKind: MEMORY },
  { name: 'memory, over a socket', storageKind: MEMORY, overSocket: true },
  { name: 'lowdb, in process', storageKind: LOWDB },
  { name: 'postgres, over a socket', storageKind: POSTGRES, overSocket: true },
];
