/**
 * Fast path: the string or bytes a Response was constructed from, when node's fetch (undici) still
 * holds them, so the body is written with one res.end() without going through a ReadableStream
 * (a stream read costs more than the rest of the request). Read-only and checked: any doubt —
 * another fetch implementation, a body already read or locked, a stream source — returns undefined
 * and the caller reads the body the standard way.
 */
export function knownBody(response: Response): string | Uint8Array | undefined {
  if (stateKey === null) stateKey = findStateKey();
  if (stateKey === undefined) return undefined;
  const body = (response as unknown as Record<symbol, { body?: { source?: unknown; length?: unknown } } | undefined>)[stateKey]?.body;
  const source = body?.source;
  if (typeof source !== 'string' && !(source instanceof Uint8Array)) return undefined;
  if (response.bodyUsed || response.body?.locked !== false) return undefined;
  const length = typeof source === 'string' ? Buffer.byteLength(source) : source.byteLength;
  return body?.length === length ? source : undefined;
}

let stateKey: symbol | undefined | null = null;

function findStateKey(): symbol | undefined {
  try {
    const probe = new Response('probe');
    const key = Object.getOwnPropertySymbols(probe).find((s) => s.description === 'state');
    const body = key && (probe as unknown as Record<symbol, { body?: { source?: unknown; length?: unknown } }>)[key]?.body;
    return body?.source === 'probe' && body.length === 5 ? key : undefined;
  } catch {
    return undefined;
  }
}
