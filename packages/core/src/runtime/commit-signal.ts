/**
 * "Something was committed": from the storage's `onCommit` (every process's commits, when the storage
 * can tell), else from this instance's own writes. The storage is subscribed to only while someone
 * listens here, so an instance without open streams holds no database listener.
 */
import type { Storage } from '../base/storage';

export class CommitSignal {
  private readonly listeners = new Set<() => void>();
  private detach: (() => void) | undefined;

  constructor(private readonly storage: Storage) {}

  /** Calls `listener` after commits (see Storage.onCommit for what a call means); returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    const own = () => listener();
    this.listeners.add(own);
    if (this.storage.onCommit && !this.detach) this.detach = this.storage.onCommit(() => this.fire());
    return () => {
      this.listeners.delete(own);
      if (this.listeners.size === 0 && this.detach) {
        this.detach();
        this.detach = undefined;
      }
    };
  }

  /** This instance committed a write: told to listeners when the storage does not tell them itself. */
  wrote(): void {
    if (!this.storage.onCommit) this.fire();
  }

  private fire(): void {
    for (const listener of this.listeners) listener();
  }
}
