/**
 * One sort order of the search index: every row's slot, sorted by a total order of rows (ties broken by
 * creation time and name, so no two rows compare equal), kept sorted as rows come, change and go (a binary
 * search and one move of the array's tail each), with each slot's rank computed again when asked after a change
 * (in an array as long as the highest slot the order has held, kept as slots come: no scan for it).
 */
export class SortedSlots<R> {
  private slots: Int32Array;
  private length = 0;
  private ranks: Int32Array | undefined;
  /** Above every slot in the order (slots are reused, so it stays near the index's slot count). */
  private slotBound = 0;

  constructor(
    readonly compare: (a: R, b: R) => number,
    private readonly rowAt: (slot: number) => R,
    all: Iterable<number>,
  ) {
    const sorted = [...all].sort((a, b) => compare(rowAt(a), rowAt(b)));
    this.slots = Int32Array.from(sorted);
    this.length = sorted.length;
    for (const slot of sorted) if (slot >= this.slotBound) this.slotBound = slot + 1;
  }

  get size(): number {
    return this.length;
  }

  /** The slot at a rank (0: first in the order). */
  at(rank: number): number {
    return this.slots[rank]!;
  }

  /** A slot's rank (recomputed for every slot once after a change); the slot must be in the order. */
  rank(slot: number): number {
    if (!this.ranks) {
      const ranks = new Int32Array(this.slotBound);
      for (let i = 0; i < this.length; i++) ranks[this.slots[i]!] = i;
      this.ranks = ranks;
    }
    return this.ranks[slot]!;
  }

  /** Adds the slot of `row` (not in the order yet) where `row` sorts. */
  insert(slot: number, row: R): void {
    const at = this.lowerBound(row);
    if (this.length === this.slots.length) {
      const grown = new Int32Array(Math.max(16, this.slots.length * 2));
      grown.set(this.slots);
      this.slots = grown;
    }
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    this.length++;
    if (slot >= this.slotBound) this.slotBound = slot + 1;
    this.ranks = undefined;
  }

  /** Removes the slot of `row`, found where `row` sorts (the row as it was when inserted). */
  remove(slot: number, row: R): void {
    let at = this.lowerBound(row);
    if (this.slots[at] !== slot) at = this.slots.subarray(0, this.length).indexOf(slot); // never expected: the order kept as it was
    if (at < 0) return;
    this.slots.copyWithin(at, at + 1, this.length);
    this.length--;
    this.ranks = undefined;
  }

  /** The first rank whose row does not sort before `row`. */
  private lowerBound(row: R): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.rowAt(this.slots[mid]!), row) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
