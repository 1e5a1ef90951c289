// Whether this process delivers events to the integrations, and with which lease and retry time; the key
// integration secrets are sealed with at rest.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { SETTING_PROBLEMS } from '@flagadmin/core';
import { DELIVERY_DEFAULTS } from '@flagadmin/integrations';
import { ConfigError } from './config-error';
import { fromEnv, onOff, pickedEnv, type Env, type Picked, type Picker } from './config-values';
import type { DeliverySettings } from './integrations';

/** The command-line flags of the settings (for parseArgs). */
export const INTEGRATIONS_FLAGS = {
  'no-integrations': { type: 'boolean' },
  'integrations-lease': { type: 'string' },
  'integrations-give-up': { type: 'string' },
  'secrets-key-file': { type: 'string' },
} as const;

type Ms = (flagName: string, envName: string, fallback: number, min?: number) => number;

/** Off with `--no-integrations` or FLAGADMIN_INTEGRATIONS=off; else the lease and how long an event is retried. */
export function integrationsConfig(values: Record<string, unknown>, env: Env, ms: Ms): false | Required<DeliverySettings> {
  const on = onOff(pickedEnv(env, 'FLAGADMIN_INTEGRATIONS'), true);
  const leaseMs = ms('integrations-lease', 'FLAGADMIN_INTEGRATIONS_LEASE_MS', DELIVERY_DEFAULTS.leaseMs, 100);
  const giveUpAfterMs = ms('integrations-give-up', 'FLAGADMIN_INTEGRATIONS_GIVE_UP_MS', DELIVERY_DEFAULTS.retry.giveUpAfterMs);
  return !values['no-integrations'] && on && { leaseMs, giveUpAfterMs };
}

/** The key integration secrets are sealed with, and the previous ones that only open what they sealed. */
export interface SecretsKeys {
  key: string;
  previousKeys: string[];
}

/** A start-up warning when the key's file may be read by others than its owner (its mode allows group or others). */
export function secretsKeyFileWarnings(pick: Picker, cwd: string): string[] {
  const file = pick('secrets-key-file', 'FLAGADMIN_SECRETS_KEY_FILE');
  if (!file) return [];
  const mode = statSync(resolve(cwd, file.value)).mode & 0o777;
  return mode & 0o077
    ? [`the secrets key file ${file.value} may be read by other users (mode ${mode.toString(8).padStart(3, '0')}): chmod 600 it`]
    : [];
}

/** A key as core's `secretsKey` takes it, checked by core's own rule before anything opens. */
function keyText(text: string, what: string): string {
  const problem = SETTING_PROBLEMS.secretsKey(text);
  if (problem) throw new ConfigError(`${what} ${problem}`);
  return text;
}

/** The key file's text (a ConfigError when it cannot be read); its path relative to `cwd`. */
function keyFile(picked: NonNullable<Picked>, cwd: string): string {
  try {
    return readFileSync(resolve(cwd, picked.value), 'utf8').trim();
  } catch (error) {
    throw new ConfigError(`${picked.what}: cannot read ${picked.value} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/**
 * FLAGADMIN_SECRETS_KEY, or the file of `--secrets-key-file` / FLAGADMIN_SECRETS_KEY_FILE (not both), and
 * FLAGADMIN_SECRETS_PREVIOUS_KEYS (comma-separated), each checked before anything opens; undefined when none.
 */
export function secretsConfig(pick: Picker, env: Env, cwd: string): SecretsKeys | undefined {
  const given = fromEnv(env, 'FLAGADMIN_SECRETS_KEY');
  const file = pick('secrets-key-file', 'FLAGADMIN_SECRETS_KEY_FILE');
  const previous = (fromEnv(env, 'FLAGADMIN_SECRETS_PREVIOUS_KEYS') ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (given !== undefined && file) throw new ConfigError(`FLAGADMIN_SECRETS_KEY and ${file.what} are both given: give one`);
  const key =
    given !== undefined
      ? keyText(given, 'FLAGADMIN_SECRETS_KEY')
      : file
        ? keyText(keyFile(file, cwd), `the key in ${file.value}`)
        : undefined;
  if (key === undefined) {
    if (previous.length > 0) throw new ConfigError('FLAGADMIN_SECRETS_PREVIOUS_KEYS is given without FLAGADMIN_SECRETS_KEY');
    return undefined;
  }
  return { key, previousKeys: previous.map((k, i) => keyText(k, `FLAGADMIN_SECRETS_PREVIOUS_KEYS (key ${i + 1})`)) };
}
