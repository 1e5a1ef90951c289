/**
 * A reference model of what PATCH on a feature must answer: RFC 6902 / 6901 written independently of
 * the applier (immutable, recursive), then flagadmin's rules (variants denied, environment permission,
 * writable fields and their values, limits). It predicts the outcome class, and the document on 200.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type Outcome = { status: 200; document: Json } | { status: 400 | 403 | 409 };

export interface ModelRules {
  /** Environment names the acting key may change. */
  environments: readonly string[] | '*';
  maxOperations: number;
  maxTags: number;
}

const FEATURE_TYPES = ['release', 'experiment', 'operational', 'kill-switch', 'permission'];
const WRITABLE = ['description', 'type', 'stale', 'impressionData', 'archived', 'favorite', 'tags', 'environments'];
const OPS = ['add', 'remove', 'replace', 'copy', 'move', 'test'];

class Refused {
  constructor(readonly status: 400 | 403 | 409) {}
}
function refuse(status: 400 | 403 | 409): never {
  throw new Refused(status);
}

const own = (o: object, k: string): boolean => Object.hasOwn(o, k);
const isObject = (v: unknown): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : isObject(v)
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
          .join(',')}}`
      : JSON.stringify(v);
const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** RFC 6901: undefined when the text is not a pointer. */
function decode(pointer: unknown): string[] | undefined {
  if (typeof pointer !== 'string') return undefined;
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const parts = pointer.slice(1).split('/');
  if (parts.some((p) => /~[^01]|~$/.test(p))) return undefined;
  return parts.map((p) => p.split('~1').join('/').split('~0').join('~'));
}
const index = (s: string): number | undefined => (s === '0' || /^[1-9][0-9]*$/.test(s) ? Number(s) : undefined);

function lookup(doc: Json, path: string[]): { value: Json } | undefined {
  if (path.length === 0) return { value: doc };
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(doc)) {
    const i = index(head);
    return i !== undefined && i < doc.length ? lookup(doc[i]!, rest) : undefined;
  }
  return isObject(doc) && own(doc, head) ? lookup(doc[head]!, rest) : undefined;
}

/** A new document with `value` added (RFC 6902 add) at `path`, or undefined when the path cannot take it. */
function added(doc: Json, path: string[], value: Json): Json | undefined {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    if (Array.isArray(doc)) {
      const i = head === '-' ? doc.length : index(head);
      return i !== undefined && i <= doc.length ? [...doc.slice(0, i), value, ...doc.slice(i)] : undefined;
    }
    return isObject(doc) ? { ...doc, [head]: value } : undefined;
  }
  return rebuilt(doc, head, (child) => added(child, rest, value));
}

function removed(doc: Json, path: string[]): Json | undefined {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    if (Array.isArray(doc)) {
      const i = index(head);
      return i !== undefined && i < doc.length ? [...doc.slice(0, i), ...doc.slice(i + 1)] : undefined;
    }
    if (!isObject(doc) || !own(doc, head)) return undefined;
    const { [head]: _gone, ...kept } = doc;
    return kept;
  }
  return rebuilt(doc, head, (child) => removed(child, rest));
}

/** `doc` with its existing member `head` replaced by `change(member)`, or undefined. */
function rebuilt(doc: Json, head: string, change: (child: Json) => Json | undefined): Json | undefined {
  if (Array.isArray(doc)) {
    const i = index(head);
    if (i === undefined || i >= doc.length) return undefined;
    const child = change(doc[i]!);
    return child === undefined ? undefined : doc.map((v, k) => (k === i ? child : v));
  }
  if (!isObject(doc) || !own(doc, head)) return undefined;
  const child = change(doc[head]!);
  return child === undefined ? undefined : { ...doc, [head]: child };
}

const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];

/** The outcome class PATCH must answer for `ops` on `before`, for a key with `rules`. */
export function expectedOutcome(before: Json, ops: unknown, rules: ModelRules): Outcome {
  try {
    return { status: 200, document: run(before, ops, rules) };
  } catch (error) {
    if (error instanceof Refused) return { status: error.status };
    throw error;
  }
}

function run(before: Json, ops: unknown, rules: ModelRules): Json {
  if (!Array.isArray(ops)) return refuse(400);
  const parsed = ops.map((op: unknown) => {
    if (!isObject(op) || typeof op['op'] !== 'string' || !OPS.includes(op['op'])) return refuse(400);
    const name = op['op'];
    const path = decode(op['path']);
    const needsFrom = name === 'move' || name === 'copy';
    const from = needsFrom ? decode(op['from']) : [];
    if (typeof op['path'] !== 'string' || (needsFrom && typeof op['from'] !== 'string')) return refuse(400);
    if (['add', 'replace', 'test'].includes(name) && !own(op, 'value')) return refuse(400);
    if (!path || !from || [...path, ...from].some((s) => FORBIDDEN.includes(s))) return refuse(400);
    return { name, path, from, value: op['value'] as Json, pointers: needsFrom ? [op['path'], op['from']] : [op['path']] };
  });
  if (parsed.length > rules.maxOperations) refuse(400);

  let doc = before;
  let testFailed = false;
  for (const op of parsed) {
    const at = (path: string[]) => lookup(doc, path) ?? refuse(400);
    const next = (value: Json | undefined) => value ?? refuse(400);
    if (op.name === 'add') doc = next(added(doc, op.path, op.value));
    else if (op.name === 'remove') doc = op.path.length === 0 ? refuse(400) : next(removed(doc, op.path));
    else if (op.name === 'replace')
      doc = (at(op.path), op.path.length === 0 ? op.value : next(added(next(removed(doc, op.path)), op.path, op.value)));
    else if (op.name === 'test') testFailed = !same(at(op.path).value, op.value) || testFailed;
    else if (op.name === 'copy') doc = next(added(doc, op.path, at(op.from).value));
    else {
      const inside = op.from.length < op.path.length && op.from.every((s, k) => s === op.path[k]);
      const value = at(op.from).value;
      doc = inside ? refuse(400) : op.from.length === 0 ? value : next(added(next(removed(doc, op.from)), op.path, value));
    }
  }
  if (parsed.some((op) => op.pointers.some((p) => p === '/variants' || String(p).startsWith('/variants/')))) refuse(403);
  if (testFailed) refuse(409);
  checkEnvironmentPermission(before, doc, rules);
  checkWritable(before, doc, rules);
  // An archived feature is read-only: a patch with any fact that leaves it archived is a 400 (reviving is the one change).
  if ((before as { archived: boolean }).archived && (doc as { archived: boolean }).archived && hasFacts(before, doc)) refuse(400);
  return doc;
}

/** Whether a valid patched document states a fact (an event) against the original. */
function hasFacts(before: Json, after: Json): boolean {
  const b = before as { [key: string]: Json };
  const a = after as { [key: string]: Json };
  const fields = ['description', 'type', 'impressionData', 'stale', 'archived', 'favorite'];
  const tagSet = (tags: Json) => (tags as Json[]).map(canonical).sort();
  const enabled = (envs: Json) => (envs as { enabled: boolean }[]).map((e) => e.enabled);
  return (
    fields.some((key) => !same(b[key] ?? null, a[key] ?? null)) ||
    !same(tagSet(b['tags'] ?? []), tagSet(a['tags'] ?? [])) ||
    !same(enabled(b['environments'] ?? []), enabled(a['environments'] ?? []))
  );
}

function checkEnvironmentPermission(before: Json, after: Json, rules: ModelRules): void {
  if (rules.environments === '*' || !isObject(after) || !Array.isArray(after['environments'])) return;
  const was = (before as { environments: { name: string; enabled: boolean }[] }).environments;
  const now = after['environments'];
  was.forEach((env, i) => {
    const entry = now[i];
    const changed =
      isObject(entry) && entry['name'] === env.name && typeof entry['enabled'] === 'boolean' && entry['enabled'] !== env.enabled;
    if (changed && !(rules.environments as readonly string[]).includes(env.name)) refuse(403);
  });
}

function checkWritable(before: Json, after: Json, rules: ModelRules): void {
  const b = before as { [key: string]: Json };
  if (!isObject(after)) refuse(400);
  if (!same(Object.keys(after).sort(), Object.keys(b).sort())) refuse(400);
  for (const key of Object.keys(b)) if (!WRITABLE.includes(key) && !same(b[key], after[key])) refuse(400);
  const description = after['description'];
  if (!(description === null || (typeof description === 'string' && description.length <= 1000))) refuse(400);
  if (!FEATURE_TYPES.includes(after['type'] as string)) refuse(400);
  for (const key of ['stale', 'impressionData', 'archived', 'favorite']) if (typeof after[key] !== 'boolean') refuse(400);
  const tags = after['tags'];
  const tagOk = (t: Json) =>
    isObject(t) &&
    same(Object.keys(t).sort(), ['type', 'value']) &&
    [t['type'], t['value']].every((s) => typeof s === 'string' && s.length >= 1 && s.length <= 100);
  if (!Array.isArray(tags) || !tags.every(tagOk)) refuse(400);
  if (new Set(tags.map(canonical)).size !== tags.length || tags.length > rules.maxTags) refuse(400);
  const envs = after['environments'];
  const envsBefore = b['environments'] as Json[];
  if (!Array.isArray(envs) || envs.length !== envsBefore.length) refuse(400);
  for (const [i, env] of envsBefore.entries()) {
    const entry = envs[i];
    if (!isObject(entry) || typeof entry['enabled'] !== 'boolean') refuse(400);
    if (!same({ ...entry, enabled: null }, { ...(env as object), enabled: null })) refuse(400);
  }
}
