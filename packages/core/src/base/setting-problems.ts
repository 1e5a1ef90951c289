/**
 * The checks a host runs on its settings before anything opens (a bad one exits at once), the same
 * ones core runs when it starts: each answers what is wrong as text, or undefined when the value is good.
 */
import { originProblem, trustedOriginProblem } from './cors-origins';
import { secretsKeyProblem } from './secret-sealing';

export const SETTING_PROBLEMS = Object.freeze({
  /** An allowed or trusted origin: `*` or an exact origin (`https://app.example.com`). */
  origin: originProblem,
  /** A trusted origin (cookie-authenticated writes): an exact origin, never `*`. */
  trustedOrigin: trustedOriginProblem,
  /** A secrets key: 32 random bytes in base64. */
  secretsKey: secretsKeyProblem,
});
