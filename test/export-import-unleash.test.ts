// Import and export against the real Unleash 8.2.0 (test/helpers/unleash.ts, started once): the shared data
// set (test/helpers/import-export-data.ts) is written through Unleash's admin API, exported by Unleash and
// imported into flagadmin; and written into flagadmin, exported by flagadmin and imported into Unleash. After
// each move the real `unleash-client`, pointed at each server, answers `isEnabled` and `getVariant` alike for
// every flag and environment on 252 contexts, and the admin documents match (ids and timestamps aside).
// flagadmin's answers to the three routes are checked against Unleash's OpenAPI schemas, read at run time.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Context } from 'unleash-client';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { serve } from '@flagadmin/node-http';
import { httpWorld, type HttpWorld, type Transport } from './helpers/http-world';
import { adminDocuments, caller, ok, seedFlags, seedPricing, seedSegment, withoutIds, type Call } from './helpers/import-export-data';
import { startPostgres, type TestPostgres } from './helpers/postgres';
import { startUnleash, unleashSchemas, type RunningUnleash, type UnleashSchemas } from './helpers/unleash';
import { personalAccessToken, sameSdkAnswers } from './helpers/unleash-sdk-answers';

const BATCH = '/api/admin/features-batch';
const PROJECT = 'default';
const ENVIRONMENTS = ['development', 'production'] as const;
const FLAGS = ['checkout', 'checkout-banner', 'pricing'];

interface Answer {
  operationId: string;
  status: number;
  body: unknown;
  text: string;
}

/** A server either side: its base URL, its admin API, client keys per environment. */
interface Server {
  name: string;
  url: string;
  /** Calls the admin API with the admin key. */
  call: Call;
  clientKeys: Map<string, string>;
  /** The answers of its export and import routes, kept for the schema checks. */
  answers: Answer[];
}

/**
 * 252 contexts, the same on every run: every combination of 7 user ids (the segment holds 1, 2 and 3),
 * 4 regions (the two legal values, one other, none) and 3 app names (the STR_STARTS_WITH constraint on
 * `web` ignores case), each three times with its own session id.
 */
function contexts(): Context[] {
  const regions = ['eu', 'us', 'asia', undefined];
  const apps = ['web-shop', 'WEB-admin', 'mobile'];
  return Array.from({ length: 252 }, (_, i) => {
    const region = regions[Math.floor(i / 7) % 4];
    return {
      userId: String(i % 7),
      sessionId: `session-${i}`,
      appName: apps[Math.floor(i / 28) % 3],
      ...(region ? { properties: { region } } : {}),
    };
  });
}

/** What the SDKs are asked on both servers. */
const QUESTIONS = { environments: ENVIRONMENTS, flags: FLAGS, contexts: contexts() };

const getter = (server: Server) => (path: string) => ok(server.call(path, 'GET'), `GET ${path}`);

/** The data set's admin documents on `server` (ids and timestamps aside). */
async function documents(server: Server): Promise<unknown> {
  const get = getter(server);
  return { ...((await adminDocuments(get)) as object), pricing: withoutIds(await get(`/api/admin/projects/${PROJECT}/features/pricing`)) };
}

/** The data set written through `call`'s admin API (`segmentOnly`: only the segment an import needs). */
async function seed(call: Call, segmentOnly = false): Promise<void> {
  const segment = await seedSegment(call);
  if (segmentOnly) return;
  await seedFlags(call, segment);
  await seedPricing(call, segment);
}

/** A flagadmin instance over a real socket, with client keys for both environments. */
async function flagadmin(): Promise<{ world: HttpWorld; server: Server }> {
  let url = '';
  const transport: Transport = {
    name: 'node-http on 127.0.0.1',
    async mount(handle) {
      const running = await serve({ fetch: handle, port: 0, hostname: '127.0.0.1' });
      url = running.url.replace(/\/$/, '');
      return { send: (path, init) => fetch(`${url}${path}`, init), close: () => running.close() };
    },
  };
  const world = await httpWorld(transport);
  const production = await world.admin.createApiKey(SYSTEM_PRINCIPAL, {
    body: { tokenName: 'production-client', type: 'client', environment: 'production' },
  });
  const clientKeys = new Map([
    ['development', world.clientKey],
    ['production', production.secret],
  ]);
  return { world, server: { name: 'flagadmin', url, call: caller(url, world.adminKey), clientKeys, answers: [] } };
}

/** POSTs `body` through `call` and keeps the answer in `into` under `operationId`; throws on a status >= 300. */
async function recorded(into: Answer[], operationId: string, call: Call, path: string, body: unknown) {
  const response = await call(path, 'POST', body);
  const text = await response.text();
  const parsed = text === '' ? undefined : JSON.parse(text);
  into.push({ operationId, status: response.status, body: parsed, text });
  if (response.status >= 300) throw new Error(`${operationId} answered ${response.status}: ${text}`);
  return parsed;
}

/** Exports each environment from `source`, validates and imports it into `target` (its import through `importCall`). */
async function move(source: Server, target: Server, importCall: Call): Promise<void> {
  for (const environment of ENVIRONMENTS) {
    const data = await recorded(source.answers, 'exportFeatures', source.call, `${BATCH}/export`, { environment, project: PROJECT });
    assert.equal(
      data.features.map((f: { name: string }) => f.name),
      FLAGS,
    );
    const body = { project: PROJECT, environment, data };
    const report = await recorded(target.answers, 'validateImport', target.call, `${BATCH}/validate`, body);
    assert.equal([report.errors, report.permissions], [[], []], `${target.name} validates ${source.name}'s ${environment} export`);
    await recorded(target.answers, 'importToggles', importCall, `${BATCH}/import`, body);
  }
}

/**
 * Not what an export carries, in Unleash's documents: who worked on a flag (the importer is not the seed's
 * user), and its lifecycle stage (which Unleash writes after answering the flag's creation).
 */
const NOT_CARRIED = new Set(['collaborators', 'lifecycle']);

/** The value without the keys of NOT_CARRIED, at any depth. */
function carried(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(carried);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (NOT_CARRIED.has(k) ? [] : [[k, carried(v)]])));
}

/**
 * Two products' documents on what both answer: at every depth the keys both have (Unleash answers `yes`/`no`
 * counts, `links` and `collaborators`, flagadmin `featureName` and `variants` per environment and the like),
 * the environments' own `sortOrder` aside (Unleash's defaults are 2 and 3, flagadmin's 100 and 200: an
 * instance's setting, not data an export carries) and NOT_CARRIED.
 */
function shared(a: unknown, b: unknown, inEnvironment = false): [unknown, unknown] {
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    const pairs = a.map((item, i) => shared(item, b[i], inEnvironment));
    return [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) || Array.isArray(b)) return [a, b];
  const left: Record<string, unknown> = {};
  const right: Record<string, unknown> = {};
  for (const key of Object.keys(a).sort()) {
    if (!Object.hasOwn(b, key) || NOT_CARRIED.has(key) || (inEnvironment && key === 'sortOrder')) continue;
    [left[key], right[key]] = shared((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], key === 'environments');
  }
  return [left, right];
}

const test = suite('import and export against the real Unleash 8.2.0');
const state: {
  postgres?: TestPostgres;
  unleash?: RunningUnleash;
  real?: Server;
  schemas?: UnleashSchemas;
  worlds: HttpWorld[];
  /** The flagadmin instances, with their answers. */
  flagadmins: Server[];
  /** Unleash's documents of the data set written through its own admin API. */
  seededInUnleash?: unknown;
} = { worlds: [], flagadmins: [] };

async function tearDown() {
  const { worlds, unleash, postgres } = state;
  state.unleash = state.postgres = undefined;
  for (const w of worlds.splice(0)) await w.close();
  await unleash?.stop();
  await postgres?.stop();
}

test.before(async () => {
  try {
    state.postgres = await startPostgres();
    // Unleash 8 takes environment variants (the data set has some) only with its legacy variants on.
    state.unleash = await startUnleash({ postgresUrl: state.postgres.url, flags: { enableLegacyVariants: true } });
    state.schemas = unleashSchemas(await state.unleash.openApi());
    const { url, adminKey, backendKey } = state.unleash;
    const call = caller(url, adminKey);
    const production = await ok(
      call('/api/admin/api-tokens', 'POST', { tokenName: 'production-client', type: 'client', environment: 'production', projects: ['*'] }),
      'production client key',
    );
    const clientKeys = new Map([
      ['development', backendKey],
      ['production', production.secret as string],
    ]);
    state.real = { name: 'Unleash', url, call, clientKeys, answers: [] };
  } catch (error) {
    console.error(error); // uvu reports a failing hook as nothing but 0 passed
    await tearDown();
    throw error;
  }
});

test.after(tearDown);

/** A fresh flagadmin with the data set written through its admin API (only the segment: `segmentOnly`). */
async function seededFlagadmin(segmentOnly = false): Promise<Server> {
  const { world, server } = await flagadmin();
  state.worlds.push(world);
  state.flagadmins.push(server);
  await seed(server.call, segmentOnly);
  return server;
}

test("Unleash's export imports into flagadmin: the SDK answers alike; the documents are the data set's, written here", async () => {
  const real = state.real!;
  await seed(real.call);
  state.seededInUnleash = await documents(real);
  const target = await seededFlagadmin(true);
  await move(real, target, target.call);
  await sameSdkAnswers(real, target, QUESTIONS);
  const imported = await documents(target);
  assert.equal(imported, await documents(await seededFlagadmin()), 'the data set written into flagadmin');
  const [ours, theirs] = shared(imported, state.seededInUnleash);
  assert.equal(ours, theirs, "Unleash's documents, on what both answer");
});

test("flagadmin's export imports into Unleash: the SDK answers alike; the documents are the data set's, written there", async () => {
  const real = state.real!;
  // Unleash is emptied of the data set (the segment stays: an import finds segments by name).
  for (const flag of [...FLAGS].reverse()) await ok(real.call(`/api/admin/projects/${PROJECT}/features/${flag}`, 'DELETE'), 'archive');
  await ok(real.call(`/api/admin/projects/${PROJECT}/delete`, 'POST', { features: FLAGS }), 'delete');
  await ok(real.call('/api/admin/context/region', 'DELETE'), 'delete context field');
  await ok(real.call('/api/admin/tag-types/team', 'DELETE'), 'delete tag type');
  const source = await seededFlagadmin();
  const pat = await personalAccessToken(real.url);
  await move(source, real, caller(real.url, pat));
  await sameSdkAnswers(source, real, QUESTIONS);
  const imported = await documents(real);
  assert.equal(carried(imported), carried(state.seededInUnleash), 'the data set written into Unleash');
  const [theirs, ours] = shared(imported, await documents(source));
  assert.equal(theirs, ours, "flagadmin's documents, on what both answer");
});

/** Why an answer does not match Unleash's document for its operation and status, or undefined when it does. */
function mismatch(schemas: UnleashSchemas, answer: Answer): string | undefined {
  const check = schemas.check(answer.operationId, answer.status, answer.body);
  if (check.kind === 'undocumented') return `status ${answer.status} is not documented (${check.statuses.join(', ')})`;
  if (check.kind === 'no-body')
    return answer.text === '' ? undefined : `${answer.status} has no body in the document; answered ${answer.text.slice(0, 200)}`;
  return check.valid ? undefined : `${check.schemaName}: ${state.schemas!.describe(check.errors).slice(0, 8).join('; ')}`;
}

test("flagadmin's answers of the three routes match Unleash's schemas, as Unleash's own answers do", () => {
  for (const server of ['flagadmin', 'Unleash']) {
    const answers = server === 'Unleash' ? state.real!.answers : state.flagadmins.flatMap((s) => s.answers);
    assert.equal(
      [...new Set(answers.map((a) => a.operationId))].sort(),
      ['exportFeatures', 'importToggles', 'validateImport'],
      `${server} answered the three routes`,
    );
    const failures = answers.flatMap((a) => {
      const why = mismatch(state.schemas!, a);
      return why ? [`${server} ${a.operationId}: ${why}`] : [];
    });
    assert.equal(failures, []);
  }
});

test.run();
