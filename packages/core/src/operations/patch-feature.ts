import { requireUpdateFeature, type Principal } from '../base/auth';
import type { FeatureDocument } from '../documents/feature-document';
import { parsePatch } from '../rules/json-patch';
import type { AdminContext } from '../runtime/context';
import { patchFeatureInTx } from '../writes/feature-patch';

export type { PatchOperation } from '../rules/json-patch';

export interface PatchFeatureInput {
  projectId: string;
  featureName: string;
  /** The parsed request body: a JSON array of RFC 6902 operations. */
  patch: unknown;
  /** An `If-Match` header value; the patch applies only when it names the current ETag. */
  ifMatch?: string | null;
}

export interface PatchFeatureResult {
  feature: FeatureDocument;
  /** The strong ETag of the feature after the patch. */
  etag: string;
}

/**
 * RFC 6902 JSON Patch on one feature document, atomically, with the checks in the order of
 * packages/core/README.md Decisions; commits the change and one event per fact in one transaction.
 */
export async function patchFeature(ctx: AdminContext, principal: Principal, input: PatchFeatureInput): Promise<PatchFeatureResult> {
  requireUpdateFeature(principal, input.projectId);
  const ops = parsePatch(input.patch, ctx.limits);
  const { feature, etag } = await ctx.write((tx) => patchFeatureInTx(tx, ctx, { principal }, input, ops));
  return { feature, etag };
}
