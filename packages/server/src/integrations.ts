/**
 * Integrations delivery as the server starts it (@flagadmin/integrations): on unless switched off, closed
 * before the storage. On PostgreSQL every process runs it and the leases make one of them deliver each event.
 */
import type { IntegrationSecrets, Logger, Storage } from '@flagadmin/core';
import { startIntegrations, type Integrations } from '@flagadmin/integrations';

export interface DeliverySettings {
  /** How long a process's lease on an integration lasts unless renewed (ms); default 30,000. */
  leaseMs?: number;
  /** How long an event is retried before it is recorded as failed (ms); default 600,000. */
  giveUpAfterMs?: number;
}

/**
 * Starts delivery unless `settings` is false; `close()` stops it (attempts under way stay pending, leases given
 * back). `secrets` opens the integrations' sealed secrets (the instance's, `admin.context.secrets`).
 * `soleProcess`: the storage is this process's alone (lowdb's locked directory), so a restart after a crash
 * takes the crashed process's leases over at once.
 */
export function startDelivery(
  storage: Storage,
  secrets: IntegrationSecrets,
  logger: Logger,
  settings: boolean | DeliverySettings = true,
  soleProcess = false,
): Integrations {
  if (settings === false) {
    logger.info({}, 'integrations: this process delivers no events (switched off)');
    return { close: async () => undefined };
  }
  const { leaseMs, giveUpAfterMs } = settings === true ? {} : settings;
  logger.info({ leaseMs, giveUpAfterMs, soleProcess }, 'integrations: this process delivers events');
  return startIntegrations({
    storage,
    secrets,
    logger,
    soleProcess,
    ...(leaseMs === undefined ? {} : { leaseMs }),
    ...(giveUpAfterMs === undefined ? {} : { retry: { giveUpAfterMs } }),
  });
}
