// GET /metrics (and Unleash's /internal-backstage/prometheus) on the spawned bin, over real HTTP.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { demoKey, killAll, randomSecret, scratchDirs, startBin } from './helpers/bin';

const test = suite('metrics');
const dirs = scratchDirs();
const data = dirs.make;

test.after(async () => {
  await killAll();
  dirs.removeAll();
});

/** The value of one sample line, e.g. sample(text, 'http_requests_total{method="GET",...}'); 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

test('on by default at both paths; --no-metrics or FLAGADMIN_METRICS=off turns them off', async () => {
  const on = await startBin(['--port', '0', '--data', data(), '--no-demo']);
  for (const path of ['/metrics', '/internal-backstage/prometheus']) {
    const response = await fetch(on.url + path);
    assert.is(response.status, 200, path);
    assert.match(await response.text(), /# TYPE http_requests_total counter/);
  }
  await on.child.stop();
  for (const [args, env] of [
    [['--no-metrics'], {}],
    [[], { FLAGADMIN_METRICS: 'off' }],
  ] as const) {
    const { child, url } = await startBin(['--port', '0', '--data', data(), '--no-demo', ...args], env);
    assert.is((await fetch(`${url}/metrics`)).status, 404, JSON.stringify({ args, env }));
    assert.is((await fetch(`${url}/internal-backstage/prometheus`)).status, 404);
    await child.stop();
  }
});

test('requests by route and status, latency histograms, events written, process metrics; both paths', async () => {
  const { child, url } = await startBin(['--port', '0', '--data', data()]);
  const key = await demoKey(child);
  const before = await (await fetch(`${url}/metrics`)).text();
  const projects = await fetch(`${url}/api/admin/projects`, { headers: { authorization: key } });
  assert.is(projects.status, 200);
  assert.is((await fetch(`${url}/api/admin/projects`)).status, 401);
  assert.is((await fetch(`${url}/api/admin/no/such/route`, { headers: { authorization: key } })).status, 404);
  const patch = await fetch(`${url}/api/admin/projects/checkout/features/new-checkout-flow`, {
    method: 'PATCH',
    headers: { authorization: key, 'content-type': 'application/json' },
    body: JSON.stringify([{ op: 'replace', path: '/description', value: 'measured' }]),
  });
  assert.is(patch.status, 200);

  for (const path of ['/metrics', '/internal-backstage/prometheus']) {
    const response = await fetch(url + path);
    assert.is(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    assert.ok(sample(text, 'http_requests_total{method="GET",route="/api/admin/projects",status="200"}') >= 1, text);
    assert.ok(sample(text, 'http_requests_total{method="GET",route="/api/admin/projects",status="401"}') >= 1);
    assert.ok(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}') >= 1);
    assert.is(
      sample(
        text,
        'http_request_duration_seconds_count{method="PATCH",route="/api/admin/projects/:projectId/features/:featureName",status="200"}',
      ),
      1,
    );
    assert.match(text, /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/admin\/projects",status="200"\} \d+/);
    assert.ok(sample(text, 'process_cpu_user_seconds_total') > 0, 'process metrics');
    // Each answer counts once in its own series (the series are kept per label set after the first).
    const series = 'http_requests_total{method="GET",route="/api/admin/projects",status="200"}';
    for (let i = 0; i < 3; i++)
      await (await fetch(`${url}/api/admin/projects?page=${i}`, { headers: { authorization: key } })).arrayBuffer();
    await (await fetch(`${url}/api/admin/projects`)).arrayBuffer();
    const after = await (await fetch(url + path)).text();
    assert.is(sample(after, series) - sample(text, series), 3);
    const refused = 'http_requests_total{method="GET",route="/api/admin/projects",status="401"}';
    assert.is(sample(after, refused) - sample(text, refused), 1);
    assert.is(
      sample(text, 'flagadmin_events_written_total') - sample(before, 'flagadmin_events_written_total'),
      1,
      'the PATCH wrote one event',
    );
  }
  await child.stop();
});

test('storage commit latency by outcome and live keys by type, read at each scrape', async () => {
  const admin = randomSecret();
  const { child, url } = await startBin(['--port', '0', '--data', data(), '--no-demo'], {
    INIT_ADMIN_API_TOKENS: admin,
    INIT_CLIENT_API_TOKENS: randomSecret('*', 'development'),
  });
  const scrape = async () => (await fetch(`${url}/metrics`)).text();
  const committed = 'flagadmin_storage_commit_duration_seconds_count{outcome="committed"}';
  const before = await scrape();
  assert.match(before, /# TYPE flagadmin_storage_commit_duration_seconds histogram/);
  assert.match(before, /flagadmin_storage_commit_duration_seconds_bucket\{le="0\.005",outcome="committed"\} \d+/);
  assert.is(sample(before, 'flagadmin_api_keys{type="admin"}'), 1);
  assert.is(sample(before, 'flagadmin_api_keys{type="client"}'), 1);
  assert.match(before, /flagadmin_api_keys\{type="frontend"\} 0/);

  const headers = { authorization: admin, 'content-type': 'application/json' };
  const created = await fetch(`${url}/api/admin/api-tokens`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ tokenName: 'sdk', type: 'client' }),
  });
  assert.is(created.status, 201);
  const after = await scrape();
  assert.is(sample(after, committed) - sample(before, committed), 1, 'one write committed');
  assert.ok(sample(after, 'flagadmin_storage_commit_duration_seconds_sum{outcome="committed"}') > 0);
  assert.is(sample(after, 'flagadmin_api_keys{type="client"}'), 2);

  const { id } = (await created.json()) as { id: number };
  assert.is((await fetch(`${url}/api/admin/api-tokens/${id}`, { method: 'DELETE', headers })).status, 200);
  assert.is(sample(await scrape(), 'flagadmin_api_keys{type="client"}'), 1, 'a deleted key no longer counts');
  await child.stop();
});

test('FLAGADMIN_METRICS_TOKEN: metrics behind Authorization: Bearer <token>', async () => {
  const token = randomSecret().slice(4);
  const { child, url } = await startBin(['--port', '0', '--data', data(), '--no-demo'], { FLAGADMIN_METRICS_TOKEN: token });
  for (const authorization of [undefined, 'Bearer wrong', token, `Bearer ${token}x`]) {
    const response = await fetch(`${url}/metrics`, { headers: authorization ? { authorization } : {} });
    assert.is(response.status, 401, String(authorization));
    const body = await response.json();
    assert.is(body.name, 'AuthenticationRequired');
    assert.not.match(JSON.stringify(body), new RegExp(token));
  }
  const ok = await fetch(`${url}/internal-backstage/prometheus`, { headers: { authorization: `Bearer ${token}` } });
  assert.is(ok.status, 200);
  assert.match(await ok.text(), /# TYPE http_requests_total counter/);
  await child.stop();
});

test.run();
