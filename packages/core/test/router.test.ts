import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { badData } from '../src/base/errors';
import { createRouter, type Match } from '../src/http/router';
import { ALL_ROUTES } from '../src/http/routes';
import type { Route } from '../src/http/route';

const test = suite('router');
const route = createRouter(ALL_ROUTES);

/**
 * The model: every route in table order, compared segment by segment (how the router once worked, and
 * what the grouped table must still answer).
 */
function modelMatch(routes: readonly Route[], method: string, pathname: string): Match {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const parts = path.split('/').slice(1);
  const allow: string[] = [];
  for (const candidate of routes) {
    const segments = candidate.path.split('/').slice(1);
    if (segments.length !== parts.length) continue;
    const raw: [string, string][] = [];
    const fits = segments.every((s, i) => (s.startsWith(':') ? parts[i] !== '' && raw.push([s.slice(1), parts[i]!]) > 0 : s === parts[i]));
    if (!fits) continue;
    if (candidate.method === method || (method === 'HEAD' && candidate.method === 'GET')) {
      const params: Record<string, string> = Object.create(null);
      for (const [name, value] of raw) {
        try {
          params[name] = value.includes('%') ? decodeURIComponent(value) : value;
        } catch {
          throw badData(`The path parameter ${name} is not a valid URL-encoded value.`);
        }
      }
      return { route: candidate, params };
    }
    allow.push(candidate.method);
    if (candidate.method === 'GET') allow.push('HEAD');
  }
  return allow.length ? { allow } : undefined;
}

/** What a matcher answers, as comparable data: the route's method and path, or the error it throws. */
function outcome(run: () => Match): unknown {
  try {
    const found = run();
    if (!found) return 'none';
    if ('allow' in found) return { allow: found.allow };
    return { route: `${found.route.method} ${found.route.path}`, params: { ...found.params } };
  } catch (error) {
    return { threw: error instanceof Error ? error.message : String(error) };
  }
}

const literals = [
  ...new Set(
    ALL_ROUTES.flatMap((r) =>
      r.path
        .split('/')
        .slice(1)
        .filter((s) => !s.startsWith(':')),
    ),
  ),
];
const segment = fc.oneof(
  fc.constantFrom(...literals),
  fc.constantFrom('', 'default', 'proj-1', 'my%20flag', 'a%2Fb', '%E0%A4%A', '%zz', '__proto__', 'constructor', '1'),
);
const methods = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');

test("answers as the table read in order would, for paths made of the routes' own segments", () => {
  fc.assert(
    fc.property(methods, fc.array(segment, { minLength: 0, maxLength: 9 }), fc.boolean(), (method, parts, trailingSlash) => {
      const pathname = `/${parts.join('/')}${trailingSlash ? '/' : ''}`;
      assert.equal(
        outcome(() => route(method, pathname)),
        outcome(() => modelMatch(ALL_ROUTES, method, pathname)),
        `${method} ${pathname}`,
      );
    }),
    { numRuns: 20_000 },
  );
});

test('every route is found by its own path, with its parameters decoded', () => {
  for (const r of ALL_ROUTES) {
    const pathname = r.path.replace(/:(\w+)/g, (_, name: string) => `${name}%20x`);
    const found = route(r.method, pathname);
    assert.ok(found && 'route' in found, `${r.method} ${r.path}`);
    const expected = modelMatch(ALL_ROUTES, r.method, pathname) as { route: Route };
    assert.is(found.route, expected.route, `${r.method} ${r.path}: the first fitting route of the table`);
    for (const [name, value] of Object.entries(found.params)) assert.is(value, `${name} x`);
  }
});

test('parameters live on an object without a prototype; a malformed escape is a 400', () => {
  const found = route('GET', '/api/admin/projects/__proto__/features/constructor');
  assert.ok(found && 'route' in found);
  assert.is(Object.getPrototypeOf(found.params), null);
  assert.is(found.params['projectId'], '__proto__');
  assert.throws(
    () => route('GET', '/api/admin/projects/%E0%A4%A/features/x'),
    (error: Error & { status?: number }) => error.status === 400,
  );
});

test('a known path with another method lists the allowed ones (HEAD beside GET); an unknown one is nothing', () => {
  const found = route('DELETE', '/api/admin/projects');
  assert.ok(found && 'allow' in found);
  assert.ok(found.allow.includes('GET') && found.allow.includes('HEAD'));
  assert.is(route('GET', '/api/admin/no-such-thing'), undefined);
  assert.is(route('GET', '/'), undefined);
});

test.run();
