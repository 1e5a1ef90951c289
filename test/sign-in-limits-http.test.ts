// Password sign-ins per client address (a token bucket on the instance's clock, no waiting): 10 in a row,
// then 429 with Retry-After and nothing read or written, 10 more a minute; the figure of one hour measured;
// X-Forwarded-For believed only behind a proxy the host trusts (its last entry); IPv6 by /64; the map of
// addresses bounded. And the 401 a page sees: Unleash's AuthenticationRequired with the password form's
// path and the host's other ways to sign in. On memory (in process and over a socket), lowdb and PostgreSQL.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addressKey, SignInThrottle } from '../packages/core/src/runtime/sign-in-throttle';
import { expectError } from './helpers/http-world';
import { PASSWORD, PEOPLE_SETUPS, peopleWorld, type PeopleWorld } from './helpers/people-world';
import { MEMORY } from './helpers/test-storages';

const LOGIN = '/auth/simple/login';
const SSO = { type: 'oidc', message: 'Sign in with single sign-on', path: '/flags/auth/oidc/login' };

const login = (w: PeopleWorld, body: unknown, forwardedFor?: string) =>
  w.send(LOGIN, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify(body),
  });

const later = (w: PeopleWorld, ms: number) => {
  w.clock.now = new Date(w.clock.now.getTime() + ms);
};

function limitsSuite(setup: (typeof PEOPLE_SETUPS)[number]): void {
  const test = suite(`sign-in limits and the 401 a page sees (${setup.name})`);
  let w: PeopleWorld;
  test.before(async () => {
    w = await peopleWorld({ ...setup, trustProxy: true, signIn: { basePath: '/flags', options: [SSO] } });
    await w.createUser({ username: 'ann', email: 'ann@example.com', rootRole: 2 });
  });
  test.after(async () => {
    await w?.close();
  });

  const users = () => w.admin.context.read((tx) => tx.list('users'));
  const sessions = () => w.admin.context.read((tx) => tx.list('sessions'));

  test('10 guesses in a row from one address, then 429 with Retry-After before anything is read; another address goes on', async () => {
    const from = '203.0.113.7';
    for (let i = 0; i < 10; i++)
      await expectError(await login(w, { username: `guess-${i}`, password: 'Wrong-pass-123' }, from), 401, 'AuthenticationRequired');
    const before = { users: await users(), sessions: await sessions(), events: await w.eventCount() };
    const refused = await login(w, { username: 'ann', password: PASSWORD }, from);
    assert.is(refused.headers.get('retry-after'), '6');
    await expectError(refused, 429, 'TooManyRequestsError', /Too many sign-ins from your address/);
    await expectError(await login(w, 'not even an object', from), 429, 'TooManyRequestsError');
    assert.equal(
      { users: await users(), sessions: await sessions(), events: await w.eventCount() },
      before,
      'nothing read into, nothing written',
    );
    // The person is not locked by guesses made elsewhere, and another address signs in.
    assert.is((await login(w, { username: 'ann', password: PASSWORD }, '198.51.100.2')).status, 200);
    later(w, 5_999);
    assert.is((await login(w, { username: 'ann', password: PASSWORD }, from)).status, 429, 'not yet');
    later(w, 1);
    assert.is((await login(w, { username: 'ann', password: PASSWORD }, from)).status, 200, 'one more after 6 s');
    assert.is((await login(w, { username: 'ann', password: PASSWORD }, from)).status, 429);
  });

  test('behind the trusted proxy the last X-Forwarded-For entry counts: the client cannot choose its bucket', async () => {
    const via = (client: string) => `${client}, 192.0.2.10`;
    for (let i = 0; i < 10; i++) await login(w, { username: 'nobody', password: 'x' }, via(`10.0.0.${i}`));
    const refused = await login(w, { username: 'ann', password: PASSWORD }, via('10.9.9.9'));
    assert.is(refused.status, 429, 'the forged first entries share the proxy-added last one');
  });

  test('a 401 to a page (no Authorization): AuthenticationRequired with the password path, defaultHidden and the other ways', async () => {
    for (const headers of [{}, { cookie: 'flagadmin-session=ffff' }] as Record<string, string>[]) {
      const body = await expectError(await w.send('/api/admin/projects', { headers }), 401, 'AuthenticationRequired');
      assert.equal(
        { path: body['path'], type: body['type'], defaultHidden: body['defaultHidden'], options: body['options'] },
        { path: '/flags/auth/simple/login', type: 'password', defaultHidden: false, options: [SSO] },
      );
    }
    const signedOut = await expectError(await w.send('/api/admin/user'), 401, 'AuthenticationRequired');
    assert.match(signedOut['message'] as string, /Sign in at \/flags\/auth\/simple\/login/);
    // A key's 401 and the SDK APIs' stay the basic error, as Unleash answers API clients.
    const keyed = await expectError(
      await w.send('/api/admin/projects', { headers: { authorization: 'nope' } }),
      401,
      'AuthenticationRequired',
    );
    assert.equal(Object.keys(keyed).sort(), ['id', 'message', 'name']);
    const client = await expectError(await w.send('/api/client/features'), 401, 'AuthenticationRequired');
    assert.equal(Object.keys(client).sort(), ['id', 'message', 'name']);
  });

  test.run();
}

for (const setup of PEOPLE_SETUPS) limitsSuite(setup);

const alone = suite('sign-in limits: the figure, the peer address, the bounds');

alone(
  'measured: one guess a second from one address gets 609 answers in its first hour (10 in a row, then 10 a minute), 600 an hour after',
  async () => {
    const w = await peopleWorld({ storageKind: MEMORY });
    try {
      const hour = async () => {
        let count = 0;
        for (let s = 0; s < 3600; s++) {
          if ((await login(w, { username: 'nobody', password: 'Wrong-pass-123' })).status === 401) count++;
          later(w, 1000);
        }
        return count;
      };
      assert.is(await hour(), 609);
      assert.is(await hour(), 600);
    } finally {
      await w.close();
    }
  },
);

alone('without a trusted proxy X-Forwarded-For is not believed: the peer address decides', async () => {
  const w = await peopleWorld({ storageKind: MEMORY, overSocket: true, signInLimit: { burst: 2, perMinute: 1 } });
  try {
    for (const client of ['10.0.0.1', '10.0.0.2']) assert.is((await login(w, { username: 'x', password: 'y' }, client)).status, 401);
    const refused = await login(w, { username: 'x', password: 'y' }, '10.0.0.3');
    assert.is(refused.status, 429);
    assert.is(refused.headers.get('retry-after'), '60');
  } finally {
    await w.close();
  }
});

alone('a 401 without other ways to sign in has no options; the path has no base path by default', async () => {
  const w = await peopleWorld({ storageKind: MEMORY });
  try {
    const body = await expectError(await w.send('/api/admin/projects'), 401, 'AuthenticationRequired');
    assert.equal([body['path'], body['type'], body['defaultHidden'], 'options' in body], ['/auth/simple/login', 'password', false, false]);
  } finally {
    await w.close();
  }
});

alone('IPv6 addresses count by /64, IPv4 mapped into IPv6 as IPv4; the map forgets the address unseen longest', () => {
  assert.is(addressKey('2001:db8:0:1:aaaa::1'), '2001:db8:0:1::/64');
  assert.is(addressKey('2001:DB8::1:2'), '2001:db8:0:0::/64');
  assert.is(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff'), '2001:db8:0:1::/64');
  assert.is(addressKey('::1'), '0:0:0:0::/64');
  assert.is(addressKey('::ffff:192.0.2.1'), '192.0.2.1');
  assert.is(addressKey('192.0.2.1'), '192.0.2.1');
  const throttle = new SignInThrottle({ burst: 1, perMinute: 1, addresses: 3 });
  for (const a of ['a', 'b', 'c']) assert.is(throttle.take(a, 0), 0);
  assert.is(throttle.take('a', 0), 60_000, 'a is remembered (and now seen last)');
  assert.is(throttle.take('d', 0), 0);
  assert.is(throttle.size, 3);
  assert.is(throttle.take('b', 0), 0, 'b, unseen longest, was forgotten: a full bucket again');
  assert.throws(() => new SignInThrottle({ burst: 0 }), /signInLimit.burst/);
});

alone.run();
