// The served OpenAPI document: linted by Redocly's CLI (recommended rules, test/redocly.yaml) with no
// error and no warning, run locally from node_modules with telemetry off; and the conventions clients rely
// on: Unleash's operationIds, tags, servers, the ETag / If-Match / If-None-Match / x-request-id headers, 304.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { REPO_ROOT, removeDir, runToEnd, tempDir } from './helpers/bin';

type Operation = {
  operationId: string;
  tags: string[];
  parameters: ({ $ref: string } | { name: string; in: string })[];
  responses: Record<string, { headers?: Record<string, { $ref: string }> }>;
};
type Doc = { servers: { url: string }[]; tags: { name: string; description: string }[]; paths: Record<string, Record<string, Operation>> };

const test = suite('OpenAPI document');
const dir = tempDir('flagadmin-openapi-');
let doc: Doc;
let file: string;

test.before(async () => {
  const { handle } = createFlagadmin({ storage: memoryStorage() });
  const text = await (await handle(new Request('http://flagadmin.test/docs/openapi.json'))).text();
  doc = JSON.parse(text) as Doc;
  file = join(dir, 'openapi.json');
  writeFileSync(file, text);
});
test.after(() => removeDir(dir));

/** Runs the CLI to its exit; the time limit only stops a hang. */
const redocly = (args: string[]) =>
  runToEnd(process.execPath, [join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js'), ...args], {
    env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    guardMs: 120_000,
  });

test('Redocly lint (recommended rules): no error, no warning', async () => {
  const { code, stdout, stderr } = await redocly(['lint', '--config', 'test/redocly.yaml', '--format=json', file]);
  const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
  const problems = report.problems.map((p) => `${p.ruleId}: ${p.message}`).join('\n');
  assert.equal(report.totals, { ...report.totals, errors: 0, warnings: 0 }, problems || stderr);
  assert.is(code, 0, stderr);
});

test('the linter does catch a broken document (the check can fail)', async () => {
  const broken = join(dir, 'broken.json');
  const copy = JSON.parse(JSON.stringify(doc)) as Omit<Doc, 'servers'> & { servers?: unknown };
  delete copy.servers;
  copy.paths['/api/admin/events']!['get']!.operationId = copy.paths['/api/admin/projects']!['get']!.operationId;
  writeFileSync(broken, JSON.stringify(copy));
  const { code, stdout } = await redocly(['lint', '--config', 'test/redocly.yaml', '--format=json', broken]);
  const report = JSON.parse(stdout) as { problems: { ruleId: string }[] };
  assert.is.not(code, 0);
  const rules = new Set(report.problems.map((p) => p.ruleId));
  assert.ok(rules.has('no-empty-servers') && rules.has('operation-operationId-unique'), [...rules].join(', '));
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
const op = (method: string, path: string) => doc.paths[path]![method]!;

test("operationIds read as names (Unleash's where it has the operation); every operation tagged with a described tag", () => {
  const ids = operations().map(({ op }) => op.operationId);
  assert.is(new Set(ids).size, ids.length, 'unique');
  for (const id of ids) assert.match(id, /^[a-z]+(?:[A-Z][a-z0-9]*)*$/, id);
  assert.is(op('patch', '/api/admin/projects/{projectId}/features/{featureName}').operationId, 'patchFeature');
  assert.is(op('get', '/api/admin/events').operationId, 'getEvents');
  assert.is(op('get', '/api/admin/projects').operationId, 'getProjects');
  assert.is(op('get', '/api/admin/api-tokens').operationId, 'getAllApiTokens');
  assert.is(op('delete', '/api/admin/api-tokens/{token}').operationId, 'deleteApiToken');
  assert.is(op('get', '/api/client/features').operationId, 'getAllClientFeatures');
  const described = new Set(doc.tags.filter((t) => t.description.length > 0).map((t) => t.name));
  for (const { path, method, op: operation } of operations()) {
    assert.is(operation.tags.length, 1, `${method} ${path}`);
    assert.ok(described.has(operation.tags[0]!), `${method} ${path}: ${operation.tags[0]}`);
  }
  assert.equal(op('get', '/ready').tags, ['Operational']);
  assert.equal(op('post', '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies').tags, [
    'Strategies',
  ]);
  assert.ok(doc.servers.length > 0);
});

test('x-request-id on every operation and answer; ETag, If-Match, If-None-Match and 304 where the routes have them', () => {
  const refs = (o: Operation) => o.parameters.map((p) => ('$ref' in p ? p.$ref : `${p.in}:${p.name}`));
  for (const { path, method, op: operation } of operations()) {
    assert.ok(refs(operation).includes('#/components/parameters/RequestId'), `${method} ${path} takes x-request-id`);
    for (const [status, response] of Object.entries(operation.responses)) {
      assert.is(response.headers?.['x-request-id']?.$ref, '#/components/headers/RequestId', `${method} ${path} ${status}`);
    }
  }
  const patch = op('patch', '/api/admin/projects/{projectId}/features/{featureName}');
  assert.ok(refs(patch).includes('#/components/parameters/IfMatch'));
  assert.ok(patch.responses['412']);
  assert.is(patch.responses['200']!.headers!['ETag']!.$ref, '#/components/headers/ETag');
  const features = op('get', '/api/client/features');
  assert.ok(refs(features).includes('#/components/parameters/IfNoneMatch'));
  assert.is(features.responses['304']!.headers!['ETag']!.$ref, '#/components/headers/ETag');
  assert.not.ok(refs(op('get', '/api/admin/events')).includes('#/components/parameters/IfMatch'), 'only where honoured');
});

test.run();
