/** Plain JSON values: equality, copies, freezing, depth. */

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
 * A deep copy of a JSON value (plain objects, arrays, primitives): faster than
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

/** Freezes a JSON value and everything in it: for results shared by many callers. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * True when `value` nests deeper than `max` levels (each array or object is one level). Iterative, so
 * a value of any depth is safe to ask about (recursive code, JSON.stringify included, overflows).
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The same question about JSON text before it is parsed: brackets outside strings, one pass. */
export function textNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

const [QUOTE, BACKSLASH, OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = ['"', '\\', '[', ']', '{', '}'].map((c) => c.charCodeAt(0));

/**
 * Whether JSON text holds the NUL character (U+0000), which JSON can only write as the escape `\u0000`
 * (an escape is one whose backslash is not itself escaped: an odd run of backslashes). One pass.
 */
export function textHoldsNul(text: string): boolean {
  for (let at = text.indexOf('u0000'); at !== -1; at = text.indexOf('u0000', at + 5)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 1) return true;
  }
  return false;
}
