/** Route results as plain responses: headers, and JSON text (a frozen body is stringified once per instance). */
import type { ContextCaches } from '../caches';
import type { PlainResponse } from './plain';
import { JsonText, type RouteResult } from './route';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A frozen body (a cached response, served again and again) is stringified once. */
function serialize(body: unknown, caches: ContextCaches): string {
  if (body instanceof JsonText) return body.json;
  if (typeof body !== 'object' || body === null || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = caches.serializedBodies.peek(0, body);
  if (text === undefined) caches.serializedBodies.set(0, body, (text = JSON.stringify(body)));
  return text;
}

export function plainResponse(result: RouteResult, requestId: string, caches: ContextCaches): PlainResponse {
  const headers: Record<string, string> = { 'x-request-id': requestId, ...result.headers };
  if (result.body === null || result.body === undefined) return { status: result.status, headers, body: null };
  headers['content-type'] = JSON_TYPE;
  return { status: result.status, headers, body: serialize(result.body, caches) };
}

/** The answer to `HEAD`: the GET answer's status and headers, with the length its body would have, and no body. */
export function headResponse(response: PlainResponse): PlainResponse {
  if (response.body === null) return response;
  const length = new TextEncoder().encode(response.body).byteLength;
  return { status: response.status, headers: { ...response.headers, 'content-length': String(length) }, body: null };
}
