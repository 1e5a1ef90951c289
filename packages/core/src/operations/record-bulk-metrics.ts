import { requireClientKey, type Principal } from '../base/auth';
import type { ClientHints } from '../runtime/client-apps';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { recordMetrics } from './record-metrics';
import { registerClient } from './register-client';

interface BulkMetrics {
  applications: { appName: string; instanceId?: string; environment?: string; sdkVersion?: string }[];
  metrics: {
    featureName: string;
    appName: string;
    environment: string;
    timestamp: unknown;
    yes: number;
    no: number;
    variants?: Record<string, number>;
  }[];
}

/**
 * `POST /api/client/metrics/bulk` (Unleash's `clientBulkMetrics`, what Unleash Edge sends for the SDKs
 * behind it): each application as a registration, and the counts as each app's metrics per environment,
 * through the same operations as an SDK's own reports (same checks, same scope of the key).
 */
export async function recordBulkMetrics(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown; hints?: ClientHints },
): Promise<void> {
  requireClientKey(principal);
  assertValid<BulkMetrics>('bulkMetrics', input.body, 'bulk metrics');
  const { applications, metrics } = input.body;
  const reports = new Map<
    string,
    { appName: string; environment: string; toggles: Map<string, { yes: number; no: number; variants: Record<string, number> }> }
  >();
  for (const m of metrics) {
    const key = JSON.stringify([m.appName, m.environment]);
    let report = reports.get(key);
    if (!report) reports.set(key, (report = { appName: m.appName, environment: m.environment, toggles: new Map() }));
    const counts = report.toggles.get(m.featureName) ?? { yes: 0, no: 0, variants: Object.create(null) as Record<string, number> };
    counts.yes += m.yes;
    counts.no += m.no;
    for (const [variant, n] of Object.entries(m.variants ?? {})) counts.variants[variant] = (counts.variants[variant] ?? 0) + n;
    report.toggles.set(m.featureName, counts);
  }
  // An app's counts are its first listed instance's (else the SDK default), as its registration names it.
  const instances = new Map<string, string>();
  for (const app of applications) if (app.instanceId && !instances.has(app.appName)) instances.set(app.appName, app.instanceId);
  const now = ctx.now().toISOString();
  await Promise.all([
    ...applications.map((app) => registerClient(ctx, principal, { body: app, ...(input.hints ? { hints: input.hints } : {}) })),
    ...[...reports.values()].map((r) =>
      recordMetrics(ctx, principal, {
        body: {
          appName: r.appName,
          instanceId: instances.get(r.appName) ?? 'default',
          environment: r.environment,
          bucket: { start: now, stop: now, toggles: Object.fromEntries(r.toggles) },
        },
      }),
    ),
  ]);
}
