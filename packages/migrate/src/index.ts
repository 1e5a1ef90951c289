/**
 * @flagadmin/migrate: moves a team between a running Unleash and flagadmin, either way, through Unleash's
 * admin API and flagadmin's admin operations (see README.md).
 */
import type { Admin, Principal } from '@flagadmin/core';
import { flagadminInstance } from './flagadmin-instance';
import { move, type MoveOptions } from './move';
import type { MoveSummary } from './summary';
import { MigrateError } from './errors';
import { unleashApi, type UnleashApi, type UnleashApiOptions } from './unleash-api';
import { unleashInstance } from './unleash-instance';

export { MigrateError, isMigrateError } from './errors';
export type { MigrateErrorName } from './errors';
export { KINDS, incomplete, summaryLines } from './summary';
export type { Kind, KindSummary, MoveSummary } from './summary';
export type { Progress } from './features';
export type { Instance } from './instance';
export { flagadminInstance, move, unleashApi, unleashInstance };
export type { MoveOptions, UnleashApiOptions };

export interface MigrateOptions extends Omit<MoveOptions, 'from' | 'to'> {
  /** The Unleash to read: its URL and an admin key (`fetch`, `timeoutMs` optional). */
  unleash: UnleashApiOptions;
  /** The flagadmin instance and who acts there (the bin: SYSTEM_PRINCIPAL). */
  admin: Admin;
  principal: Principal;
}

/** Reads a running Unleash and writes what flagadmin lacks or holds differently (`flagadmin migrate`). */
export function migrateFromUnleash(options: MigrateOptions): Promise<MoveSummary> {
  const { unleash, admin, principal, ...rest } = options;
  return move({ ...rest, from: unleashInstance(unleashApi(unleash)), to: flagadminInstance(admin, principal) });
}

/**
 * Writes flagadmin's state into a running Unleash (`flagadmin export --to`). Unleash's import takes a personal
 * access token or a service account's token, not an admin API token.
 */
export async function exportToUnleash(options: MigrateOptions): Promise<MoveSummary> {
  const { unleash, admin, principal, ...rest } = options;
  const api = unleashApi(unleash);
  await refuseAdminToken(api, unleash.key);
  return move({ ...rest, from: flagadminInstance(admin, principal), to: unleashInstance(api) });
}

/**
 * Unleash's import refuses admin API tokens (a 400 per import): known before anything is written, when
 * Unleash lists the key among its admin tokens.
 */
async function refuseAdminToken(api: UnleashApi, key: string): Promise<void> {
  const answer = await api.optional<{ tokens?: { secret?: string; type?: string }[] }>('GET', '/api/admin/api-tokens');
  if (answer?.tokens?.some((t) => t.secret === key && t.type === 'admin'))
    throw new MigrateError(
      'UnleashForbidden',
      "Unleash's import refuses admin API tokens: use a personal access token or a service account's token of an Unleash admin",
      403,
    );
}
