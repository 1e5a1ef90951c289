import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, parseConfig } from '@flagadmin/server';

const test = suite('Unleash environment names, warnings, --version');

function run(argv: string[], env: Record<string, string> = {}) {
  const result = parseConfig(argv, env, '/srv/app');
  if (result.help || result.version) throw new Error('unexpected --help or --version');
  return result;
}

test('HTTP_PORT and HTTP_HOST are read, and win over PORT and HOST; flags win over both', () => {
  const { config } = run([], { HTTP_PORT: '5000', PORT: '6000', HTTP_HOST: '0.0.0.0', HOST: '::1' });
  assert.equal([config.port, config.host], [5000, '0.0.0.0']);
  assert.is(run([], { PORT: '6000' }).config.port, 6000);
  assert.is(run(['--port', '7000'], { HTTP_PORT: '5000' }).config.port, 7000);
  assert.throws(
    () => run([], { HTTP_PORT: 'x' }),
    (e: unknown) => e instanceof ConfigError && /HTTP_PORT must be an integer/.test((e as Error).message),
  );
});

test('BASE_URI_PATH and --base-path are normalized; a malformed one is refused', () => {
  assert.is(run([], { BASE_URI_PATH: '/flags/' }).config.basePath, '/flags');
  assert.is(run([], { BASE_URI_PATH: 'a/b' }).config.basePath, '/a/b');
  assert.is(run([], { BASE_URI_PATH: '/' }).config.basePath, '');
  assert.is(run(['--base-path', '/x'], { BASE_URI_PATH: '/flags' }).config.basePath, '/x');
  for (const bad of ['/a b', '/a?b', '/../x', '/a#b']) {
    assert.throws(() => run([], { BASE_URI_PATH: bad }), /BASE_URI_PATH must be a URL path/, bad);
  }
});

test('compression is on unless switched off; so are metrics, with or without a token', () => {
  assert.is(run([]).config.compression, true);
  assert.is(run(['--no-compression']).config.compression, false);
  assert.is(run([], { FLAGADMIN_COMPRESSION: 'off' }).config.compression, false);
  assert.throws(() => run([], { FLAGADMIN_COMPRESSION: 'maybe' }), /FLAGADMIN_COMPRESSION must be on or off/);
  assert.is(run([]).config.metrics, true, 'on by default');
  assert.equal([run(['--no-metrics']).config.metrics, run([], { FLAGADMIN_METRICS: 'off' }).config.metrics], [false, false]);
  assert.is(run(['--metrics'], { FLAGADMIN_METRICS: 'off' }).config.metrics, true, 'the flag wins');
  assert.is(run(['--no-metrics'], { FLAGADMIN_METRICS: 'on' }).config.metrics, false, 'the flag wins');
  assert.throws(() => run(['--metrics', '--no-metrics']), /--metrics and --no-metrics contradict each other/);
  assert.throws(() => run([], { FLAGADMIN_METRICS: 'maybe' }), /FLAGADMIN_METRICS must be on or off/);
  const token = run([], { FLAGADMIN_METRICS_TOKEN: 's3cret' }).config;
  assert.equal([token.metrics, token.metricsToken], [true, 's3cret']);
  assert.is(run([], { FLAGADMIN_METRICS_TOKEN: 's3cret', FLAGADMIN_METRICS: 'off' }).config.metrics, false);
});

test('unknown FLAGADMIN_* names and Unleash names with an equivalent are warned about, known ones are not', () => {
  const { warnings } = run(['--headers-timeout', '2000'], {
    FLAGADMIN_DATA: '/d',
    FLAGADMIN_HEADERS_TIMEOUT_MS: '3000',
    FLAGADMIN_DATADIR: '/oops',
    SERVER_KEEPALIVE_TIMEOUT: '15',
    HTTP_PORT: '4000',
    PATH: '/usr/bin',
  });
  assert.is(warnings.length, 2, warnings.join('\n'));
  assert.match(warnings[0]!, /^unknown environment variable FLAGADMIN_DATADIR is ignored \(flagadmin reads .*FLAGADMIN_DATA,/);
  assert.match(warnings[1]!, /^SERVER_KEEPALIVE_TIMEOUT is Unleash's name and is ignored here: use FLAGADMIN_KEEP_ALIVE_TIMEOUT_MS/);
  assert.equal(run([], { FLAGADMIN_METRICS_TOKEN: 't', FLAGADMIN_COMPRESSION: 'on' }).warnings, []);
});

test('--version and -v', () => {
  assert.equal(parseConfig(['--version']), { help: false, version: true });
  assert.equal(parseConfig(['-v']), { help: false, version: true });
});

test.run();
