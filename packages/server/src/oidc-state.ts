// The record of one sign-in under way (state, nonce, PKCE verifier, redirect URI, expiry), kept by the
// browser in an HttpOnly cookie sealed with AES-256-GCM: the browser can neither read nor change it, any
// process holding the same client secret can open it, and it binds the callback to the browser that
// started the sign-in. Each state is good once per process (the issuer's code is good once anywhere).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface LoginRecord {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  /** Milliseconds since the epoch after which the record is refused. */
  expiresAt: number;
}

/** How long a sign-in may take at the issuer. */
export const LOGIN_RECORD_TTL_MS = 10 * 60 * 1000;
/** The most consumed states remembered; past it the oldest is forgotten (the issuer still refuses its code). */
const CONSUMED_LIMIT = 10_000;

export interface LoginRecords {
  seal(record: LoginRecord): string;
  /** The record of a cookie value, or null when it is malformed, forged or expired (`consume` tells a used one). */
  open(sealed: string, now: number): LoginRecord | null;
  /** Marks the record's state used: a second callback with it is refused. False when it already was. */
  consume(record: LoginRecord, now: number): boolean;
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

export function loginRecords(clientSecret: string): LoginRecords {
  const key = Buffer.from(hkdfSync('sha256', clientSecret, 'flagadmin', 'oidc login record', 32));
  const consumed = new Map<string, number>();
  return {
    seal(record) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(record), 'utf8'), cipher.final()]);
      return `${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
    },
    open(sealed, now) {
      const parts = sealed.split('.');
      if (parts.length !== 3 || sealed.length > 2048) return null;
      try {
        const [iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
        if (iv.length !== 12 || tag.length !== 16) return null; // a shortened tag would be easier to forge
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
        decipher.setAuthTag(tag);
        const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
        const record = JSON.parse(text) as LoginRecord;
        return record.expiresAt > now ? record : null;
      } catch {
        return null; // forged or damaged: the authentication tag does not match
      }
    },
    consume(record, now) {
      for (const [state, expiresAt] of consumed) {
        if (expiresAt > now && consumed.size < CONSUMED_LIMIT) break;
        consumed.delete(state);
      }
      if (consumed.has(record.state)) return false;
      consumed.set(record.state, record.expiresAt);
      return true;
    },
  };
}
