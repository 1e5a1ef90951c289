/**
 * Start-up keys (INIT_ADMIN_API_TOKENS / INIT_CLIENT_API_TOKENS / INIT_BACKEND_API_TOKENS): Unleash-shaped
 * secrets whose scope comes from their prefix. Backend keys are client keys stored as `backend`, as Unleash 8 does.
 */
import { parseSecret } from './auth';
import type { KeyType } from './records';
import { SetupError } from './setup-error';

export interface InitialKeys {
  admin?: readonly string[];
  client?: readonly string[];
  /** Unleash's current name for client keys (INIT_BACKEND_API_TOKENS): stored with type `backend`. */
  backend?: readonly string[];
}

/** Why a start-up secret is easy to guess: too short, published (Unleash's examples), or few distinct characters. */
export type KeyWeakness = 'short' | 'well-known' | 'repetitive';

export interface InitialKey {
  secret: string;
  type: KeyType;
  name: string;
  project: string;
  environment: string;
  /** Set when the secret is easy to guess: accepted (Unleash setups use such keys), and the bin warns. */
  weakness?: KeyWeakness;
}

const LABELS = { admin: 'INIT_ADMIN_API_TOKENS', client: 'INIT_CLIENT_API_TOKENS', backend: 'INIT_BACKEND_API_TOKENS' } as const;
const EXAMPLE_SCOPE = { admin: '*:*', client: '*:development', backend: '*:development' } as const;
const INITIAL_TYPES = ['admin', 'client', 'backend'] as const;
/** Fewer characters than this after the dot: guessable (Unleash generates 56 hex, flagadmin 64). */
const STRONG_LENGTH = 32;
const STRONG_DISTINCT = 8;
/** Secret parts published in Unleash's documentation and compose files. */
const WELL_KNOWN = /insecure|^(changeme|secret|password|token)$/i;

/** Why a secret part (after the dot) is weak, or undefined when it is not. */
export function secretWeakness(secretPart: string): KeyWeakness | undefined {
  if (WELL_KNOWN.test(secretPart)) return 'well-known';
  if (secretPart.length < STRONG_LENGTH) return 'short';
  if (new Set(secretPart).size < STRONG_DISTINCT) return 'repetitive';
  return undefined;
}

/**
 * The start-up keys with their scope, in order (admin first). Throws a SetupError
 * (`INVALID_INITIAL_KEY`) naming the list and the position of the first malformed secret, or of a
 * client secret that does not name one environment.
 */
export function parseInitialKeys(input: InitialKeys): InitialKey[] {
  const keys: InitialKey[] = [];
  for (const type of INITIAL_TYPES) {
    const label = LABELS[type];
    (input[type] ?? []).forEach((secret, i) => {
      const parsed = parseSecret(secret);
      if (!parsed || parsed.project === '[]') {
        throw new SetupError(
          'INVALID_INITIAL_KEY',
          `${label} entry ${i + 1} is not a valid secret: expected <project>:<environment>.<secret>, e.g. ${EXAMPLE_SCOPE[type]}.<56 or 64 hex characters>`,
        );
      }
      if (type !== 'admin' && parsed.environment === '*') {
        throw new SetupError(
          'INVALID_INITIAL_KEY',
          `${label} entry ${i + 1}: a ${type} key names one environment, e.g. *:development.<secret>`,
        );
      }
      const weakness = secretWeakness(parsed.secretPart);
      keys.push({
        secret,
        type,
        name: `init-${type}-token-${i + 1}`,
        project: parsed.project,
        environment: parsed.environment,
        ...(weakness ? { weakness } : {}),
      });
    });
  }
  return keys;
}

const WEAKNESS_TEXT: Record<KeyWeakness, string> = {
  short: `shorter than ${STRONG_LENGTH} characters after the dot`,
  'well-known': 'a published example secret',
  repetitive: `made of fewer than ${STRONG_DISTINCT} distinct characters`,
};

/** One line per weak start-up key, naming its list and position, never the secret. */
export function weakInitialKeyWarnings(input: InitialKeys): string[] {
  return INITIAL_TYPES.flatMap((type) =>
    parseInitialKeys({ [type]: input[type] ?? [] }).flatMap((key, i) =>
      key.weakness
        ? [
            `${LABELS[type]} entry ${i + 1} is a weak secret (${WEAKNESS_TEXT[key.weakness]}): anyone who guesses it gets a ${type} key; use 56 or more random hex characters`,
          ]
        : [],
    ),
  );
}
