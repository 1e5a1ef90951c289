/**
 * SDK usage reports under load: `POST /api/client/metrics` with a client key, each report counting the
 * FLAGS flags of a project (yes, no and two variants each), as an SDK sends one every minute. Reports are
 * gathered into one write per batch and kept in hour buckets (per flag, environment and application), so
 * every report adds to the same buckets and stamps the same flags.
 */
import { adminCall as call, oncePerBin } from './admin-calls';
import type { RouteSpec } from './http';

const PROJECT = 'bench-usage';
const FLAGS = 20;
const names = Array.from({ length: FLAGS }, (_, i) => `usage-${String(i).padStart(2, '0')}`);

let clientKey: string | undefined;

/** The project, its flags and a client key of its development environment: once per bin. */
async function writeProject(url: string): Promise<void> {
  await call(url, 'POST', '/api/admin/projects', { id: PROJECT, name: 'Bench usage' });
  for (const name of names) await call(url, 'POST', `/api/admin/projects/${PROJECT}/features`, { name });
  const token = await call<{ secret: string }>(url, 'POST', '/api/admin/api-tokens', {
    tokenName: 'bench-usage',
    type: 'client',
    environment: 'development',
    projects: [PROJECT],
  });
  clientKey = token.secret;
}

const now = new Date().toISOString();
const report = JSON.stringify({
  appName: 'bench-sdk',
  instanceId: 'bench-1',
  sdkVersion: 'unleash-client-node:6.1.0',
  bucket: {
    start: now,
    stop: now,
    toggles: Object.fromEntries(names.map((n) => [n, { yes: 40, no: 10, variants: { blue: 20, green: 20 } }])),
  },
});

export const USAGE_ROUTES: readonly RouteSpec[] = [
  {
    id: 'clientMetrics',
    label: `POST /api/client/metrics (an SDK report of ${FLAGS} flags)`,
    method: 'POST',
    path: '/api/client/metrics',
    body: report,
    key: () => clientKey ?? '',
    setup: oncePerBin(writeProject),
  },
];
