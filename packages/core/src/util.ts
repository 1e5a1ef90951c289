/** Structural equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * A deep copy of a JSON value (plain objects, arrays, primitives): several times faster than
 * `structuredClone` on documents like a feature, which matters on the PATCH path.
 */
export function jsonClone<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(jsonClone) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const copy = jsonClone((value as Record<string, unknown>)[key]);
    // An own "__proto__" key (JSON.parse makes one) stays a plain key, never the copy's prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[key] = copy;
  }
  return out as T;
}

/** Path segments that could reach an object prototype; never allowed in user-supplied paths. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/** The unescaped segments of a JSON Pointer (RFC 6901). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export const hasForbiddenSegment = (pointer: string): boolean => pointerSegments(pointer).some((s) => FORBIDDEN_SEGMENTS.has(s));

export function isUrlSafeName(name: string): boolean {
  return name.length >= 1 && name.length <= 100 && name !== '.' && name !== '..' && encodeURIComponent(name) === name;
}

/** `"<version>"`: a strong ETag. */
export const etagOf = (version: number): string => `"${version}"`;

/** RFC 9110 If-Match: `*` or a list of strong entity tags; a weak tag never matches. */
export function ifMatchAccepts(header: string, etag: string): boolean {
  const value = header.trim();
  if (value === '*') return true;
  return value.split(',').some((tag) => tag.trim() === etag);
}

/** Freezes a JSON value and everything in it: for results shared by many callers. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
