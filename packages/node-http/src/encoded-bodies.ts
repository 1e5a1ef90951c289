/**
 * The UTF-8 bytes of the last few large answer bodies. A handler that keeps its answers (flagadmin serves
 * one events page per storage revision) hands the very same string again and again; encoding a 200 KB
 * page costs more than the rest of its request, so the bytes are kept and the string is looked up by
 * identity (a string's hash is computed once and kept by the engine).
 */
export class EncodedBodies {
  private readonly bytes = new Map<string, Buffer>();

  constructor(
    /** Bodies shorter than this many characters are sent as strings (encoding them is cheap). */
    private readonly minLength = 8 * 1024,
    private readonly maxEntries = 32,
  ) {}

  /** The body's bytes when it is large (kept for the next identical body), else the string itself. */
  of(body: string): string | Buffer {
    if (body.length < this.minLength || this.maxEntries === 0) return body;
    const kept = this.bytes.get(body);
    if (kept) {
      this.bytes.delete(body);
      this.bytes.set(body, kept);
      return kept;
    }
    const encoded = Buffer.from(body, 'utf8');
    this.bytes.set(body, encoded);
    if (this.bytes.size > this.maxEntries) this.bytes.delete(this.bytes.keys().next().value!);
    return encoded;
  }
}
