import { constants, brotliCompressSync, createBrotliCompress, createGzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { Transform } from 'node:stream';

export type Encoding = 'br' | 'gzip';

export interface CompressionOptions {
  /** Bodies smaller than this many bytes go out as they are. Default 1024. */
  threshold?: number;
  /** How many compressed whole bodies are kept for the next identical answer. Default 32; 0 = none. */
  cacheEntries?: number;
}

/** Compression as the listener uses it: the resolved options and the cache of compressed bodies. */
export interface Compressor {
  readonly threshold: number;
  /** Whether a response of this type varies with Accept-Encoding (worth a `Vary` header; never an event stream). */
  applies(contentType: string | undefined): boolean;
  /** A whole body, compressed (the last few bodies' results are reused: cached answers repeat). */
  whole(body: string | Uint8Array, encoding: Encoding): Buffer;
  /** A compressing stream for a body of unknown length. */
  stream(encoding: Encoding): Transform;
}

// Brotli quality 4 and gzip level 6: most of the size gain for a fraction of the CPU of the maxima
// (brotli's default quality 11 costs milliseconds per 30 KiB).
const BROTLI: BrotliOptions = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP: ZlibOptions = { level: 6 };
const COMPRESSIBLE = /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded)|image\/svg\+xml)/i;

/**
 * Recent `Accept-Encoding` values and their answers: a fleet of clients sends a handful of distinct
 * values, each on every request. Bounded (cleared when full), so odd values cannot grow it.
 */
const negotiated = new Map<string, Encoding | null>();
const MAX_NEGOTIATED = 64;

/** `Accept-Encoding` read with q-values: the best of br and gzip the client accepts (br on a tie), or null. */
export function negotiate(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let answer = negotiated.get(acceptEncoding);
  if (answer === undefined) {
    answer = preferredEncoding(acceptEncoding);
    if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
    negotiated.set(acceptEncoding, answer);
  }
  return answer;
}

function preferredEncoding(acceptEncoding: string): Encoding | null {
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    let weight = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/.exec(param);
      if (m) weight = Math.min(1, Number(m[1]));
    }
    if (!q.has(token.trim())) q.set(token.trim(), weight);
  }
  const weight = (name: Encoding) => q.get(name) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

export function createCompressor(options: CompressionOptions = {}): Compressor {
  const threshold = options.threshold ?? 1024;
  const maxEntries = options.cacheEntries ?? 32;
  const caches: Record<Encoding, Map<string | Uint8Array, Buffer>> = { br: new Map(), gzip: new Map() };
  const applies = (contentType: string | undefined) =>
    contentType !== undefined && COMPRESSIBLE.test(contentType) && !/^text\/event-stream/i.test(contentType);
  return {
    threshold,
    applies,
    whole(body, encoding) {
      const cache = caches[encoding];
      // Strings are compared by value, so an identical answer built again still hits.
      const hit = cache.get(body);
      if (hit) {
        cache.delete(body);
        cache.set(body, hit);
        return hit;
      }
      const compressed = encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP);
      if (maxEntries > 0 && typeof body === 'string') {
        cache.set(body, compressed);
        if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
      }
      return compressed;
    },
    stream: (encoding) => (encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip(GZIP)),
  };
}

/** `Vary` with Accept-Encoding added (once) to what the handler already set. */
export function varyWithEncoding(vary: string | number | string[] | undefined): string {
  if (vary === undefined) return 'Accept-Encoding';
  const existing = String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(existing)) return existing;
  return existing ? `${existing}, Accept-Encoding` : 'Accept-Encoding';
}

type HeaderBag = Record<string, string | number | string[] | undefined>;

/** Whether an answer of this status and headers may be compressed at all (length aside). */
function eligible(compressor: Compressor, status: number, headers: HeaderBag): boolean {
  if (status < 200 || status === 204 || status === 304) return false;
  const type = headers['content-type'];
  if (typeof type !== 'string' || !compressor.applies(type) || headers['content-encoding'] !== undefined) return false;
  const cacheControl = headers['cache-control'];
  return cacheControl === undefined || !/no-transform/i.test(String(cacheControl));
}

/**
 * A whole body as it goes out: compressed when the answer qualifies and `acceptEncoding` allows it
 * (then `content-encoding` and `vary` are set in `headers`), else as it is. HEAD answers are never
 * compressed (no body to spend the CPU on), though they carry the same `Vary`.
 */
export function encodeWhole(
  compressor: Compressor | undefined,
  acceptEncoding: string | undefined,
  isHead: boolean,
  status: number,
  headers: HeaderBag,
  body: string | Uint8Array,
  length: number,
): string | Uint8Array {
  if (!compressor || length < compressor.threshold || !eligible(compressor, status, headers)) return body;
  headers['vary'] = varyWithEncoding(headers['vary']);
  const encoding = isHead ? null : negotiate(acceptEncoding);
  if (!encoding) return body;
  headers['content-encoding'] = encoding;
  return compressor.whole(body, encoding);
}

/** For a streamed body: the encoding to pipe it through (headers updated), or null to send it as it is. */
export function encodeStream(
  compressor: Compressor | undefined,
  acceptEncoding: string | undefined,
  status: number,
  headers: HeaderBag,
): Encoding | null {
  if (!compressor || !eligible(compressor, status, headers)) return null;
  const declared = headers['content-length'];
  if (declared !== undefined && Number(declared) < compressor.threshold) return null;
  headers['vary'] = varyWithEncoding(headers['vary']);
  const encoding = negotiate(acceptEncoding);
  if (encoding) headers['content-encoding'] = encoding;
  return encoding;
}
