import type { EvaluationContext } from './types';

/** The context's own fields a constraint, a stickiness or an override may name. */
const FIELDS = new Set(['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime']);

/**
 * A context field as the SDKs read it: the top-level field of that name, else the property of that
 * name, as a string; `undefined` when neither is set (null counts as unset). Only own members are
 * read, so a constraint on `toString` or `__proto__` finds nothing.
 */
export function contextValue(context: EvaluationContext, field: string): string | undefined {
  if (FIELDS.has(field)) {
    const value = context[field as keyof EvaluationContext];
    if (value !== undefined && value !== null) return String(value);
  }
  const properties = context.properties;
  if (properties && Object.hasOwn(properties, field)) {
    const value = properties[field];
    if (value !== undefined && value !== null) return String(value);
  }
  return undefined;
}
