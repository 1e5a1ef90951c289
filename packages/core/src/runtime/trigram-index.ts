/**
 * The search index's index of text (a row's lower-case name and description, `query`'s substring match):
 * per trigram (three UTF-16 code units) the slots whose text held it, in compact growable lists. A word of
 * three units or more can only be in a text that holds each of its trigrams, so the shortest list of its
 * trigrams is a superset of the rows holding it; the caller tests each of those. Lists only grow: a slot
 * whose text changed (or that now holds another row) stays in its old lists until the index is rebuilt, which
 * the caller's test makes harmless; the owner rebuilds it once such stale entries outnumber the live ones.
 */
export class TrigramIndex {
  private readonly lists = new Map<number, { slots: Int32Array; length: number }>();
  /** Entries added, and entries known to be stale. */
  private entries = 0;
  private stale = 0;

  /** Files `slot` under every trigram of `text`. */
  add(slot: number, text: string): void {
    const seen = new Set<number>();
    for (let i = 0; i + 3 <= text.length; i++) {
      const key = trigramAt(text, i);
      if (seen.has(key)) continue;
      seen.add(key);
      let list = this.lists.get(key);
      if (!list) this.lists.set(key, (list = { slots: new Int32Array(4), length: 0 }));
      if (list.length === list.slots.length) {
        const grown = new Int32Array(list.slots.length * 2);
        grown.set(list.slots);
        list.slots = grown;
      }
      list.slots[list.length++] = slot;
      this.entries++;
    }
  }

  /** Notes that the entries of a text no longer held by its slot are stale. */
  dropped(text: string): void {
    this.stale += Math.max(0, text.length - 2);
  }

  /** Whether stale entries outnumber the live ones (time to rebuild). */
  get wasteful(): boolean {
    return this.stale > 1_000 && this.stale * 2 > this.entries;
  }

  /**
   * The slots that may hold `word` (a superset: a slot may come more than once, or no longer hold it), or
   * undefined when the word is shorter than a trigram (no bound from this index).
   */
  candidates(word: string): Int32Array | undefined {
    if (word.length < 3) return undefined;
    let shortest: { slots: Int32Array; length: number } | undefined;
    for (let i = 0; i + 3 <= word.length; i++) {
      const list = this.lists.get(trigramAt(word, i));
      if (!list) return new Int32Array(0);
      if (!shortest || list.length < shortest.length) shortest = list;
    }
    return shortest!.slots.subarray(0, shortest!.length);
  }
}

/** Three UTF-16 code units as one number (exact: below 2^48). */
const trigramAt = (text: string, i: number): number =>
  text.charCodeAt(i) * 4_294_967_296 + text.charCodeAt(i + 1) * 65_536 + text.charCodeAt(i + 2);
