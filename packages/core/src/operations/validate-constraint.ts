import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { normalizeConstraints, type ConstraintInput } from '../rules/constraints';
import { assertValid } from '../schemas/validation';

/** `POST /api/admin/constraints/validate`: resolves (204) when the constraint is valid, as a strategy's would be; else 400 naming the field. */
export async function validateConstraint(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<null> {
  requireAdminKey(principal);
  assertValid<ConstraintInput>('constraintBody', input.body, 'constraint');
  normalizeConstraints([input.body], '', ctx.limits);
  return null;
}
