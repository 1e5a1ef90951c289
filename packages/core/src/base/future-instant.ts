import { badData } from './errors';

/**
 * A date-time the caller gives for later (a key's expiry, a change request's schedule), as ISO text:
 * a 400 naming the field unless it is a real instant after `now`. The schemas' `date-time` format is
 * a pattern only (`2099-01-01T99:00:00Z` passes it), so the instant itself is checked here.
 */
export function futureInstant(given: string, now: Date, field: string, what: string): string {
  const ms = Date.parse(given);
  const problem = Number.isNaN(ms)
    ? `${field} is not a real date and time`
    : ms <= now.getTime()
      ? `${field} must be in the future`
      : undefined;
  if (problem) throw badData(`${what}: ${problem} (it is ${given}).`, [{ message: problem, path: `/${field}` }]);
  return new Date(ms).toISOString();
}
