/** The admin API calls the bench's route setups make (with the bench's admin key), and running a setup once per bin. */
import { BENCH_ADMIN_SECRET } from './dataset';

export async function adminCall<T>(url: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: BENCH_ADMIN_SECRET, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** `write` run once per bin URL, whichever of the routes sharing it runs first. */
export function oncePerBin(write: (url: string) => Promise<void>): (url: string) => Promise<void> {
  const written = new Map<string, Promise<void>>();
  return (url) => {
    if (!written.has(url)) written.set(url, write(url));
    return written.get(url)!;
  };
}
