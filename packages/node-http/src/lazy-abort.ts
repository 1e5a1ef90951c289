/**
 * An AbortController made only when someone reads the signal. Most handlers never look at
 * request.signal, and handing undici's Request a signal costs more than the rest of the request.
 */
export class LazyAbort {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  get reason(): unknown {
    return this.#reason;
  }

  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}
