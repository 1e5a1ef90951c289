import { sha256Hex } from './auth';

/** A stable avatar URL for a user or key name (Gravatar's identicon of its SHA-256). */
export async function avatarUrl(name: string): Promise<string> {
  return `https://gravatar.com/avatar/${await sha256Hex(name.trim().toLowerCase())}?s=42&d=retro&r=g`;
}
