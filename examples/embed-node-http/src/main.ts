// An existing node:http application that mounts flagadmin under /admin. The host keeps its own
// routes; /admin/api/admin/projects reaches flagadmin's /api/admin/projects.
//   PORT=3000 INIT_ADMIN_API_TOKENS='*:*.<64 hex>' pnpm start
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFlagadmin, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { toNodeListener } from '@flagadmin/node-http';
import { memoryStorage } from '@flagadmin/storage-memory';

const { admin, handle } = createFlagadmin({ storage: memoryStorage() });

// An admin key: from INIT_ADMIN_API_TOKENS (comma-separated Unleash-style secrets), else a new one.
const initAdmin = (process.env['INIT_ADMIN_API_TOKENS'] ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
let generatedKey: string | undefined;
if (initAdmin.length > 0) await admin.ensureInitialKeys({ admin: initAdmin });
else generatedKey = (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'embed-example', type: 'admin' } })).secret;

// Something to look at: one feature in the default project.
await admin.createFeature(SYSTEM_PRINCIPAL, {
  projectId: 'default',
  body: { name: 'welcome-banner', type: 'release', description: 'Shows the welcome banner' },
});

const flagadmin = toNodeListener(handle, { stripPrefix: '/admin', logger: console });

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0]!;
  if (path === '/admin' || path.startsWith('/admin/')) return flagadmin(req, res);
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Hello from the host application. flagadmin lives under /admin.\n');
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found (host application)\n');
});

server.listen(Number(process.env['PORT'] ?? 3000), process.env['HOST'] ?? '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  console.log(`embed example listening on ${url} (flagadmin at ${url}/admin)`);
  if (generatedKey) console.log(`admin key: ${generatedKey}`);
});

let stopping = false;
const stop = () => {
  if (stopping) process.exit(1);
  stopping = true;
  server.close(() => process.exit(0));
  server.closeIdleConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
