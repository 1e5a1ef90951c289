// The API key lives in this tab's session storage only: never in a URL, a cookie or a log.
const STORAGE_KEY = 'flagadmin.apiKey';

export function readKey(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
