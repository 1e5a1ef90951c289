import { useState } from 'preact/hooks';

/** Names ticked in a table (flags to act on together). */
export interface Selection {
  has(name: string): boolean;
  /** Ticks (or unticks) these names. */
  tick(names: readonly string[], on: boolean): void;
  clear(): void;
}

/** The names ticked in a table, kept across its reloads until cleared. */
export function useSelection(): Selection {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  return {
    has: (name) => ticked.has(name),
    tick: (names, on) =>
      setTicked((t) => {
        const next = new Set(t);
        for (const n of names) {
          if (on) next.add(n);
          else next.delete(n);
        }
        return next;
      }),
    clear: () => setTicked(new Set()),
  };
}
