/**
 * Passwords: what a host's hasher does, and the policy a new password must meet (Unleash's: the OWASP
 * strength test it runs, with passphrases not allowed).
 */

/**
 * Hashes and checks passwords. Core runs on hosts without node's crypto, so the host brings one
 * (`@flagadmin/node-http`'s `scryptPasswordHasher()` on Node). `hash` gives a self-describing string (its
 * salt and cost inside); `verify` compares in constant time.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

const MIN_LENGTH = 10;
const MAX_LENGTH = 128;

/** Each rule the password fails, in Unleash's words; empty when it is strong enough. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < MIN_LENGTH) problems.push(`The password must be at least ${MIN_LENGTH} characters long.`);
  if (password.length > MAX_LENGTH) problems.push(`The password must be fewer than ${MAX_LENGTH} characters.`);
  if (/(.)\1{2,}/u.test(password)) problems.push('The password may not contain sequences of three or more repeated characters.');
  if (!/[a-z]/.test(password)) problems.push('The password must contain at least one lowercase letter.');
  if (!/[A-Z]/.test(password)) problems.push('The password must contain at least one uppercase letter.');
  if (!/[0-9]/.test(password)) problems.push('The password must contain at least one number.');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('The password must contain at least one special character.');
  return problems;
}
