/**
 * Unleash's filter grammar of its search routes: `OPERATOR:value,value...` (`IS:default`,
 * `IS_ANY_OF:release,experiment`, `INCLUDE:simple:my-tag`, `IS_ON_OR_AFTER:2024-01-28`). A parameter that
 * does not follow it, or names an operator the parameter does not take, is a 400 naming the parameter
 * (Unleash checks its query parameters against the same patterns). Also the paging numbers as Unleash
 * reads them: a limit out of range is the default, an offset that is not a positive number is 0.
 */
import { badData } from '../base/errors';

export const EQUALITY = ['IS', 'IS_NOT', 'IS_ANY_OF', 'IS_NONE_OF'] as const;
export const POSITIVE = ['IS', 'IS_ANY_OF'] as const;
export const INCLUSION = ['INCLUDE', 'DO_NOT_INCLUDE', 'INCLUDE_ALL_OF', 'INCLUDE_ANY_OF', 'EXCLUDE_IF_ANY_OF', 'EXCLUDE_ALL'] as const;
export const DATE = ['IS_BEFORE', 'IS_ON_OR_AFTER'] as const;

export type FilterOperator = (typeof EQUALITY)[number] | (typeof INCLUSION)[number] | (typeof DATE)[number];

export interface Filter {
  operator: FilterOperator;
  values: string[];
}

/** True when the filter keeps a record whose value is `value` (the equality operators). */
export function keepsValue(filter: Filter, value: string | null | undefined): boolean {
  const hit = value != null && filter.values.includes(value);
  return filter.operator === 'IS' || filter.operator === 'IS_ANY_OF' ? hit : !hit;
}

/**
 * The filter in query parameter `name`, or undefined when absent. `operators`: those it takes;
 * `value`: a pattern each value must match (dates: `\d{4}-\d{2}-\d{2}`).
 */
export function parseFilter(
  query: URLSearchParams | ReadonlyMap<string, string>,
  name: string,
  operators: readonly FilterOperator[],
  value?: RegExp,
): Filter | undefined {
  const text = query.get(name);
  if (text === null || text === undefined) return undefined;
  const colon = text.indexOf(':');
  const operator = text.slice(0, colon) as FilterOperator;
  const values = text
    .slice(colon + 1)
    .split(',')
    .map((v) => v.trim());
  const wrong = colon < 1 || !operators.includes(operator) || values.some((v) => v === '' || (value !== undefined && !value.test(v)));
  if (wrong) {
    const message = `${name} must be ${operators.join('|')}:<value>[,<value>...]${value ? ` with values matching ${value.source}` : ''}; got "${text.slice(0, 200)}"`;
    throw badData(`The query parameter ${message}`, [{ message, path: `/query/${name}` }]);
  }
  return { operator, values };
}

/** Unleash's paging: limit 1..max (else the default), offset a positive integer (else 0). */
export function paging(
  query: URLSearchParams | ReadonlyMap<string, string>,
  defaults: { limit: number; max: number },
): { offset: number; limit: number } {
  const limit = Number(query.get('limit') ?? defaults.limit);
  const offset = Number(query.get('offset') ?? 0);
  return {
    limit: Number.isInteger(limit) && limit > 0 && limit <= defaults.max ? limit : defaults.limit,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

/** A date filter's day as the instant it starts (UTC), in ms. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
export const DAY = /^\d{4}-\d{2}-\d{2}$/;
