/** Reading request bodies: content type (415), size limit (413), UTF-8, nesting, the NUL character and JSON (400). */
import { AdminError, badData } from '../base/errors';
import { textHoldsNul, textNestsDeeperThan } from '../base/json';
import { limitExceeded } from '../base/limits';
import type { PlainRequest } from './plain';

function isJson(contentType: string | null): boolean {
  return contentType !== null && contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

const tooLarge = (limit: number) => new AdminError('PayloadTooLargeError', `The request body is larger than ${limit} bytes.`);

/** Reads a WHATWG body, counting bytes as they arrive: rejects as soon as it passes the limit. */
export async function readStream(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The body as JSON, after the content-type (415), size (413) and nesting (400, before parsing) checks. */
export async function readJson(request: PlainRequest, limit: number, depth: number): Promise<unknown> {
  if (!isJson(request.headers.get('content-type'))) {
    throw new AdminError('ContentTypeerror', 'The content-type header must be application/json.');
  }
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  let bytes: Uint8Array;
  try {
    bytes = await request.body(limit);
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'PayloadTooLargeError') throw tooLarge(limit);
    throw error;
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw badData('The request body is not valid UTF-8.');
  }
  if (textNestsDeeperThan(text, depth)) throw limitExceeded('jsonDepth', depth, 'The request body nests too deep');
  // No storage keeps it alike (PostgreSQL refuses it in text), so no write takes it, on any storage.
  if (textHoldsNul(text)) throw badData('The request body holds the NUL character (\\u0000), which flagadmin does not store.');
  return JSON.parse(text) as unknown;
}
