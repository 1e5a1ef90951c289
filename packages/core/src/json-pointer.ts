/** JSON Pointers (RFC 6901) as user input: their segments, and the ones never allowed. */

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
