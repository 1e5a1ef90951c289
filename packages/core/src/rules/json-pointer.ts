/** JSON Pointers (RFC 6901) as user input: their grammar, their segments, and the ones never allowed. */

/** Path segments that could reach an object prototype; never allowed in user-supplied paths. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `~` must be followed by `0` or `1`; every pointer but the whole document starts with `/`. A `/` only
 * ever starts a segment, so a string matches one way and a failing one fails in linear time (user input).
 */
const POINTER = /^(?:\/(?:[^~/]|~[01])*)*$/;

/** Array indices are `0` or digits without a leading zero (RFC 6901 §4); `-` is handled by the caller. */
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** True when `pointer` follows RFC 6901's grammar. */
export const isPointer = (pointer: string): boolean => POINTER.test(pointer);

/** The unescaped segments of a JSON Pointer (RFC 6901): `~1` is `/`, then `~0` is `~`. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  const segments = pointer.split('/');
  segments.shift();
  return pointer.includes('~') ? segments.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')) : segments;
}

/** The array index a segment names, or undefined when it is not one (`01`, `-1`, `1e3`, empty). */
export function arrayIndex(segment: string): number | undefined {
  return ARRAY_INDEX.test(segment) ? Number(segment) : undefined;
}

export const hasForbiddenSegment = (pointer: string): boolean => pointerSegments(pointer).some((s) => FORBIDDEN_SEGMENTS.has(s));
