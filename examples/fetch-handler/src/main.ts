// Serves the fetch module on Node (`pnpm start`). On Bun: `bun run src/app.ts`; on Deno:
// `deno serve --allow-env=INIT_ADMIN_API_TOKENS src/app.ts` (both read the default export's fetch).
import { serve } from '@flagadmin/node-http';
import app, { ready } from './app';

const { generatedKey } = await ready();
const server = await serve({ fetch: app.fetch, port: Number(process.env['PORT'] ?? 8787), hostname: process.env['HOST'] ?? '127.0.0.1' });
console.log(`fetch-handler example listening on ${server.url}`);
if (generatedKey) console.log(`admin key: ${generatedKey}`);

let stopping = false;
const stop = () => {
  if (stopping) process.exit(1);
  stopping = true;
  server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
