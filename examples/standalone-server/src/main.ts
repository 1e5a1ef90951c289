// flagadmin as a standalone server started from code: the same server as the `flagadmin` bin, with
// your own choice of port, data directory, logger and shutdown.
//   PORT=0 FLAGADMIN_DATA=/tmp/flags pnpm start
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@flagadmin/server';
import { pino } from 'pino';

// A fresh temporary data directory unless FLAGADMIN_DATA names one (which keeps the data across runs).
const dataDir = process.env['FLAGADMIN_DATA'] || (await mkdtemp(join(tmpdir(), 'flagadmin-example-')));
const initAdmin = (process.env['INIT_ADMIN_API_TOKENS'] ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

const server = await startServer({
  port: Number(process.env['PORT'] ?? 4242),
  host: process.env['HOST'] ?? '127.0.0.1',
  dataDir,
  initAdminTokens: initAdmin,
  logger: pino(), // any pino-style logger: (fields, message)
});

console.log(`flagadmin (standalone example) listening on ${server.url}`);
console.log(`data directory: ${dataDir}`);
if (server.demo) console.log(`demo admin key: ${server.demo.adminKey}`);

let stopping = false;
const stop = () => {
  if (stopping) process.exit(1);
  stopping = true;
  // Stops accepting, lets in-flight requests finish, flushes the storage and releases its lock.
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
