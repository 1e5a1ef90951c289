// Whether this process delivers events to the integrations, and with which lease and retry time.
import { DELIVERY_DEFAULTS } from '@flagadmin/integrations';
import { onOff, pickedEnv, type Env } from './config-values';
import type { DeliverySettings } from './integrations';

/** The command-line flags of the settings (for parseArgs). */
export const INTEGRATIONS_FLAGS = {
  'no-integrations': { type: 'boolean' },
  'integrations-lease': { type: 'string' },
  'integrations-give-up': { type: 'string' },
} as const;

type Ms = (flagName: string, envName: string, fallback: number, min?: number) => number;

/** Off with `--no-integrations` or FLAGADMIN_INTEGRATIONS=off; else the lease and how long an event is retried. */
export function integrationsConfig(values: Record<string, unknown>, env: Env, ms: Ms): false | Required<DeliverySettings> {
  const on = onOff(pickedEnv(env, 'FLAGADMIN_INTEGRATIONS'), true);
  const leaseMs = ms('integrations-lease', 'FLAGADMIN_INTEGRATIONS_LEASE_MS', DELIVERY_DEFAULTS.leaseMs, 100);
  const giveUpAfterMs = ms('integrations-give-up', 'FLAGADMIN_INTEGRATIONS_GIVE_UP_MS', DELIVERY_DEFAULTS.retry.giveUpAfterMs);
  return !values['no-integrations'] && on && { leaseMs, giveUpAfterMs };
}
