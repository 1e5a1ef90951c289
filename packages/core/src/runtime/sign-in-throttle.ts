/**
 * Password sign-ins per client address: a token bucket per address, kept in this process's memory (a
 * bounded map: the address unseen longest is forgotten first). It bounds guessing across many names from
 * one address, which the per-person lock (operations/login.ts) does not.
 */
import { AdminError } from '../base/errors';
import { SetupError } from '../base/setup-error';

export interface SignInLimitOptions {
  /** Sign-ins an address may start in a row (default 10). */
  burst?: number;
  /** Sign-ins an address gains back per minute (default 10, as Unleash's SIMPLE_LOGIN_LIMIT_PER_MINUTE). */
  perMinute?: number;
  /** Addresses remembered at most (default 10,000); past it the one unseen longest is forgotten. */
  addresses?: number;
}

export const DEFAULT_SIGN_IN_LIMIT = { burst: 10, perMinute: 10, addresses: 10_000 } as const;

interface Bucket {
  tokens: number;
  at: number;
}

export class SignInThrottle {
  readonly burst: number;
  readonly perMinute: number;
  readonly addresses: number;
  readonly #buckets = new Map<string, Bucket>();

  constructor(options: SignInLimitOptions = {}) {
    this.burst = positive('burst', options.burst ?? DEFAULT_SIGN_IN_LIMIT.burst);
    this.perMinute = positive('perMinute', options.perMinute ?? DEFAULT_SIGN_IN_LIMIT.perMinute);
    this.addresses = positive('addresses', options.addresses ?? DEFAULT_SIGN_IN_LIMIT.addresses);
  }

  /** Takes one sign-in for the address at `now` (ms): 0 when allowed, else the ms until the next one is. */
  take(address: string, now: number): number {
    const key = addressKey(address);
    const found = this.#buckets.get(key);
    const tokens = found ? Math.min(this.burst, found.tokens + (Math.max(0, now - found.at) * this.perMinute) / 60_000) : this.burst;
    if (found)
      this.#buckets.delete(key); // re-inserted last: the map's order is the order of last use
    else if (this.#buckets.size >= this.addresses) this.#buckets.delete(this.#buckets.keys().next().value!);
    if (tokens >= 1) {
      this.#buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    }
    this.#buckets.set(key, { tokens, at: now });
    return Math.ceil(((1 - tokens) * 60_000) / this.perMinute);
  }

  /**
   * Takes one sign-in for the address at `now` (ms), or refuses it: a 429 with `Retry-After` (seconds)
   * when its bucket is empty. Every way to sign in (password, single sign-on) asks here, so all answer alike.
   */
  takeSignIn(address: string, now: number): void {
    const wait = this.take(address, now);
    if (wait === 0) return;
    throw new AdminError('TooManyRequestsError', 'Too many sign-ins from your address: try again later.', {
      headers: { 'retry-after': String(Math.ceil(wait / 1000)) },
    });
  }

  /** How many addresses are remembered now. */
  get size(): number {
    return this.#buckets.size;
  }
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new SetupError('INVALID_LIMIT', `signInLimit.${name}: ${value} is not a positive integer.`);
  return value;
}

/**
 * The bucket an address counts in: an IPv4 address itself, an IPv6 address by its /64 network (one
 * host commonly holds a whole /64), an IPv4 address mapped into IPv6 as IPv4; anything else as given.
 */
export function addressKey(address: string): string {
  const text = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) return mapped[1]!;
  if (!text.includes(':') || !/^[0-9a-f:]+$/.test(text)) return text;
  const [head = '', tail] = text.split('::', 2) as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The address a sign-in came from: the socket's peer, or behind a proxy the host trusts (`trustProxy`)
 * the last `X-Forwarded-For` entry (the one that proxy added; the entries before it are the client's
 * word). Unknown (a host that tells no address): `unknown`, one bucket for all such requests.
 */
export function signInAddress(peer: string | undefined, forwardedFor: string | null, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return peer || 'unknown';
}
