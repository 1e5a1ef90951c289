import { requireClientKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';

/**
 * `GET /api/client/streaming` (unleash-client's `experimentalMode: {type: 'streaming'}`): a stream of
 * server-sent events, the key's features on connect, then each change (runtime/client-streams.ts).
 * 429 over the instance's limit of open streams, 503 while the instance shuts down.
 */
export async function openClientStream(ctx: AdminContext, principal: Principal): Promise<ReadableStream<Uint8Array>> {
  requireClientKey(principal);
  return ctx.streams.stream(principal);
}
