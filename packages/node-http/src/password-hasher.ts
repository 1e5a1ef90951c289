import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** What `@flagadmin/core` takes as `passwordHasher` (declared here too: this package depends on no core). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

/** scrypt's cost: N (a power of two), r, p. The default is OWASP's floor for scrypt with some margin. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

const DEFAULT_COST: ScryptCost = { N: 32768, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Passwords hashed with node's scrypt (off the event loop, in libuv's pool), stored as
 * `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>` with a 16-byte random salt, so a later change of cost
 * still verifies older hashes. `verify` compares in constant time and is false for anything malformed.
 */
export function scryptPasswordHasher(cost: Partial<ScryptCost> = {}): PasswordHasher {
  const chosen = { ...DEFAULT_COST, ...cost };
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, chosen);
      return `scrypt$${chosen.N}$${chosen.r}$${chosen.p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    async verify(password, stored) {
      const parts = stored.split('$');
      if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
      const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
      if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
      const expected = Buffer.from(parts[5]!, 'base64');
      if (expected.length !== KEY_LENGTH) return false;
      const key = await derive(password, Buffer.from(parts[4]!, 'base64'), { N, r, p });
      return timingSafeEqual(key, expected);
    },
  };
}
