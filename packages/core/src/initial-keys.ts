/** Start-up keys (INIT_ADMIN_API_TOKENS / INIT_CLIENT_API_TOKENS): Unleash-shaped secrets whose scope comes from their prefix. */
import { parseSecret } from './auth';
import type { KeyType } from './records';
import { SetupError } from './setup-error';

export interface InitialKeys {
  admin?: readonly string[];
  client?: readonly string[];
}

export interface InitialKey {
  secret: string;
  type: KeyType;
  name: string;
  project: string;
  environment: string;
}

const LABELS = { admin: 'INIT_ADMIN_API_TOKENS', client: 'INIT_CLIENT_API_TOKENS' } as const;
const EXAMPLE_SCOPE = { admin: '*:*', client: '*:development' } as const;

/**
 * The start-up keys with their scope, in order (admin first). Throws a SetupError
 * (`INVALID_INITIAL_KEY`) naming the list and the position of the first malformed secret, or of a
 * client secret that does not name one environment.
 */
export function parseInitialKeys(input: InitialKeys): InitialKey[] {
  const keys: InitialKey[] = [];
  for (const type of ['admin', 'client'] as const) {
    const label = LABELS[type];
    (input[type] ?? []).forEach((secret, i) => {
      const scope = parseSecret(secret);
      if (!scope || scope.project === '[]') {
        throw new SetupError(
          'INVALID_INITIAL_KEY',
          `${label} entry ${i + 1} is not a valid secret: expected <project>:<environment>.<64 hex characters>, e.g. ${EXAMPLE_SCOPE[type]}.${'0'.repeat(64)}`,
        );
      }
      if (type === 'client' && scope.environment === '*') {
        throw new SetupError('INVALID_INITIAL_KEY', `${label} entry ${i + 1}: a client key names one environment, e.g. *:development.<64 hex>`);
      }
      keys.push({ secret, type, name: `init-${type}-token-${i + 1}`, ...scope });
    });
  }
  return keys;
}
