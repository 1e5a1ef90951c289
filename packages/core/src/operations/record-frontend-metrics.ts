import { requireFrontendKey, type Principal } from '../base/auth';
import type { ClientHints } from '../runtime/client-apps';
import type { AdminContext } from '../runtime/context';
import { clientReader } from '../runtime/evaluators';
import { recordMetrics } from './record-metrics';

/**
 * `POST /api/frontend/client/metrics`: a browser SDK's usage counts, kept as the client API's
 * (`recordMetrics`), for the frontend key's projects and environment.
 */
export async function recordFrontendMetrics(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown; hints?: ClientHints },
): Promise<void> {
  requireFrontendKey(principal);
  await recordMetrics(ctx, clientReader(principal), { ...input, sdkType: 'frontend' });
}
