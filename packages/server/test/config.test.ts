import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, parseConfig, type ServerConfig } from '@flagadmin/server';

const config = suite('parseConfig');
const KEY = `*:*.${'ab'.repeat(32)}`;
const CLIENT = `*:development.${'cd'.repeat(32)}`;

const parsed = (argv: string[], env: Record<string, string> = {}): ServerConfig => {
  const result = parseConfig(argv, env, '/srv/app');
  if (result.help || result.version) throw new Error('unexpected --help or --version');
  return result.config;
};

function rejects(argv: string[], env: Record<string, string>, message: RegExp): void {
  try {
    parseConfig(argv, env, '/srv/app');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as Error).message, message);
    assert.not.match((error as Error).message, /\n/, 'one line');
    return;
  }
  assert.unreachable(`expected a ConfigError for ${JSON.stringify({ argv, env })}`);
}

config('defaults', () => {
  assert.equal(parsed([]), {
    port: 4242,
    host: '127.0.0.1',
    dataDir: '/srv/app/flagadmin-data',
    demo: true,
    demoAdminKey: true,
    logLevel: 'info',
    initAdminTokens: [],
    initClientTokens: [],
    initBackendTokens: [],
    bodyLimit: 102_400,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    shutdownTimeoutMs: 10_000,
    scheduleIntervalMs: 10_000,
    basePath: '',
    compression: true,
    metrics: true,
    metricsToken: undefined,
    limits: {},
    maxStreams: 10_000,
    streamHeartbeatMs: 30_000,
    integrations: { leaseMs: 30_000, giveUpAfterMs: 600_000 },
  });
});

config('limits from --limit name=n (repeatable) or FLAGADMIN_LIMIT_<NAME>; the flag wins; bad ones are refused', () => {
  const c = parsed(['--limit', 'tagsPerFeature=5', '--limit', 'jsonDepth=12'], {
    FLAGADMIN_LIMIT_TAGS_PER_FEATURE: '9',
    FLAGADMIN_LIMIT_EVENTS_PER_REQUEST: '40',
  });
  assert.equal(c.limits, { tagsPerFeature: 5, jsonDepth: 12, eventsPerRequest: 40 });
  rejects(['--limit', 'tagz=3'], {}, /--limit wants name=number with a name among operationsPerPatch, tagsPerFeature/);
  rejects(['--limit', 'tagsPerFeature'], {}, /--limit wants name=number/);
  rejects(['--limit', 'tagsPerFeature=0'], {}, /--limit tagsPerFeature must be an integer from 1/);
  rejects(['--limit', 'tagsPerFeature=5=9'], {}, /--limit tagsPerFeature must be an integer from 1/);
  rejects([], { FLAGADMIN_LIMIT_JSON_DEPTH: 'deep' }, /FLAGADMIN_LIMIT_JSON_DEPTH must be an integer/);
  const warned = parseConfig([], { FLAGADMIN_LIMIT_TAGS: '3' }, '/srv/app');
  assert.ok(
    !warned.help && !warned.version && warned.warnings.some((w) => w.includes('FLAGADMIN_LIMIT_TAGS is ignored')),
    'a misspelt name is warned about',
  );
});

config('timeouts from flags or environment, checked', () => {
  const c = parsed(['--headers-timeout', '2000', '--keep-alive-timeout', '0'], {
    FLAGADMIN_HEADERS_TIMEOUT_MS: '9',
    FLAGADMIN_REQUEST_TIMEOUT_MS: '4000',
    FLAGADMIN_SHUTDOWN_TIMEOUT_MS: '800',
  });
  assert.equal([c.headersTimeoutMs, c.requestTimeoutMs, c.keepAliveTimeoutMs, c.shutdownTimeoutMs], [2000, 4000, 0, 800]);
  assert.is(parsed(['--request-timeout', '0', '--headers-timeout', '60000']).requestTimeoutMs, 0, '0 = no request timeout');
  rejects(['--headers-timeout', '0'], {}, /--headers-timeout must be an integer from 1 to 86400000, got "0"/);
  rejects([], { FLAGADMIN_SHUTDOWN_TIMEOUT_MS: 'soon' }, /FLAGADMIN_SHUTDOWN_TIMEOUT_MS must be an integer/);
  assert.is(parsed([], { FLAGADMIN_SCHEDULE_INTERVAL_MS: '500' }).scheduleIntervalMs, 500);
  rejects(['--schedule-interval', '5'], {}, /--schedule-interval must be an integer from 100/);
  rejects(['--request-timeout', '1000'], {}, /the headers timeout \(10000 ms\) must not be above the request timeout \(1000 ms\)/);
});

config('stream write threads from --stream-write-threads or FLAGADMIN_STREAM_WRITE_THREADS, 0 to 64; unset: node-http decides', () => {
  assert.is(parsed([]).streamWriteThreads, undefined);
  assert.is(parsed(['--stream-write-threads', '0']).streamWriteThreads, 0);
  assert.is(parsed(['--stream-write-threads', '2'], { FLAGADMIN_STREAM_WRITE_THREADS: '3' }).streamWriteThreads, 2);
  assert.is(parsed([], { FLAGADMIN_STREAM_WRITE_THREADS: '3' }).streamWriteThreads, 3);
  rejects(['--stream-write-threads', '65'], {}, /--stream-write-threads must be an integer from 0 to 64/);
  rejects([], { FLAGADMIN_STREAM_WRITE_THREADS: 'many' }, /FLAGADMIN_STREAM_WRITE_THREADS must be an integer/);
});

config('environment values; empty ones count as unset', () => {
  const c = parsed([], {
    PORT: '0',
    HOST: '0.0.0.0',
    FLAGADMIN_DATA: 'var/flags',
    LOG_LEVEL: 'WARN',
    BODY_LIMIT: '2048',
    INIT_ADMIN_API_TOKENS: ` ${KEY} ,`,
    INIT_CLIENT_API_TOKENS: `${CLIENT},${CLIENT.replace('development', 'production')}`,
  });
  assert.is(c.port, 0);
  assert.is(c.host, '0.0.0.0');
  assert.is(c.dataDir, '/srv/app/var/flags');
  assert.is(c.logLevel, 'warn');
  assert.is(c.bodyLimit, 2048);
  assert.equal(c.initAdminTokens, [KEY]);
  assert.is(c.initClientTokens.length, 2);
  assert.is(parsed([], { PORT: '' }).port, 4242);
});

config('the demo generates an admin key only when no start-up key is given', () => {
  assert.is(parsed([], { INIT_ADMIN_API_TOKENS: KEY }).demoAdminKey, false);
  assert.is(parsed([], { INIT_CLIENT_API_TOKENS: CLIENT }).demoAdminKey, false);
  assert.is(parsed([], { INIT_ADMIN_API_TOKENS: ' , ' }).demoAdminKey, true, 'no secret in the list: no key given');
  assert.is(parsed(['--no-demo'], { INIT_ADMIN_API_TOKENS: KEY }).demo, false);
});

config("INIT_BACKEND_API_TOKENS, Unleash's current name for client keys: read beside INIT_CLIENT_API_TOKENS, checked the same", () => {
  const backend = CLIENT.replace('development', 'production');
  const c = parsed([], { INIT_CLIENT_API_TOKENS: CLIENT, INIT_BACKEND_API_TOKENS: ` ${backend} ,` });
  assert.equal([c.initClientTokens, c.initBackendTokens, c.demoAdminKey], [[CLIENT], [backend], false]);
  assert.is(parsed([], { INIT_BACKEND_API_TOKENS: backend }).demoAdminKey, false);
  rejects([], { INIT_BACKEND_API_TOKENS: KEY }, /^INIT_BACKEND_API_TOKENS entry 1: a backend key names one environment/);
  rejects([], { INIT_BACKEND_API_TOKENS: 'short' }, /^INIT_BACKEND_API_TOKENS entry 1 is not a valid secret/);
  const result = parseConfig([], { INIT_BACKEND_API_TOKENS: '*:development.unleash-insecure-api-token' }, '/srv/app');
  assert.ok(!result.help && !result.version);
  assert.match(result.warnings.join('\n'), /INIT_BACKEND_API_TOKENS entry 1 is a weak secret/);
});

config('flags win over the environment', () => {
  const c = parsed(['--port', '8080', '--host', '::1', '--data', '/abs/dir', '--log-level', 'debug', '--body-limit=10', '--no-demo'], {
    PORT: '1',
    HOST: 'example',
    FLAGADMIN_DATA: 'other',
    LOG_LEVEL: 'error',
    BODY_LIMIT: '99',
  });
  assert.equal([c.port, c.host, c.dataDir, c.logLevel, c.bodyLimit, c.demo], [8080, '::1', '/abs/dir', 'debug', 10, false]);
});

config('--help and -h', () => {
  assert.equal(parseConfig(['--help']), { help: true });
  assert.equal(parseConfig(['-h', '--port', 'nonsense']), { help: true });
});

config('bad values are ConfigErrors with one-line messages', () => {
  rejects(['--port', 'x'], {}, /^--port must be an integer from 0 to 65535, got "x"$/);
  rejects(['--port', '65536'], {}, /--port must be an integer/);
  rejects(['--port', '1.5'], {}, /--port must be an integer/);
  rejects([], { PORT: '80a' }, /^PORT must be an integer/);
  rejects(['--port'], {}, /--port/);
  rejects(['--nope'], {}, /^Unknown option '--nope'$/);
  rejects(['positional'], {}, /Unexpected argument 'positional'/);
  rejects([], { LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of debug, info, warn, error, silent, got "verbose"$/);
  rejects(['--log-level', 'trace'], {}, /^--log-level must be one of/);
  rejects([], { BODY_LIMIT: '0' }, /^BODY_LIMIT must be an integer from 1/);
  rejects(['--host', ' '], {}, /--host must not be empty/);
  rejects([], { INIT_ADMIN_API_TOKENS: `${KEY},short` }, /^INIT_ADMIN_API_TOKENS entry 2 is not a valid secret/);
  rejects([], { INIT_ADMIN_API_TOKENS: `[]:*.${'0'.repeat(64)}` }, /INIT_ADMIN_API_TOKENS entry 1 is not a valid secret/);
  rejects([], { INIT_CLIENT_API_TOKENS: KEY }, /^INIT_CLIENT_API_TOKENS entry 1: a client key names one environment/);
});

config('--database-url or DATABASE_URL chooses PostgreSQL; the flag wins; anything but a postgres:// URL is refused', () => {
  const url = 'postgres://flagadmin:secret@db.internal:5432/flags';
  assert.is(parsed(['--database-url', url]).databaseUrl, url);
  assert.is(parsed([], { DATABASE_URL: url }).databaseUrl, url);
  assert.is(parsed(['--database-url', url], { DATABASE_URL: 'postgresql://other/db' }).databaseUrl, url);
  assert.is(parsed([], { DATABASE_URL: ' ' }).databaseUrl, undefined, 'empty counts as unset');
  rejects(['--database-url', 'mysql://x/y'], {}, /--database-url must be a postgres:\/\/ URL/);
  rejects([], { DATABASE_URL: 'flags.db' }, /DATABASE_URL must be a postgres:\/\/ URL/);
});

config('the PostgreSQL pool size, processes and listen URL: flags or FLAGADMIN_DATABASE_*, the flag wins, only with a database', () => {
  const url = 'postgres://flagadmin:secret@bouncer:6432/flags';
  const direct = 'postgresql://flagadmin:secret@db:5432/flags';
  assert.equal(
    parsed(['--database-url', url, '--database-pool-size', '4', '--database-processes', '3', '--database-listen-url', direct]).database,
    { poolSize: 4, processes: 3, listenUrl: direct },
  );
  const env = {
    DATABASE_URL: url,
    FLAGADMIN_DATABASE_PROCESSES: '6',
    FLAGADMIN_DATABASE_POOL_SIZE: '20',
    FLAGADMIN_DATABASE_LISTEN_URL: direct,
  };
  const fromEnv = parseConfig([], env, '/srv/app');
  assert.ok(!fromEnv.help && !fromEnv.version);
  assert.equal(fromEnv.config.database, { poolSize: 20, processes: 6, listenUrl: direct });
  assert.equal(fromEnv.warnings, [], 'the names are read: no warning');
  assert.equal(parsed(['--database-processes', '2'], env).database, { poolSize: 20, processes: 2, listenUrl: direct });
  assert.is('database' in parsed(['--database-url', url]), false, "the storage's defaults apply");
  rejects(['--database-url', url, '--database-processes', '0'], {}, /^--database-processes must be an integer from 1 to 10000, got "0"$/);
  rejects([], { DATABASE_URL: url, FLAGADMIN_DATABASE_POOL_SIZE: 'ten' }, /^FLAGADMIN_DATABASE_POOL_SIZE must be an integer from 1/);
  rejects(['--database-url', url, '--database-listen-url', 'bouncer:6432'], {}, /^--database-listen-url must be a postgres:\/\/ URL/);
  rejects(['--database-processes', '3'], {}, /^--database-processes needs a database: give --database-url \(or DATABASE_URL\) too$/);
  rejects([], { FLAGADMIN_DATABASE_LISTEN_URL: direct }, /^FLAGADMIN_DATABASE_LISTEN_URL needs a database/);
});

config(
  "frontend API origins: Unleash's UNLEASH_FRONTEND_API_ORIGINS, comma-separated and trimmed; the flag wins; unset: none given",
  () => {
    const env = { UNLEASH_FRONTEND_API_ORIGINS: ' https://a.example.com , ,https://b.example.com:8443' };
    assert.equal(parsed([], env).frontendApiOrigins, ['https://a.example.com', 'https://b.example.com:8443']);
    assert.equal(parsed(['--frontend-api-origins', '*'], env).frontendApiOrigins, ['*']);
    assert.is('frontendApiOrigins' in parsed([], {}), false, "core's default applies");
    assert.equal((parseConfig([], env, '/srv/app') as { warnings: string[] }).warnings, [], 'the name is read: no warning');
  },
);

config("origins are checked while the settings are read (exit 2 before anything opens): the frontend API's and the trusted ones", () => {
  rejects(
    ['--frontend-api-origins', 'https://a.example.com/path'],
    {},
    /frontendApiOrigins: Invalid origin: https:\/\/a\.example\.com\/path/,
  );
  rejects(
    [],
    { FLAGADMIN_TRUSTED_ORIGINS: 'https://a.example.com, https://*.example.com' },
    /trustedOrigins: Invalid origin: https:\/\/\*\.example\.com/,
  );
  rejects(['--trusted-origins', '*'], {}, /trustedOrigins: Invalid origin: \* \(name each trusted origin\)/);
  assert.equal(parsed(['--trusted-origins', ' https://a.example.com ,'], {}).people?.trustedOrigins, ['https://a.example.com']);
});

config(
  "sign-ins per address: Unleash's SIMPLE_LOGIN_LIMIT_PER_MINUTE or --sign-in-limit; the proxy's X-Forwarded-For only when trusted",
  () => {
    assert.is(parsed([], { SIMPLE_LOGIN_LIMIT_PER_MINUTE: '30' }).people?.signInPerMinute, 30);
    assert.is(parsed(['--sign-in-limit', '5'], { SIMPLE_LOGIN_LIMIT_PER_MINUTE: '30' }).people?.signInPerMinute, 5);
    rejects(['--sign-in-limit', '0'], {}, /--sign-in-limit must be an integer from 1/);
    assert.is(parsed([], {}).people?.trustProxy, undefined, 'off by default');
    assert.is(parsed([], { FLAGADMIN_TRUST_PROXY: 'on' }).people?.trustProxy, true);
    rejects(['--trust-proxy', 'maybe'], {}, /--trust-proxy must be on or off/);
  },
);

config.run();
