/** Route results as plain responses: headers, and JSON text (a frozen body is stringified once per instance). */
import type { ContextCaches } from '../runtime/caches';
import type { PlainResponse } from './plain';
import { JsonText, StreamBody, type RouteResult } from './route';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A frozen body (a cached response, served again and again) is stringified once. */
export function serialize(body: unknown, caches: ContextCaches): string {
  if (body instanceof JsonText) return body.json;
  if (typeof body !== 'object' || body === null || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = caches.serializedBodies.peek(0, body);
  if (text === undefined) caches.serializedBodies.set(0, body, (text = JSON.stringify(body)));
  return text;
}

export function plainResponse(result: RouteResult, requestId: string, caches: ContextCaches): PlainResponse {
  const headers: Record<string, string> = { 'x-request-id': requestId, ...result.headers };
  if (result.body === null || result.body === undefined) return { status: result.status, headers, body: null };
  if (result.body instanceof StreamBody) {
    headers['content-type'] = result.body.contentType;
    return { status: result.status, headers, body: result.body.stream };
  }
  headers['content-type'] = JSON_TYPE;
  return { status: result.status, headers, body: serialize(result.body, caches) };
}

/** The answer to `HEAD`: the GET answer's status and headers, with the length its body would have, and no body. */
export function headResponse(response: PlainResponse): PlainResponse {
  if (response.body === null) return response;
  if (typeof response.body !== 'string') {
    void response.body.cancel().catch(() => undefined); // a stream's length is never known
    return { ...response, body: null };
  }
  const length = utf8Length(response.body);
  return { status: response.status, headers: { ...response.headers, 'content-length': String(length) }, body: null };
}

/** The UTF-8 byte length of a string, counted without encoding it (a HEAD of a 300 KB page). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a surrogate pair: 2 code units, 4 bytes
      i++;
    } else bytes += 2; // 3 bytes (a lone surrogate is written as U+FFFD, also 3)
  }
  return bytes;
}
