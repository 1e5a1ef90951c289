/** The frontend API's allowed CORS origins: the stored setting when an admin set one, else the instance's default. */
import { FRONTEND_SETTINGS } from '../base/cors-origins';
import type { ReadTx } from '../base/storage';
import type { AdminContext } from './context';

/** Read within a transaction (kept per revision). */
export async function frontendOriginsIn(ctx: AdminContext, tx: ReadTx): Promise<readonly string[]> {
  return ctx.caches.frontendOrigins.get(await tx.revision(), 'origins', async () => {
    const stored = await tx.get('settings', FRONTEND_SETTINGS);
    const value = (stored?.value as { frontendApiOrigins?: unknown } | undefined)?.frontendApiOrigins;
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? Object.freeze([...value]) : ctx.frontendApiOrigins;
  });
}

/** The allowed origins now. */
export const frontendOrigins = (ctx: AdminContext): Promise<readonly string[]> => ctx.read((tx) => frontendOriginsIn(ctx, tx));
