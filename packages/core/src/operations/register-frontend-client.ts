import { requireFrontendKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/frontend/client/register`: browser SDKs announce themselves; Unleash answers 200 and keeps
 * nothing, and so do we, once the body is a registration (400 otherwise).
 */
export async function registerFrontendClient(_ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<void> {
  requireFrontendKey(principal);
  assertValid('frontendClientRegister', input.body, 'client registration');
}
