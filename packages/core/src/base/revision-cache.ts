/**
 * The one cache idiom of core: answers computed at one storage revision, by key. Between two commits an
 * answer cannot change, so it is served until the revision moves; then everything is dropped. Answers
 * that no write can change (a secret's hash, the OpenAPI document) are kept at revision 0 for good.
 * Bounded by `max` keys (cleared when full); with `weakKeys`, object keys are held weakly instead, so an
 * entry lives exactly as long as its key and needs no bound.
 */
export class RevisionCache<K, V> {
  private revision = -1;
  private answers: Map<K, V> | WeakMap<K & object, V>;
  /** Answers being computed at the current revision: callers asking meanwhile wait for the same one. */
  private computing = new Map<K, Promise<V>>();

  constructor(private readonly options: { max?: number; weakKeys?: boolean } = {}) {
    this.answers = this.empty();
  }

  /** The answer kept for this revision and key, if any. Seeing a new revision drops every answer. */
  peek(revision: number, key: K): V | undefined {
    if (revision !== this.revision) {
      this.revision = revision;
      this.answers = this.empty();
      this.computing = new Map();
      return undefined;
    }
    return this.answers.get(key as K & object);
  }

  /** Keeps an answer computed at `revision`; ignored when a newer revision was seen meanwhile. */
  set(revision: number, key: K, value: V): void {
    if (revision !== this.revision) return;
    const answers = this.answers;
    if (answers instanceof Map && answers.size >= (this.options.max ?? 64)) answers.clear();
    answers.set(key as K & object, value);
  }

  /**
   * The kept answer, or `compute()`'s, kept for the next caller at the same revision. Callers arriving
   * while it is computed wait for that computation instead of starting their own: after a commit, the
   * many requests that find the answer gone compute it once, not once each.
   */
  get(revision: number, key: K, compute: () => Promise<V>): Promise<V> {
    return this.join(revision, key, compute, false);
  }

  private async join(revision: number, key: K, compute: () => Promise<V>, rejoined: boolean): Promise<V> {
    const hit = this.peek(revision, key);
    if (hit !== undefined) return hit;
    const current = revision === this.revision;
    const running = current ? this.computing.get(key) : undefined;
    // That computation runs in its caller's transaction: when it fails (that transaction's own trouble, e.g.
    // a snapshot that found the database moved on, which its caller runs again), this caller does not fail
    // with an error that was never its. The first caller back starts the next computation and the others
    // wait for it; after a second failure each computes once in its own transaction.
    if (running) return running.catch(() => (rejoined ? this.computeOwn(revision, key, compute) : this.join(revision, key, compute, true)));
    const computing = compute();
    const computations = this.computing;
    if (current) computations.set(key, computing);
    try {
      const value = await computing;
      this.set(revision, key, value);
      return value;
    } finally {
      if (computations.get(key) === computing) computations.delete(key);
    }
  }

  private async computeOwn(revision: number, key: K, compute: () => Promise<V>): Promise<V> {
    const value = await compute();
    this.set(revision, key, value);
    return value;
  }

  private empty(): Map<K, V> | WeakMap<K & object, V> {
    return this.options.weakKeys ? new WeakMap<K & object, V>() : new Map<K, V>();
  }
}
