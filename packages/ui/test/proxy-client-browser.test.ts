// unleash-proxy-client 3.8 (its browser build, `build/main.min.js`) in Debian's chromium reads the spawned
// bin's frontend API from a page of another origin: the page is served by this test on its own port of
// 127.0.0.1, the bin allows exactly that origin (`UNLEASH_FRONTEND_API_ORIGINS`), and the client, polling,
// sees a flag switched on through the admin API. A page of an origin the bin does not allow is refused by
// the browser (no CORS header), and its client never gets a flag.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as assert from 'uvu/assert';
import { browserSuite } from './browser-suite';

const FLAG = 'browser-banner';
const FLAG_PATH = `/api/admin/projects/default/features/${FLAG}`;
/** The client's browser build (a UMD file defining `unleash`), beside its CommonJS entry in `build/`. */
const CLIENT_SOURCE = readFileSync(join(dirname(createRequire(import.meta.url).resolve('unleash-proxy-client')), 'main.min.js'), 'utf8');

/**
 * The page: the client's browser build, started with the frontend API and key of its query, polling each
 * second; what it sees is kept in `window.seen` (each `ready`, `update` and `error` with `isEnabled(FLAG)`).
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>unleash-proxy-client</title></head>
<body><main><h1>unleash-proxy-client</h1><p id="state">starting</p></main>
<script src="/unleash-proxy-client.js"></script>
<script>
  const query = new URLSearchParams(location.search);
  window.seen = [];
  const client = new unleash.UnleashClient({
    url: query.get('api'),
    clientKey: query.get('key'),
    appName: 'browser-page',
    refreshInterval: 1,
    disableMetrics: true,
  });
  const note = (event) => () => {
    window.seen.push({ event, enabled: client.isEnabled(${JSON.stringify(FLAG)}) });
    document.getElementById('state').textContent = event + ': ' + client.isEnabled(${JSON.stringify(FLAG)});
  };
  for (const event of ['ready', 'update', 'error']) client.on(event, note(event));
  client.start();
</script></body></html>`;

/** A server of the page and the client's build on 127.0.0.1: another origin than the bin's. */
async function pageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page.test').pathname;
    if (path === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (path === '/unleash-proxy-client.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(CLIENT_SOURCE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref(); // closed by the last test; never what keeps the process alive if the suite stops early
  return { server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

const allowed = await pageServer();
const refused = await pageServer();
let frontendKey = '';

const s = browserSuite('unleash-proxy-client 3.8 in chromium, from a page of another origin', {
  env: { UNLEASH_FRONTEND_API_ORIGINS: allowed.origin },
  async setup(suite) {
    await suite.apiSend('POST', '/api/admin/projects/default/features', { name: FLAG });
    await suite.apiSend('POST', `${FLAG_PATH}/environments/development/strategies`, { name: 'default' });
    const token = await suite.apiSend<{ secret: string }>('POST', '/api/admin/api-tokens', {
      tokenName: 'browser-page',
      type: 'frontend',
      environment: 'development',
      projects: ['default'],
    });
    frontendKey = token.secret;
  },
});

const pageUrl = (origin: string) => `${origin}/?${new URLSearchParams({ api: `${s.url()}/api/frontend`, key: frontendKey }).toString()}`;

type Seen = { event: string; enabled: boolean }[];

s.test('the client reads the flag off, then sees it switched on through the admin API', async () => {
  const { page } = await s.tab();
  await page.goto(pageUrl(allowed.origin));
  await page.waitForFunction(() => (window as unknown as { seen: Seen }).seen.some((e) => e.event === 'ready'));
  // The first fetch gives `update` (toggles arrived) and `ready`; the flag is off in both.
  const first = await page.evaluate(() => (window as unknown as { seen: Seen }).seen);
  assert.equal(
    first.filter((e) => e.event === 'error' || e.enabled),
    [],
  );
  await s.apiSend('POST', `${FLAG_PATH}/environments/development/on`);
  await page.waitForFunction(() => (window as unknown as { seen: Seen }).seen.some((e) => e.event === 'update' && e.enabled));
  const seen = await page.evaluate(() => (window as unknown as { seen: Seen }).seen);
  assert.equal(
    seen.filter((e) => e.event === 'error'),
    [],
    'no error',
  );
  await s.apiSend('POST', `${FLAG_PATH}/environments/development/off`);
  await page.waitForFunction(() => {
    const seen = (window as unknown as { seen: Seen }).seen;
    return seen.at(-1)?.event === 'update' && !seen.at(-1)?.enabled;
  });
});

s.test('a page of an origin the bin does not allow gets no CORS header: the browser refuses the answer', async () => {
  const { page, watch } = await s.tab();
  await page.goto(pageUrl(refused.origin));
  await page.waitForFunction(() => (window as unknown as { seen: Seen }).seen.some((e) => e.event === 'error'));
  const seen = await page.evaluate(() => (window as unknown as { seen: Seen }).seen);
  assert.not.ok(
    seen.some((e) => e.event === 'ready' || e.event === 'update'),
    'no flags reached the page',
  );
  // The browser says why on the console; expected here, so the suite's no-console-error check is spared it.
  assert.ok(
    watch.errors.some((e) => /CORS policy/.test(e)),
    watch.errors.join('\n'),
  );
  watch.errors.length = 0;
  const res = await fetch(`${s.url()}/api/frontend`, { headers: { authorization: frontendKey, origin: refused.origin } });
  assert.is(res.status, 200);
  assert.is(res.headers.get('access-control-allow-origin'), null);
});

s.test('the bin answers the allowed origin (the header the browser checks)', async () => {
  const res = await fetch(`${s.url()}/api/frontend`, { headers: { authorization: frontendKey, origin: allowed.origin } });
  assert.is(res.headers.get('access-control-allow-origin'), allowed.origin);
  await res.body?.cancel();
  for (const { server } of [allowed, refused]) server.close();
});

s.run();
