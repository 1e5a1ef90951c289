type TypedArray = Float64Array | Uint32Array;

/** An append-only typed array that doubles its capacity: a compact list of numbers. */
class Growable<A extends TypedArray> {
  private data: A;
  length = 0;

  constructor(
    private readonly make: (capacity: number) => A,
    capacity = 16,
  ) {
    this.data = make(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  at(index: number): number {
    return this.data[index]!;
  }

  /** A view of the used part; valid until the next push. */
  view(): A {
    return this.data.subarray(0, this.length) as A;
  }
}

/** Byte offsets (exact as doubles up to 2^53). */
export class OffsetList extends Growable<Float64Array> {
  constructor(capacity?: number) {
    super((n) => new Float64Array(n), capacity);
  }
}

/** Event positions (0-based, so event id - 1). */
export class PositionList extends Growable<Uint32Array> {
  constructor(capacity?: number) {
    super((n) => new Uint32Array(n), capacity);
  }
}
