/**
 * The context fields every instance has (Unleash's, plus remoteAddress, which the SDKs fill in too): written
 * on a fresh storage and on existing data that lacks them; they can be changed but not deleted.
 */
import type { ContextFieldRecord } from '../base/vocabulary-records';
import type { Storage } from '../base/storage';

const builtin = (name: string, description: string, sortOrder: number, stickiness = false) => ({
  name,
  description,
  sortOrder,
  stickiness,
});

/** Unleash 8.2.0's built-ins with its descriptions and sort orders; remoteAddress last. */
export const BUILTIN_CONTEXT_FIELDS = [
  builtin('environment', 'Allows you to constrain on application environment', 0),
  builtin('userId', 'Allows you to constrain on userId', 1, true),
  builtin('appName', 'Allows you to constrain on application name', 2),
  builtin('currentTime', 'Allows you to constrain on date values', 3),
  builtin('sessionId', 'Allows you to constrain on sessionId', 4, true),
  builtin('remoteAddress', 'Allows you to constrain on remoteAddress', 5),
] as const;

const BUILTIN_NAMES: ReadonlySet<string> = new Set(BUILTIN_CONTEXT_FIELDS.map((f) => f.name));

export const isBuiltinContextField = (name: string): boolean => BUILTIN_NAMES.has(name);

/** Stickiness values that are no context field: Unleash's `default` (userId, then sessionId, then random) and `random`. */
export const STICKINESS_WITHOUT_FIELD: ReadonlySet<string> = new Set(['default', 'random']);

/** Writes the built-ins a storage lacks (one read when none is missing). */
export async function ensureBuiltinContextFields(storage: Storage, now: () => Date): Promise<void> {
  const missing = async (tx: Parameters<Parameters<Storage['read']>[0]>[0]) => {
    const out: ContextFieldRecord[] = [];
    for (const field of BUILTIN_CONTEXT_FIELDS) {
      if (!(await tx.get('contextFields', field.name)))
        out.push({ ...field, legalValues: [], project: null, createdAt: now().toISOString() });
    }
    return out;
  };
  if ((await storage.read(missing)).length === 0) return;
  await storage.write(async (tx) => {
    for (const field of await missing(tx)) await tx.put('contextFields', field);
  });
}
