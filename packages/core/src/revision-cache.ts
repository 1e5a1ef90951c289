import type { AdminContext } from './context';

/**
 * Answers computed at one storage revision, by query: between two commits they cannot change.
 * Everything is dropped when the revision moves; bounded by `max` queries.
 */
export class RevisionCache<V> {
  private revision = -1;
  private readonly answers = new Map<string, V>();

  constructor(private readonly max = 64) {}

  async get(revision: number, query: string, compute: () => Promise<V>): Promise<V> {
    if (revision !== this.revision) {
      this.revision = revision;
      this.answers.clear();
    }
    const hit = this.answers.get(query);
    if (hit !== undefined) return hit;
    const value = await compute();
    if (this.revision === revision) {
      if (this.answers.size >= this.max) this.answers.clear();
      this.answers.set(query, value);
    }
    return value;
  }
}

/** One cache per context (so two instances over two storages never share answers). */
export function cachePerContext<V>(max?: number): (ctx: AdminContext) => RevisionCache<V> {
  const caches = new WeakMap<AdminContext, RevisionCache<V>>();
  return (ctx) => {
    let cache = caches.get(ctx);
    if (!cache) caches.set(ctx, (cache = new RevisionCache<V>(max)));
    return cache;
  };
}
