/** A protected environment (Unleash's `protected`) can be neither changed nor deleted: 400 naming it. */
import { badData } from '../base/errors';
import type { EnvironmentRecord } from '../base/vocabulary-records';

export function requireUnprotected(environment: EnvironmentRecord, what: 'changed' | 'deleted'): void {
  if (environment.protected === true) throw badData(`The environment "${environment.name}" is protected and cannot be ${what}.`);
}
