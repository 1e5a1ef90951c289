// A person's role and scope are enforced exactly as a key's: every admin route, for Admin, Editor, Viewer and
// a project- and environment-scoped Editor, is asked by a key of that role and scope, by a person signed in
// with the session cookie, and by the same person's personal access token, each in its own instance set up
// the same way and asked in lockstep. The key's answer (status and error name) is the oracle; the person's
// must equal it: 0 wrong answers. A person's own routes (tokens, password), which keys may not use, are checked apart.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ALL_ROUTES, SYSTEM_PRINCIPAL, type Route } from '@flagadmin/core';
import { peopleWorld, type PeopleWorld } from './helpers/people-world';
import { MEMORY } from './helpers/test-storages';

const ROLES = [
  { name: 'admin', key: { role: 'admin' }, person: { rootRole: 1 } },
  { name: 'editor', key: { role: 'editor' }, person: { rootRole: 2 } },
  { name: 'viewer', key: { role: 'viewer' }, person: { rootRole: 3 } },
  {
    name: 'editor of default/development',
    key: { role: 'editor', projects: ['default'], environment: 'development' },
    person: { rootRole: 2, projects: ['default'], environments: ['development'] },
  },
] as const;

const VALUES: Record<string, string> = {
  projectId: 'default',
  featureName: 'f1',
  strategyId: 'no-such-strategy',
  id: '999',
  parent: 'f0',
  child: 'f1',
  key: 'no-such-flag',
  linkId: '999',
  changeId: '999',
  type: 'simple',
  value: 'v',
  name: 'no-such-name',
  contextField: 'userId',
  legalValue: 'x',
  strategyName: 'default',
  appName: 'app',
  token: 'no-such-token',
};

/** A person's own routes (their tokens, their password), which keys may not use. */
const isPersonalRoute = (route: Route) => route.path.startsWith('/api/admin/user/');

interface Caller {
  /** One world per way of calling, each with a principal per role. */
  world: PeopleWorld;
  ask(role: number, method: string, path: string, body: unknown): Promise<Response>;
}

/** An instance with a key, a person, their session and their token per role, the same in every world. */
async function setUp(): Promise<{ world: PeopleWorld; keys: string[]; cookies: string[]; pats: string[] }> {
  const world = await peopleWorld({ storageKind: MEMORY });
  await world.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'other', name: 'Other' } });
  await world.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'f0' } });
  await world.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'f1' } });
  await world.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'other', body: { name: 'g1' } });
  const keys: string[] = [];
  const cookies: string[] = [];
  const pats: string[] = [];
  for (const [i, role] of ROLES.entries()) {
    keys.push((await world.admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: `key-${i}`, type: 'admin', ...role.key } })).secret);
    const created = await world.createUser({ username: `person-${i}`, ...role.person });
    assert.is(created.status, 201, JSON.stringify(created.body));
    const cookie = await world.signIn(`person-${i}`);
    cookies.push(cookie);
    const pat = await world.asPerson(cookie, 'POST', '/api/admin/user/tokens', { description: 'matrix' });
    pats.push((await pat.json()).secret);
  }
  return { world, keys, cookies, pats };
}

const test = suite('user roles matrix: a person answered exactly as a key of their role and scope');
const callers: Caller[] = [];

test.before(async () => {
  const byKey = await setUp();
  const bySession = await setUp();
  const byToken = await setUp();
  const send = (world: PeopleWorld, headers: Record<string, string>, method: string, path: string, body: unknown) =>
    world.send(path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  callers.push(
    { world: byKey.world, ask: (r, m, p, b) => send(byKey.world, { authorization: byKey.keys[r]! }, m, p, b) },
    { world: bySession.world, ask: (r, m, p, b) => bySession.world.asPerson(bySession.cookies[r]!, m, p, b) },
    { world: byToken.world, ask: (r, m, p, b) => send(byToken.world, { authorization: byToken.pats[r]! }, m, p, b) },
  );
});

test.after(async () => {
  for (const caller of callers) await caller.world.close();
});

const answerOf = async (res: Response) => {
  const text = await res.text();
  const name = res.status >= 400 && text ? (JSON.parse(text) as { name?: string }).name : undefined;
  return `${res.status}${name ? ` ${name}` : ''}`;
};

test('every admin route, four roles, two environments: the session and the token answer as the key', async () => {
  const routes = ALL_ROUTES.filter((route) => route.auth === 'admin' && !isPersonalRoute(route));
  const wrong: string[] = [];
  let asked = 0;
  for (const environment of ['development', 'production']) {
    for (const route of routes) {
      const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === 'environment' ? environment : (VALUES[name] ?? 'x')));
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : route.method === 'PATCH' ? [] : {};
      for (const [role, { name }] of ROLES.entries()) {
        const [key, ...people] = await Promise.all(callers.map(async (c) => answerOf(await c.ask(role, route.method, path, body))));
        asked++;
        for (const [i, answer] of people.entries()) {
          if (answer !== key)
            wrong.push(`${route.method} ${path} as ${name} (${i === 0 ? 'session' : 'token'}): ${answer}, the key: ${key}`);
        }
      }
    }
  }
  assert.ok(routes.length > 150, `${routes.length} admin routes`);
  assert.equal(wrong, [], `${wrong.length} wrong answers of ${asked * 2}`);
  const counts = await Promise.all(callers.map((c) => c.world.eventCount()));
  assert.is(new Set(counts).size, 1, `the three instances hold as many events: ${counts}`);
});

test("a person's own routes: people of every role use them; keys get 403", async () => {
  const [byKey, bySession] = callers;
  for (const role of ROLES.keys()) {
    assert.is((await byKey!.ask(role, 'GET', '/api/admin/user/tokens', undefined)).status, 403);
    assert.is((await bySession!.ask(role, 'GET', '/api/admin/user/tokens', undefined)).status, 200);
    assert.is((await byKey!.ask(role, 'POST', '/api/admin/user/change-password', {})).status, 403);
    assert.is((await bySession!.ask(role, 'POST', '/api/admin/user/change-password', {})).status, 400);
  }
});

test.run();
