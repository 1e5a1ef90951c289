/**
 * Secrets sealed at rest: AES-256-GCM through WebCrypto (`crypto.subtle`, on every host core runs on), a fresh
 * random 12-byte IV per value, and what the value belongs to (e.g. an integration's id and parameter name)
 * bound as additional data, so a sealed value copied to another place does not open there. The stored text
 * is `flagadmin-sealed:v1:<key id>:<base64url of IV and ciphertext>`: the version lets a later format be
 * added, the key id (the first 8 hex digits of the key's SHA-256) says which key sealed it, so previous keys
 * open what they sealed while the current key seals everything new (rotation).
 */

/** The start of every sealed value's text. */
export const SEALED_PREFIX = 'flagadmin-sealed:v1:';
const SEALED = /^flagadmin-sealed:v1:([0-9a-f]{8}):([A-Za-z0-9_-]+)$/;
const IV_BYTES = 12;
/** A key: 32 bytes in base64 (or base64url), padded or not, e.g. `openssl rand -base64 32`. */
const KEY_TEXT = /^[A-Za-z0-9+/_-]{43}=?$/;

export interface SecretSealer {
  /** The text to store for `plain`, bound to `boundTo` (opening it needs the same). */
  seal(plain: string, boundTo: string): Promise<string>;
  /** The plain text of a sealed value; throws a SealedSecretError when no key given opens it. */
  open(sealed: string, boundTo: string): Promise<string>;
  /** Whether a sealed value was sealed by one of the previous keys (by its key id). */
  byPreviousKey(sealed: string): Promise<boolean>;
}

/** A sealed value that cannot be opened: sealed by a key not given, altered, or bound to something else. */
export class SealedSecretError extends Error {
  override readonly name = 'SealedSecretError';
}

/** Whether a stored value is a sealed one (by its text; what it holds is checked when it is opened). */
export const isSealed = (value: unknown): value is string => typeof value === 'string' && SEALED.test(value);

/** Why a key's text is not one (a sentence naming what is wanted), or undefined when it is. */
export function secretsKeyProblem(text: string): string | undefined {
  return KEY_TEXT.test(text) ? undefined : 'must be 32 random bytes in base64, 43 or 44 characters (make one: openssl rand -base64 32)';
}

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')), (c) => c.charCodeAt(0));
const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const utf8 = (text: string) => new TextEncoder().encode(text);

interface Key {
  id: string;
  key: CryptoKey;
}

async function importKey(text: string): Promise<Key> {
  const raw = fromBase64(text);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', raw));
  // Hex spelled out here rather than base/auth's toHex: this file imports nothing, so Deno and Bun run it as it is.
  const id = [...digest.slice(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { id, key: await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']) };
}

/**
 * A sealer over `key` (which seals) and `previousKeys` (which only open what they sealed). The keys' texts
 * must pass `secretsKeyProblem` (the caller checks them first and says which setting is wrong); they are
 * imported at the first use.
 */
export function secretSealer(key: string, previousKeys: readonly string[] = []): SecretSealer {
  let keys: Promise<Key[]> | undefined;
  const imported = () => (keys ??= Promise.all([key, ...previousKeys].map(importKey)));
  return {
    async seal(plain, boundTo) {
      const [current] = await imported();
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8(boundTo) }, current!.key, utf8(plain)),
      );
      const bytes = new Uint8Array(IV_BYTES + sealed.length);
      bytes.set(iv);
      bytes.set(sealed, IV_BYTES);
      return `${SEALED_PREFIX}${current!.id}:${toBase64Url(bytes)}`;
    },
    async byPreviousKey(text) {
      const id = SEALED.exec(text)?.[1];
      return (await imported()).slice(1).some((k) => k.id === id);
    },
    async open(text, boundTo) {
      const [, id, body] = SEALED.exec(text) ?? [];
      if (id === undefined || body === undefined) throw new SealedSecretError('the stored value is not a sealed secret');
      const found = (await imported()).find((k) => k.id === id);
      if (!found) throw new SealedSecretError(`sealed with a key this process was not given (key id ${id})`);
      const bytes = fromBase64(body);
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: utf8(boundTo) },
          found.key,
          bytes.slice(IV_BYTES),
        );
        return new TextDecoder().decode(plain);
      } catch {
        throw new SealedSecretError('the sealed value does not open: altered, or sealed for another place');
      }
    },
  };
}
