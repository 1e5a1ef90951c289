// Hash routes (`#/projects/checkout`): the server serves one page, whatever path the UI is mounted at.
import { useEffect, useState } from 'preact/hooks';

export type Params = Record<string, string>;

export interface RouteMatch<V> {
  view: V;
  params: Params;
}

/** Matches a path such as `/projects/checkout` against patterns such as `/projects/:projectId`. */
export function matchRoute<V>(routes: readonly { pattern: string; view: V }[], path: string): RouteMatch<V> | null {
  const parts = path.split('/').filter(Boolean);
  for (const route of routes) {
    const pattern = route.pattern.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Params = Object.create(null) as Params;
    const ok = pattern.every((p, i) => {
      const part = parts[i]!;
      if (p.startsWith(':')) {
        try {
          params[p.slice(1)] = decodeURIComponent(part);
        } catch {
          return false;
        }
        return true;
      }
      return p === part;
    });
    if (ok) return { view: route.view, params };
  }
  return null;
}

/** The current route path, without the `#`. */
export const currentPath = (): string => location.hash.replace(/^#/, '') || '/';

export function useHashPath(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const update = () => setPath(currentPath());
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return path;
}

/** An href for a route path built from raw segments (each one encoded). */
export const href = (...segments: string[]): string => `#/${segments.map(encodeURIComponent).join('/')}`;
