import { requireClientKey, type Principal } from '../base/auth';
import { environmentOf, upsertInstance, type ClientHints, type ClientRegistration } from '../runtime/client-apps';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/client/register`: an SDK instance says which SDK and version it runs. Not an audit event;
 * written with the other SDK reports of its batch (resolves once durable).
 */
export async function registerClient(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown; hints?: ClientHints },
): Promise<void> {
  requireClientKey(principal);
  assertValid<ClientRegistration>('clientRegister', input.body, 'client registration');
  const body = input.body;
  await ctx.usage.submit(async (tx) => {
    const app = await upsertInstance(tx, body.appName, {
      instanceId: body.instanceId ?? input.hints?.instanceId ?? 'default',
      sdkVersion: body.sdkVersion ?? input.hints?.sdkVersion ?? null,
      environment: environmentOf(principal, body.environment),
      lastSeen: ctx.now().toISOString(),
      sdkType: 'backend',
      ...(input.hints?.clientIp ? { clientIp: input.hints.clientIp } : {}),
    });
    if (body.strategies) app.strategies = body.strategies;
    await tx.put('clientApps', app);
  });
}
