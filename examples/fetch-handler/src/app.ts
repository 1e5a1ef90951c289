// flagadmin as a fetch-style module: `export default { fetch }` is what Bun (`bun run app.ts`), Deno
// (`deno serve app.ts`) and Workers-style hosts expect. Only WHATWG APIs are used here: no node:* import.
// Data lives in memory, so it is per process (per isolate on Workers); use a shared storage for more.
import { createFlagadmin, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';

const { admin, handle } = createFlagadmin({ storage: memoryStorage() });

/** INIT_ADMIN_API_TOKENS where the host has an environment (Node, Bun, Deno with --allow-env). */
function initialAdminTokens(): string[] {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return (env?.['INIT_ADMIN_API_TOKENS'] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** Resolves once the start-up key and a sample feature exist; the secret when one had to be generated. */
export const ready: Promise<{ generatedKey: string | null }> = (async () => {
  const tokens = initialAdminTokens();
  let generatedKey: string | null = null;
  if (tokens.length > 0) await admin.ensureInitialKeys({ admin: tokens });
  else generatedKey = (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'fetch-example', type: 'admin' } })).secret;
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'welcome-banner', type: 'release' } });
  return { generatedKey };
})();

export async function fetch(request: Request): Promise<Response> {
  await ready;
  return handle(request);
}

export default { fetch };
