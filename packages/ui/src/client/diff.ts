// A readable diff of two JSON documents (an event's preData -> data): one entry per changed leaf.
export interface DiffEntry {
  /** e.g. `environments[production].enabled`, `tags[simple:ml]`, `description`. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Arrays of named objects (environments, strategies) or tags are compared by name, others by index. */
function keyOf(item: unknown, index: number): string {
  if (isObject(item)) {
    if (typeof item['name'] === 'string') return item['name'];
    if (typeof item['type'] === 'string' && typeof item['value'] === 'string') return `${item['type']}:${item['value']}`;
    if (typeof item['id'] === 'string' || typeof item['id'] === 'number') return String(item['id']);
  }
  return String(index);
}

function keyed(list: unknown[]): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const [i, item] of list.entries()) map.set(keyOf(item, i), item);
  return map;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

export function diffJson(before: unknown, after: unknown, path = ''): DiffEntry[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (before === undefined || before === null) {
    if (isObject(after) && path === '') return Object.keys(after).map((k) => ({ path: k, kind: 'added', after: after[k] as Json }));
    return [{ path, kind: 'added', after }];
  }
  if (after === undefined || after === null) return [{ path, kind: 'removed', before }];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => diffJson(before[k], after[k], join(path, k)));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const a = keyed(before);
    const b = keyed(after);
    const keys = [...new Set([...a.keys(), ...b.keys()])];
    return keys.flatMap((k) => diffJson(a.get(k), b.get(k), `${path}[${k}]`));
  }
  return [{ path, kind: 'changed', before, after }];
}
