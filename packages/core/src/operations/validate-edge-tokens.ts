import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { authenticateAt } from './authenticate';

export interface EdgeToken {
  token: string;
  projects: string[];
  type: string;
  environment: string;
}

/**
 * `POST /edge/validate` (Unleash's `getValidTokens`, what Unleash Edge asks before it serves an SDK's
 * key): of the secrets given, the live client, backend and frontend keys, each with its projects and
 * environment. Public, as in Unleash: it tells only whether a secret the caller already has is valid.
 */
export async function validateEdgeTokens(
  ctx: AdminContext,
  _principal: Principal | undefined,
  input: { body: unknown },
): Promise<{ tokens: EdgeToken[] }> {
  assertValid<{ tokens: string[] }>('tokenStringList', input.body, 'token list');
  const tokens: EdgeToken[] = [];
  for (const token of new Set(input.body.tokens)) {
    const principal = await authenticateAt(ctx, token).then(
      (a) => a.principal,
      () => undefined,
    );
    if (!principal || principal.type === 'admin') continue;
    tokens.push({ token, projects: [...principal.projects], type: principal.type, environment: principal.environments[0] ?? '*' });
  }
  return { tokens };
}
