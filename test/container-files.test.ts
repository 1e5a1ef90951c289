// The Dockerfile and compose.yaml against what they stand on: the README's set-up (the same install line,
// the same program `pnpm start` runs), the bin's configuration (every env name they set is one the bin
// reads, with no start-up warning, and gives the intended settings), its default port, its shutdown
// limit, and its /ready route: the image's HEALTHCHECK command is run as written against a real bin.
// Building the image needs a container engine and a registry (see README "Run it in a container").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_PORT, parseConfig } from '@flagadmin/server';
import { killAll, REPO_ROOT, removeDir, runToEnd, startBin, tempDir } from './helpers/bin';
import { dockerfileInstructions, envPairs, interpolate, parseYamlSubset, type Instruction, type Yaml } from './helpers/container-files';

const test = suite('container files');
const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');
const README = read('README.md');
const instructions = dockerfileInstructions(read('Dockerfile'));
const compose = parseYamlSubset(read('compose.yaml'));
const dirs: string[] = [];

test.after(async () => {
  await killAll();
  dirs.forEach(removeDir);
});

const stages = Math.max(...instructions.map((i) => i.stage)) + 1;
const final = instructions.filter((i) => i.stage === stages - 1);
const one = (name: string, of: Instruction[] = final): string => {
  const found = of.filter((i) => i.name === name);
  assert.is(found.length, 1, `one ${name} in the stage`);
  return found[0]!.args;
};
const execForm = (args: string): string[] => {
  const list = JSON.parse(args) as unknown;
  assert.ok(Array.isArray(list) && list.every((s) => typeof s === 'string'), `exec form: ${args}`);
  return list as string[];
};
/** The commands of a RUN, split at `&&`. */
const commands = (run: string): string[] => run.split('&&').map((c) => c.trim());
const map = (value: Yaml | undefined, what: string): { [key: string]: Yaml } => {
  assert.ok(value !== undefined && typeof value === 'object' && !Array.isArray(value), `${what} is a mapping`);
  return value as { [key: string]: Yaml };
};
const text = (value: Yaml | undefined, what: string): string => {
  assert.type(value, 'string', `${what} is a string`);
  return value as string;
};

/** The README's set-up: the first command block, `<install> && <start>`. */
const [readmeInstall, readmeStart] = /```sh\n(.*)\n```/.exec(README)![1]!.split(' && ');
const rootScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const serverBin = (JSON.parse(read('packages/server/package.json')) as { bin: Record<string, string> }).bin;

test('the build stage installs with the README line, then deploys the server pruned to production', () => {
  assert.ok(stages >= 2, 'multi-stage');
  assert.is(readmeInstall, 'npx -y pnpm@10 install');
  assert.is(readmeStart, 'npx -y pnpm@10 start');
  const build = instructions.filter((i) => i.stage === 0);
  const run = build.filter((i) => i.name === 'RUN').flatMap((i) => commands(i.args));
  assert.is(run[0], readmeInstall, 'the install is the README line (it builds every package: the root prepare script)');
  assert.is(rootScripts['prepare'], "pnpm -r --filter './packages/**' build");
  assert.ok(
    run.some((c) => /^npx -y pnpm@10 --filter @flagadmin\/server deploy --prod\b.* \/app$/.test(c)),
    `a production deploy of the server into /app: ${run.join(' | ')}`,
  );
  assert.ok(
    final.some((i) => i.name === 'COPY' && i.args === '--from=build /app /app'),
    'the final stage takes only the deploy',
  );
  assert.match(one('FROM', build), /^\$\{NODE_IMAGE\} AS build$/);
  assert.match(one('FROM'), /^\$\{NODE_IMAGE\}$/);
  const base = instructions.find((i) => i.name === 'ARG' && i.stage === -1)?.args;
  assert.match(base ?? '', /^NODE_IMAGE=node:20-slim$/, 'Node 20 slim by default');
});

test('it runs the program `pnpm start` runs, as a user that is not root, with its data on a volume', () => {
  assert.is(rootScripts['start'], 'exec flagadmin');
  assert.equal(execForm(one('ENTRYPOINT')), ['flagadmin']);
  const link = final.filter((i) => i.name === 'RUN').flatMap((i) => commands(i.args));
  const target = join('/app', serverBin['flagadmin']!);
  assert.ok(link.includes(`ln -s ${target} /usr/local/bin/flagadmin`), `flagadmin on the PATH is the server's bin ${target}`);
  const user = one('USER');
  assert.not.ok(['root', '0', '0:0'].includes(user), `USER ${user}`);
  assert.ok(link.includes(`chown ${user}:${user} /data`), 'the user owns the data directory');
  const env = envPairs(
    final
      .filter((i) => i.name === 'ENV')
      .map((i) => i.args)
      .join(' '),
  );
  assert.equal(execForm(one('VOLUME')), [env.get('FLAGADMIN_DATA')], 'the data directory is the volume');
});

test('the env names it sets are ones the bin reads (no warning) and give the settings meant; EXPOSE is the port', () => {
  const env = Object.fromEntries(
    envPairs(
      final
        .filter((i) => i.name === 'ENV')
        .map((i) => i.args)
        .join(' '),
    ),
  );
  const parsed = parseConfig([], env, '/app');
  assert.ok(!parsed.help && !parsed.version);
  if (parsed.help || parsed.version) return;
  assert.equal(parsed.warnings, []);
  assert.is(parsed.config.host, '0.0.0.0', 'reachable from outside the container');
  assert.is(parsed.config.dataDir, '/data');
  assert.is(parsed.config.port, DEFAULT_PORT);
  assert.is(one('EXPOSE'), String(DEFAULT_PORT));
  for (const name of Object.keys(env).filter((n) => n !== 'NODE_ENV')) {
    assert.ok(new RegExp(`\`${name}\``).test(configurationTable()), `${name} is in the README's configuration table`);
  }
});

test('STOPSIGNAL is SIGTERM, which the bin stops on gracefully, and compose waits longer than the bin may take', () => {
  assert.is(one('STOPSIGNAL'), 'SIGTERM');
  assert.match(read('packages/server/src/cli.ts'), /process\.on\('SIGTERM'/);
  const parsed = parseConfig([], {}, '/');
  if (parsed.help || parsed.version) throw new Error('config expected');
  const grace = text(map(map(compose['services'], 'services')['flagadmin-1'], 'flagadmin-1')['stop_grace_period'], 'stop_grace_period');
  assert.ok(Number(/^(\d+)s$/.exec(grace)?.[1]) * 1000 > parsed.config.shutdownTimeoutMs, `${grace} > the bin's shutdown limit`);
});

test('the HEALTHCHECK command, run as written, passes against a ready bin and fails against none', async () => {
  const health = one('HEALTHCHECK');
  assert.match(health, /--start-period=\d+s/);
  const cmd = execForm(health.slice(health.indexOf('CMD ') + 4));
  assert.is(cmd[0], 'node');
  const probe = (env: Record<string, string>) => runToEnd(process.execPath, cmd.slice(1), { env }).then((r) => r.code);
  const dir = tempDir();
  dirs.push(dir);
  const { child, url } = await startBin(['--data', dir, '--port', '0', '--base-path', 'flags/']);
  const port = new URL(url).port;
  assert.is(await probe({ PORT: port, BASE_URI_PATH: 'flags/' }), 0, 'ready: exit 0 (base path written as the bin takes it)');
  assert.is(await probe({ HTTP_PORT: port, PORT: '1', BASE_URI_PATH: '/flags' }), 0, 'HTTP_PORT wins over PORT, as in the bin');
  assert.is(await probe({ PORT: port }), 1, 'without the base path: no /ready there, exit 1');
  await child.stop();
  assert.is(await probe({ PORT: port, BASE_URI_PATH: '/flags' }), 1, 'nothing listening: exit 1');
});

test('compose.yaml: two flagadmin processes on its PostgreSQL, configured by names the bin reads', () => {
  const services = map(compose['services'], 'services');
  assert.equal(Object.keys(services).sort(), ['flagadmin-1', 'flagadmin-2', 'postgres']);
  const postgres = map(services['postgres'], 'postgres');
  const pgEnv = map(postgres['environment'], 'postgres environment');
  assert.equal(map(postgres['healthcheck'], 'postgres healthcheck')['test'], ['CMD-SHELL', 'pg_isready -U flagadmin -d flagadmin']);
  const hostPorts = new Set<string>();
  for (const name of ['flagadmin-1', 'flagadmin-2']) {
    const service = map(services[name], name);
    assert.is(service['build'], '.', `${name} is built from the Dockerfile here`);
    assert.equal({ ...map(map(service['depends_on'], 'depends_on')['postgres'], 'depends_on postgres') }, { condition: 'service_healthy' });
    const healthcheck = map(service['healthcheck'], `${name} healthcheck`);
    assert.not.ok('test' in healthcheck, "the image's HEALTHCHECK (GET /ready) is the test");
    const ports = service['ports'] as string[];
    assert.is(ports.length, 1);
    const [, host, container] = /^127\.0\.0\.1:(\d+):(\d+)$/.exec(ports[0]!) ?? [];
    assert.is(container, String(DEFAULT_PORT), `${name} publishes the port the image listens on`);
    hostPorts.add(host!);
    const env = composeEnv(service['environment'], {});
    const parsed = parseConfig([], env, '/app');
    if (parsed.help || parsed.version) throw new Error('config expected');
    assert.equal(parsed.warnings, [], `${name}: no start-up warning`);
    const url = new URL(parsed.config.databaseUrl ?? '');
    assert.is(url.hostname, 'postgres', 'the compose service');
    assert.is(url.username, text(pgEnv['POSTGRES_USER'], 'POSTGRES_USER'));
    assert.is(url.password, interpolate(text(pgEnv['POSTGRES_PASSWORD'], 'POSTGRES_PASSWORD'), {}));
    assert.is(url.pathname, `/${text(pgEnv['POSTGRES_DB'], 'POSTGRES_DB')}`);
    assert.is(parsed.config.demoAdminKey, true, 'without INIT_ADMIN_API_TOKENS the first start prints a key');
    for (const entry of service['environment'] as string[]) {
      const key = entry.split('=')[0]!;
      assert.ok(configurationTable().includes(`\`${key}\``), `${key} is in the README's configuration table`);
    }
    const secret = `*:*.${'a1'.repeat(32)}`;
    const given = parseConfig([], composeEnv(service['environment'], { INIT_ADMIN_API_TOKENS: secret }), '/app');
    if (given.help || given.version) throw new Error('config expected');
    assert.is(given.config.demoAdminKey, false, 'INIT_ADMIN_API_TOKENS from the environment reaches the bin');
  }
  assert.is(hostPorts.size, 2, 'each process on its own host port');
});

test('the README says how: "Run it in a container" with the build and compose commands', () => {
  const start = README.indexOf('\n## Run it in a container');
  assert.ok(start >= 0);
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end);
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  assert.match(block, /^docker build -t flagadmin \.$/m);
  assert.match(block, /^docker compose up -d --build$/m);
});

/**
 * A service's `environment` list as the container gets it: `NAME=value` with `${...}` filled in from
 * `outside` (where compose runs), and a bare `NAME` passed on from there only when set.
 */
function composeEnv(list: Yaml | undefined, outside: Record<string, string>): Record<string, string> {
  assert.ok(Array.isArray(list), 'environment is a list');
  const env: Record<string, string> = {};
  for (const entry of list as Yaml[]) {
    const [, name, value] = /^([A-Z_][A-Z0-9_]*)(?:=(.*))?$/.exec(text(entry, 'environment entry')) ?? [];
    assert.ok(name, `environment entry ${JSON.stringify(entry)}`);
    if (value !== undefined) env[name!] = interpolate(value, outside);
    else if (outside[name!] !== undefined) env[name!] = outside[name!]!;
  }
  return env;
}

function configurationTable(): string {
  const start = README.indexOf('\n## Configuration');
  return README.slice(start, README.indexOf('\n## ', start + 1));
}

test.run();
