// The real Unleash (the `unleash-server` devDependency, 8.2.0) for tests that compare flagadmin with it:
// `startUnleash()` runs it in a child process on a fresh database of a test PostgreSQL server, listening
// on 127.0.0.1 only, with nothing that reaches the network (no version check, no telemetry) and its logs
// quiet; `unleashSchemas()` turns its OpenAPI document into ajv validators per (operationId, status).
// Unleash's code and schemas stay in node_modules: tests read them at run time, the repo holds no copy.
//
// Why a child process: Unleash's start adds process-wide listeners (its migrations' `uncaughtException`
// and `unhandledRejection` handlers call process.exit(1); its own one logs every unhandled rejection),
// reads its keys from the environment, and leaves work in flight when stopped (async event listeners
// that reject once its pool is gone, a pending pool acquire whose 60 s timer keeps a process alive). In
// its own process none of that reaches the test process, and stopping it is ending that process.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { sql } from './postgres';

/** The first start migrates an empty database; the limit only guards against a hang. */
const START_GUARD_MS = 150_000;
/** How long Unleash may take to stop before its process is killed (a hang guard too). */
const STOP_GUARD_MS = 15_000;

/** Environment variables the child does not inherit: Unleash would read them over its options, or add keys. */
const NOT_INHERITED =
  /^(INIT_\w+_API_TOKENS|DATABASE_\w+|BASE_URI_PATH|HTTP_(HOST|PORT)|PORT|UNLEASH_\w+|CHECK_VERSION|SEND_TELEMETRY|ENABLE_OAS|AUTH_\w+|IMPORT_\w+)$/;

export interface UnleashOptions {
  /** A PostgreSQL server's URL (test/helpers/postgres.ts); Unleash gets a new database in it. */
  postgresUrl: string;
  /** An admin secret `*:*.<hex>` (default: a random one). */
  adminKey?: string;
  /** A backend (client) secret `<project or *>:<environment>.<hex>` (default: `*:development.<random>`). */
  backendKey?: string;
  /**
   * Unleash's experimental flags to turn on or off, e.g. `{ enableLegacyVariants: true }`: Unleash 8
   * refuses to set environment variants (403 InvalidOperationError) unless a feature has some already.
   */
  flags?: Record<string, boolean>;
  /** Where Unleash's warnings and errors go (default: stderr); its debug and info lines are dropped. */
  log?: (line: string) => void;
  /** More environment for Unleash's process (settings it reads from there only, e.g. its rate limits). */
  env?: Record<string, string>;
}

export interface RunningUnleash {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  adminKey: string;
  backendKey: string;
  /** The database Unleash runs on (dropped by `stop()`). */
  databaseUrl: string;
  /** Unleash's process. */
  pid: number;
  /** How long Unleash's `start()` took, migrations included (ms). */
  startMs: number;
  /** From spawning its process to listening, loading Unleash's code included (ms). */
  readyMs: number;
  /** Unleash's OpenAPI document, as served at `GET /docs/openapi.json`. */
  openApi(): Promise<OpenApiDocument>;
  /** Stops Unleash, ends its process and drops its database. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Unleash's process: starts Unleash with the options in UNLEASH_OPTIONS, its logger dropping debug and
 * info and writing the rest to stderr, and tells the parent its address once it listens. On `stop` (or
 * when the parent is gone) it stops Unleash and exits, without waiting for work Unleash left in flight.
 */
const CHILD = `
const { start } = await import(process.env.UNLEASH_ENTRY);
const options = JSON.parse(process.env.UNLEASH_OPTIONS);
const line = (level, category) => (...args) => process.stderr.write(
  '[unleash ' + level + '] ' + category + ': ' + args.map((a) => (a instanceof Error ? a.stack : typeof a === 'string' ? a : JSON.stringify(a))).join(' ') + '\\n');
const getLogger = (category = 'unleash') => ({
  debug() {}, info() {}, warn: line('warn', category), error: line('error', category), fatal: line('fatal', category),
});
let unleash;
const exit = async (code) => {
  await unleash?.stop().catch(() => undefined);
  process.exit(code);
};
process.on('message', (message) => message === 'stop' && exit(0));
process.on('disconnect', () => exit(1));
const started = performance.now();
unleash = await start({ ...options, getLogger });
process.send({ address: unleash.server.address(), startMs: performance.now() - started });
`;

/** Unleash-style secret: `<project>:<environment>.` and 56 hex characters, as Unleash makes them. */
const secret = (scope: string) => `${scope}.${randomBytes(28).toString('hex')}`;

/** Starts Unleash on a new database of the PostgreSQL server at `postgresUrl`; resolves once it listens. */
export async function startUnleash(options: UnleashOptions): Promise<RunningUnleash> {
  const adminKey = options.adminKey ?? secret('*:*');
  const backendKey = options.backendKey ?? secret('*:development');
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const database = `unleash_${randomBytes(6).toString('hex')}`;
  await sql(options.postgresUrl, `CREATE DATABASE ${database}`);
  const databaseUrl = Object.assign(new URL(options.postgresUrl), { pathname: `/${database}` }).href;
  const dropDatabase = () => sql(options.postgresUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);

  const startOptions = {
    databaseUrl,
    db: { ssl: false, schema: 'public', disableMigration: false },
    server: {
      host: '127.0.0.1',
      port: 0,
      // Without Unleash's SIGINT/SIGTERM/SIGHUP handlers: its process ends on `stop` or with its parent.
      gracefulShutdownEnable: false,
      enableRequestLogger: false,
    },
    authentication: { type: 'open-source', enableApiToken: true },
    versionCheck: { enable: false, url: '' },
    // `telemetry: false` alone is not enough (Unleash reads `options.telemetry || SEND_TELEMETRY`, true by
    // default): SEND_TELEMETRY=false below. Without the version check nothing would be sent anyway.
    telemetry: false,
    enableOAS: true,
    isOss: true,
    ...(options.flags ? { experimental: { flags: options.flags } } : {}),
  };
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !NOT_INHERITED.test(name)) env[name] = value;
  Object.assign(env, {
    UNLEASH_ENTRY: pathToFileURL(createRequire(import.meta.url).resolve('unleash-server')).href,
    UNLEASH_OPTIONS: JSON.stringify(startOptions),
    // Read by Unleash at start only: its keys, and telemetry off (see above).
    INIT_ADMIN_API_TOKENS: adminKey,
    INIT_BACKEND_API_TOKENS: backendKey,
    SEND_TELEMETRY: 'false',
    ...options.env,
  });

  const spawned = performance.now();
  // --no-deprecation: pg's warning about db-migrate's overlapping queries is Unleash's business.
  const child = spawn(process.execPath, ['--no-deprecation', '--input-type=module', '--eval', CHILD], {
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  // Neither its process, its IPC channel nor its stderr keep this process alive: a test process that
  // ends without `stop()` closes the channel, and Unleash's process then ends itself.
  child.unref();
  child.channel?.unref();
  (child.stderr as unknown as { unref(): void }).unref();
  let stopping = false;
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-20_000);
    // Once stopping, the jobs Unleash left in flight fail on its closed pool and say so: not news.
    if (!stopping) for (const line of text.split('\n')) if (line.trim()) log(line);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let listening: { address: { address: string; port: number }; startMs: number };
  try {
    listening = await new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`Unleash did not start within ${START_GUARD_MS} ms:\n${stderr}`)), START_GUARD_MS);
      child.once('message', (message) => {
        clearTimeout(guard);
        resolve(message as typeof listening);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(guard);
        reject(new Error(`Unleash exited (${code ?? signal}) before it listened:\n${stderr}`));
      });
    });
    if (listening.address.address !== '127.0.0.1')
      throw new Error(`Unleash listens on ${listening.address.address}, not on 127.0.0.1 only`);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await dropDatabase();
    throw error;
  }
  const readyMs = performance.now() - spawned;
  const url = `http://127.0.0.1:${listening.address.port}`;

  let stopped: Promise<void> | undefined;
  return {
    url,
    adminKey,
    backendKey,
    databaseUrl,
    pid: child.pid!,
    startMs: listening.startMs,
    readyMs,
    async openApi() {
      const response = await fetch(`${url}/docs/openapi.json`);
      if (!response.ok) throw new Error(`GET /docs/openapi.json answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as OpenApiDocument;
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        if (child.exitCode === null && child.signalCode === null) {
          child.send('stop');
          const guard = setTimeout(() => child.kill('SIGKILL'), STOP_GUARD_MS);
          await exited;
          clearTimeout(guard);
        }
        await dropDatabase();
      })();
      return stopped;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Unleash's OpenAPI document (3.0) as ajv validators.

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

export interface OpenApiOperation {
  operationId: string;
  method: string;
  /** OpenAPI path template: `/api/admin/projects/{projectId}`. */
  path: string;
  /** The documented statuses (`'200'`, `'default'`, ...). */
  statuses: string[];
}

export type SchemaCheck =
  /** The status documents a JSON body and `body` matches its schema (or does not: `errors`). */
  | { kind: 'schema'; schemaName: string; valid: boolean; errors: ErrorObject[] }
  /** The status is documented without a JSON body. */
  | { kind: 'no-body' }
  /** The operation does not document the status. */
  | { kind: 'undocumented'; statuses: string[] };

export interface UnleashSchemas {
  /** The operation named `operationId`, or undefined when the document has none. */
  operation(operationId: string): OpenApiOperation | undefined;
  /** Checks `body` against what the operation documents for `status` (compiled at first use, then kept). */
  check(operationId: string, status: number, body: unknown): SchemaCheck;
  /** ajv's errors as one line each: `<instance path> <message> (<schema path>)`. */
  describe(errors: ErrorObject[]): string[];
}

/** Keywords whose value maps names to schemas. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'schemas', 'dependentSchemas']);

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * OpenAPI 3.0's schema dialect to JSON Schema (draft-07) that ajv validates: `nullable: true` admits
 * null (with its `type`, or around a `$ref` / a schema without one), `$id`s are dropped (every
 * reference is a `#/components/...` pointer into the document), `example`/`x-*` stay and are ignored.
 */
function toJsonSchema(node: unknown, names = false): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // The keys of `properties`, `schemas` and the like are names, not keywords: each value is a schema.
    if (names) {
      out[key] = toJsonSchema(value);
      continue;
    }
    if (key === '$id' || key === 'nullable') continue;
    out[key] = toJsonSchema(value, NAME_MAPS.has(key));
  }
  if ((node as Record<string, unknown>)['nullable'] !== true) return out;
  const type = out['type'];
  if (typeof type === 'string' && !('$ref' in out)) {
    out['type'] = [type, 'null'];
    if (Array.isArray(out['enum']) && !out['enum'].includes(null)) out['enum'] = [...out['enum'], null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

/** Validators for the responses of `document`'s operations, by operationId and status. */
export function unleashSchemas(document: OpenApiDocument): UnleashSchemas {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormatsPlugin(ajv);
  const id = 'unleash-openapi';
  ajv.addSchema({ $id: id, components: toJsonSchema(document.components ?? {}) } as object);

  const operations = new Map<string, OpenApiOperation & { responses: Record<string, unknown> }>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(item)) {
      const op = value as { operationId?: string; responses?: Record<string, unknown> };
      if (!METHODS.has(method) || !op.operationId) continue;
      const responses = op.responses ?? {};
      operations.set(op.operationId, {
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        statuses: Object.keys(responses),
        responses,
      });
    }
  }
  const compiled = new Map<string, { schemaName: string; validate: ValidateFunction } | null>();

  /** A `#/components/...` pointer's target in the document. */
  const resolve = (ref: string): unknown =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);

  const responseSchema = (operationId: string, status: string) => {
    const key = `${operationId} ${status}`;
    if (!compiled.has(key)) {
      let response = operations.get(operationId)!.responses[status] as {
        $ref?: string;
        content?: Record<string, { schema?: Record<string, unknown> }>;
      };
      if (response.$ref) response = resolve(response.$ref) as typeof response;
      const schema = response.content?.['application/json']?.schema;
      if (!schema) compiled.set(key, null);
      else {
        const ref = typeof schema['$ref'] === 'string' ? schema['$ref'] : undefined;
        // A $ref points into the document; an inline schema's own refs do too: both resolve against `id`.
        const validate = ajv.compile(
          ref ? { $ref: `${id}${ref}` } : { $id: `${id}-${key.replace(/\W/g, '_')}`, ...(rebase(toJsonSchema(schema), id) as object) },
        );
        compiled.set(key, { schemaName: ref ? ref.split('/').pop()! : '(inline)', validate });
      }
    }
    return compiled.get(key)!;
  };

  return {
    operation(operationId) {
      const op = operations.get(operationId);
      return op && { operationId: op.operationId, method: op.method, path: op.path, statuses: op.statuses };
    },
    check(operationId, status, body) {
      const op = operations.get(operationId);
      if (!op) throw new Error(`Unleash's document has no operation ${operationId}`);
      const documented = String(status) in op.responses ? String(status) : 'default' in op.responses ? 'default' : undefined;
      if (!documented) return { kind: 'undocumented', statuses: op.statuses };
      const schema = responseSchema(operationId, documented);
      if (!schema) return { kind: 'no-body' };
      const valid = schema.validate(body) as boolean;
      return { kind: 'schema', schemaName: schema.schemaName, valid, errors: valid ? [] : [...(schema.validate.errors ?? [])] };
    },
    describe: (errors) =>
      errors.map(
        (e) =>
          `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` '${e.params['additionalProperty']}'` : ''} (${e.schemaPath})`,
      ),
  };
}

/** An inline schema's `#/components/...` refs, made to point into the document registered as `id`. */
function rebase(node: unknown, id: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rebase(n, id));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${id}${value}` : rebase(value, id),
    ]),
  );
}
