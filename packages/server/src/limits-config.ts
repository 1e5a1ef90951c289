// The instance's limits from the command line (`--limit name=n`, repeatable) and the environment
// (`FLAGADMIN_LIMIT_<NAME>`, e.g. FLAGADMIN_LIMIT_TAGS_PER_FEATURE); flags win. Names are core's.
import { LIMIT_NAMES, type Limits } from '@flagadmin/core';
import { ConfigError } from './config-error';

type Env = Readonly<Record<string, string | undefined>>;

/** tagsPerFeature -> FLAGADMIN_LIMIT_TAGS_PER_FEATURE */
export const limitEnvName = (name: keyof Limits): string => `FLAGADMIN_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

const MAX_LIMIT = 1_000_000_000;

function limitValue(value: string, what: string): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_LIMIT)
    throw new ConfigError(`${what} must be an integer from 1 to ${MAX_LIMIT}, got ${JSON.stringify(value)}`);
  return n;
}

/** The overrides of core's default limits, or ConfigError naming the flag or variable that is wrong. */
export function limitsConfig(flags: readonly string[], env: Env): Partial<Limits> {
  const limits: Partial<Limits> = {};
  for (const name of LIMIT_NAMES) {
    const value = env[limitEnvName(name)]; // read every name, so each counts as known
    if (value !== undefined && value.trim() !== '') limits[name] = limitValue(value, limitEnvName(name));
  }
  for (const flag of flags) {
    const at = flag.indexOf('=');
    const name = at < 0 ? flag : flag.slice(0, at);
    const value = at < 0 ? undefined : flag.slice(at + 1); // all of it: '5=9' is not a number
    if (!(LIMIT_NAMES as string[]).includes(name) || value === undefined) {
      throw new ConfigError(`--limit wants name=number with a name among ${LIMIT_NAMES.join(', ')}, got ${JSON.stringify(flag)}`);
    }
    limits[name as keyof Limits] = limitValue(value, `--limit ${name}`);
  }
  return limits;
}
