import { requireClientKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { NOTIFIED_READ } from '../base/storage';
import { deepFreeze } from '../base/json';
import { isStorageUnavailable } from '../base/errors';
import type { ClientFeaturesResponse } from '../documents/client-feature';
import { supportsSegments } from '../documents/client-strategies';
import { readClientFeatures } from '../runtime/client-features-read';

/**
 * `GET /api/client/features`: the features of the key's projects in the key's environment, in
 * Unleash's client format (version 2). Archived features are not served. The result is frozen and
 * shared by every caller asking the same question until the next write. Read at the state this process
 * has learned of (NOTIFIED_READ: SDKs poll; a commit elsewhere reaches them as soon as it is announced).
 * While the storage is unavailable, the last answer to the same query is answered again.
 */
export async function getClientFeatures(
  ctx: AdminContext,
  principal: Principal,
  input: { project?: readonly string[]; namePrefix?: string | null; clientSpec?: string | null } = {},
): Promise<{ body: ClientFeaturesResponse; etag: string }> {
  requireClientKey(principal);
  const inline = !supportsSegments(input.clientSpec);
  const query = JSON.stringify([principal.projects, principal.environments, input.project ?? [], input.namePrefix ?? '', inline]);
  try {
    return await ctx.read(
      async (tx) =>
        ctx.caches.clientFeatures.get(await tx.revision(), query, async () =>
          tagged(ctx, query, await readClientFeatures(tx, principal, input, inline)),
        ),
      NOTIFIED_READ,
    );
  } catch (error) {
    // The storage cannot answer (its database is away): SDKs keep getting the last answer this process gave.
    const last = isStorageUnavailable(error) ? ctx.caches.clientFeatureTags.peek(0, query) : undefined;
    if (last) return { body: last.body, etag: last.etag };
    throw error;
  }
}

/**
 * The body frozen, with its ETag: a hash of its JSON text, computed only when the text differs from the
 * last answer to the same query (SDK reports move the revision without changing what SDKs get). The
 * text is kept as the body's serialization, so the answer is stringified once.
 */
async function tagged(
  ctx: AdminContext,
  query: string,
  body: ClientFeaturesResponse,
): Promise<{ body: ClientFeaturesResponse; etag: string }> {
  const text = JSON.stringify(body);
  const last = ctx.caches.clientFeatureTags.peek(0, query);
  const etag = last?.text === text ? last.etag : await ctx.answerTag(text);
  const frozen = deepFreeze(body);
  ctx.caches.clientFeatureTags.set(0, query, { text, etag, body: frozen });
  ctx.caches.serializedBodies.set(0, frozen, text);
  return { body: frozen, etag };
}
