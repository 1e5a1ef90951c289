/** Bounds on one change request, so no request (and no apply) grows without limit; past one: 400 naming it. */
import { badData } from '../errors';

export const CHANGE_REQUEST_LIMITS = {
  /** Changes of one request (features and segments together). */
  changesPerRequest: 300,
  /** Comments of one request. */
  commentsPerRequest: 1000,
} as const;

export function requireUnderLimit(name: keyof typeof CHANGE_REQUEST_LIMITS, count: number, path: string): void {
  const limit = CHANGE_REQUEST_LIMITS[name];
  if (count > limit) throw badData(`A change request has at most ${limit} ${name === 'changesPerRequest' ? 'changes' : 'comments'} (limit ${name}).`, [{ message: `at most ${limit}`, path }]);
}
