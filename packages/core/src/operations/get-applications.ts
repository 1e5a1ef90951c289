import { requireAdminKey, type Principal } from '../base/auth';
import { applicationDocument, type ApplicationDocument } from '../documents/application-document';
import type { AdminContext } from '../runtime/context';

export interface ApplicationsAnswer {
  total: number;
  applications: ApplicationDocument[];
}

const MAX_LIMIT = 1000;

/**
 * `GET /api/admin/metrics/applications` (`getApplications`): the applications that registered or
 * reported usage, by name (`sortOrder` asc or desc), those whose name contains `query` (any case), a
 * page of `limit` (1 to 1000, default 1000) from `offset`, and how many matched; as Unleash pages them.
 */
export async function getApplications(
  ctx: AdminContext,
  principal: Principal,
  input: { query?: string | null; offset?: string | null; limit?: string | null; sortOrder?: string | null } = {},
): Promise<ApplicationsAnswer> {
  requireAdminKey(principal);
  const needle = input.query?.trim().toLowerCase() ?? '';
  const offset = whole(input.offset, 0, Number.MAX_SAFE_INTEGER, 0);
  const limit = whole(input.limit, 1, MAX_LIMIT, MAX_LIMIT);
  return ctx.read(async (tx) => {
    const apps = (await tx.list('clientApps')).filter((a) => a.appName.toLowerCase().includes(needle));
    if (input.sortOrder === 'desc') apps.reverse();
    return { total: apps.length, applications: apps.slice(offset, offset + limit).map((a) => applicationDocument(a, principal)) };
  });
}

/** A whole number from a query value within [min, max], else `fallback` (Unleash ignores what it cannot read). */
function whole(text: string | null | undefined, min: number, max: number, fallback: number): number {
  const n = text === null || text === undefined || !/^\d+$/.test(text.trim()) ? Number.NaN : Number(text);
  return Number.isSafeInteger(n) ? Math.min(Math.max(n, min), max) : fallback;
}
