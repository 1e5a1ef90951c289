import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { frontendOrigins } from '../runtime/frontend-origins';

export interface UiConfig {
  name: string;
  version: string;
  unleashUrl: string;
  baseUriPath: string;
  versionInfo: { current: { oss: string }; latest: Record<string, never>; isLatest: boolean };
  frontendApiOrigins: string[];
}

/** The version flagadmin tells in the UI configuration (the Unleash API version it follows). */
const VERSION = '8.2.0';

/**
 * `GET /api/admin/ui-config` (Unleash's getUiConfig), the fields flagadmin has: its name, the Unleash
 * version it follows, and the frontend API's CORS origins (any admin key). `unleashUrl` is the
 * request's own origin (the host knows it); no version check is made, so `latest` is empty.
 */
export async function getUiConfig(ctx: AdminContext, principal: Principal, input: { origin: string }): Promise<UiConfig> {
  requireAdminKey(principal);
  return {
    name: 'flagadmin',
    version: VERSION,
    unleashUrl: input.origin,
    baseUriPath: '',
    versionInfo: { current: { oss: VERSION }, latest: {}, isLatest: true },
    frontendApiOrigins: [...(await frontendOrigins(ctx))],
  };
}
