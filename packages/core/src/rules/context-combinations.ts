/**
 * The advanced playground's contexts, as Unleash makes them: fields that are not text are left out
 * (and named), properties are flattened beside the standard fields, every value is split at its commas,
 * and every combination of the parts is one context (`{userId: "a,b", plan: "x,y"}` is four).
 */
import type { EvaluationContext } from '@flagadmin/evaluation';
import type { Limits } from '../base/limits';
import { contextFromBody } from './sdk-context';

export interface CombinedContext {
  /** The context as the answer shows it: every field at the root. */
  flat: Record<string, string>;
  context: EvaluationContext;
}

/**
 * Every context the request describes. `check(count)` is called with the number of contexts each time
 * it grows, before they are made, so a caller can refuse a request that would make too many.
 */
export function contextCombinations(
  raw: Record<string, unknown>,
  limits: Limits,
  check: (count: number) => void,
): { contexts: CombinedContext[]; removed: string[] } {
  const removed: string[] = [];
  const fields: [string, string[]][] = [];
  const add = (name: string, value: string) => fields.push([name, value.split(',')]);
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'appName') continue;
    if (name === 'properties' && typeof value === 'object' && value !== null) {
      for (const [property, text] of Object.entries(value)) if (typeof text === 'string') add(property, text);
    } else if (typeof value === 'string') add(name, value);
    else removed.push(name);
  }
  if (typeof raw['appName'] === 'string') add('appName', raw['appName']);
  contextFromBody(Object.fromEntries(fields.map(([name, values]) => [name, values[0]!])), limits);
  let count = 1;
  check(count);
  for (const [, values] of fields) {
    count *= values.length;
    check(count);
  }
  let flats: Record<string, string>[] = [{}];
  for (const [name, values] of fields) flats = flats.flatMap((flat) => values.map((value) => ({ ...flat, [name]: value })));
  return { contexts: flats.map((flat) => ({ flat, context: contextFromBody(flat, limits).context })), removed };
}
