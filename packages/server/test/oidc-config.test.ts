import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, parseConfig, USAGE } from '@flagadmin/server';

const test = suite('single sign-on settings');

function run(argv: string[], env: Record<string, string> = {}) {
  const result = parseConfig(argv, env, '/srv/app');
  if (result.help || result.version) throw new Error('unexpected --help or --version');
  return result;
}

const refused = (pattern: RegExp) => (e: unknown) => e instanceof ConfigError && pattern.test((e as Error).message);
const ENV = { OIDC_ISSUER: 'https://login.example.com/realms/main', OIDC_CLIENT_ID: 'flagadmin', OIDC_CLIENT_SECRET: 's3cret-value' };

test('none given: no single sign-on', () => {
  assert.is(run([]).config.oidc, undefined);
});

test('the three from the environment or flags (flags win); the role defaults to Viewer and is read in any case', () => {
  assert.equal(run([], ENV).config.oidc, {
    issuer: ENV.OIDC_ISSUER,
    clientId: 'flagadmin',
    clientSecret: 's3cret-value',
    defaultRole: 'Viewer',
  });
  const flags = [
    '--oidc-issuer',
    'http://127.0.0.1:9000',
    '--oidc-client-id',
    'x',
    '--oidc-client-secret',
    'y',
    '--oidc-default-role',
    'editor',
  ];
  assert.equal(run(flags, ENV).config.oidc, { issuer: 'http://127.0.0.1:9000', clientId: 'x', clientSecret: 'y', defaultRole: 'Editor' });
  assert.is(run([], { ...ENV, OIDC_DEFAULT_ROLE: 'ADMIN' }).config.oidc?.defaultRole, 'Admin');
  const redirect = 'https://flags.example.com/flags/auth/oidc/callback';
  assert.is(run([], { ...ENV, OIDC_REDIRECT_URI: redirect }).config.oidc?.redirectUri, redirect);
});

test('a part missing, a bad issuer, role or callback: exit 2 with a message naming it, never the secret', () => {
  assert.throws(
    () => run([], { OIDC_ISSUER: ENV.OIDC_ISSUER }),
    refused(/needs --oidc-client-id \(OIDC_CLIENT_ID\) and --oidc-client-secret/),
  );
  assert.throws(() => run([], { OIDC_DEFAULT_ROLE: 'Admin' }), refused(/OIDC_DEFAULT_ROLE is given but single sign-on is not/));
  for (const issuer of ['http://login.example.com', 'not a url', 'https://u:p@login.example.com', 'ftp://x']) {
    assert.throws(() => run([], { ...ENV, OIDC_ISSUER: issuer }), refused(/OIDC_ISSUER must be/), issuer);
  }
  assert.throws(() => run([], { ...ENV, OIDC_DEFAULT_ROLE: 'Owner' }), refused(/OIDC_DEFAULT_ROLE must be one of Admin, Editor, Viewer/));
  assert.throws(
    () => run([], { ...ENV, OIDC_REDIRECT_URI: 'https://flags.example.com/cb' }),
    refused(/must end with \/auth\/oidc\/callback/),
  );
  try {
    run([], { ...ENV, OIDC_ISSUER: 'nope' });
  } catch (error) {
    assert.not.match((error as Error).message, 's3cret-value');
  }
});

test('a misspelt OIDC_ name is warned about, naming the ones read; --help lists the options', () => {
  const { warnings } = run([], { ...ENV, OIDC_CLIENT_SECRETS: 'x' });
  assert.equal(
    warnings.filter((w) => w.includes('OIDC_')),
    [
      'unknown environment variable OIDC_CLIENT_SECRETS is ignored (flagadmin reads OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_DEFAULT_ROLE, OIDC_ISSUER, OIDC_REDIRECT_URI)',
    ],
  );
  for (const name of ['--oidc-issuer', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_DEFAULT_ROLE', 'OIDC_REDIRECT_URI'])
    assert.ok(USAGE.includes(name), name);
});

test.run();
