// The small readers every part of the bin's settings shares: an environment value, a picked flag or
// variable, an integer, an on/off switch, a comma-separated list of origins.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SETTING_PROBLEMS } from '@flagadmin/core';
import { ConfigError } from './config-error';

export type Env = Readonly<Record<string, string | undefined>>;

/** A setting's value and where it came from (`--flag` or the variable's name), or undefined when not given. */
export type Picked = { value: string; what: string } | undefined;
export type Picker = (flagName: string, envName: string) => Picked;

/** An environment value, with the empty string counted as unset. */
export function fromEnv(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function integer(value: string, what: string, min: number, max: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new ConfigError(`${what} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return n;
}

const SWITCH: Readonly<Record<string, boolean>> = {
  on: true,
  true: true,
  '1': true,
  yes: true,
  off: false,
  false: false,
  '0': false,
  no: false,
};

/** on/off (true/false, 1/0, yes/no), or `fallback` when not given. */
export function onOff(picked: Picked, fallback: boolean): boolean {
  if (picked === undefined) return fallback;
  const value = SWITCH[picked.value.toLowerCase()];
  if (value === undefined) throw new ConfigError(`${picked.what} must be on or off, got ${JSON.stringify(picked.value)}`);
  return value;
}

/** An environment variable as a picked value (an on/off that has no flag of its own). */
export const pickedEnv = (env: Env, name: string): Picked => {
  const value = fromEnv(env, name);
  return value === undefined ? undefined : { value, what: name };
};

/**
 * Comma-separated origins (trimmed, empty entries dropped), each checked as core checks it, so a bad one
 * exits 2 before anything opens; `setting` names it as core does. `*` (any origin) only where `anyAllowed`.
 */
export function originList(picked: Picked, setting: string, anyAllowed: boolean): string[] | undefined {
  const origins = picked?.value
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins ?? []) {
    const problem = (anyAllowed ? SETTING_PROBLEMS.origin : SETTING_PROBLEMS.trustedOrigin)(origin);
    if (problem) throw new ConfigError(`${setting}: ${problem}.`);
  }
  return origins;
}

/** The command line's flags by name (no positionals), or a ConfigError with node's first sentence as its message. */
export function parseFlags(argv: readonly string[], options: NonNullable<ParseArgsConfig['options']>): Record<string, unknown> {
  try {
    return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    // node's messages run over several sentences; the first one says what is wrong.
    const message = error instanceof Error ? error.message.split('\n')[0]!.replace(/\. To specify a positional.*$/, '') : String(error);
    throw new ConfigError(message.replace(/\.$/, ''));
  }
}
