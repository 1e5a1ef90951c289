import { requireAdminKey, type Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/admin/features/validate` `{name}`: resolves (200) when a feature could be created with the
 * name: it fits the name rule (else 400) and no feature has it, archived ones included (else 409
 * NameExistsError, saying whether the one that has it is archived, as Unleash).
 */
export async function validateFeature(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<null> {
  requireAdminKey(principal);
  assertValid<{ name: string }>('validateFeatureBody', input.body, 'feature name');
  const { name } = input.body;
  const existing = await ctx.read((tx) => tx.get('features', name));
  if (existing)
    throw new AdminError(
      'NameExistsError',
      existing.archived ? 'An archived flag with that name already exists.' : 'A flag with that name already exists.',
    );
  return null;
}
