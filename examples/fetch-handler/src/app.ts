// flagadmin as a fetch-style module: `export default { fetch }` is what Bun (`bun run app.ts`), Deno
// (`deno serve app.ts`) and Workers hosts (workerd) expect. Only WHATWG APIs are used here: no node:* import.
// Data lives in memory, so it is per process (per isolate on Workers); use a shared storage for more.
import { createFlagadmin, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { withUi } from '@flagadmin/ui';

/** The host's bindings: Workers pass them to `fetch`; elsewhere the process environment is read. */
export interface Env {
  INIT_ADMIN_API_TOKENS?: string;
}

const { admin, handle: api } = createFlagadmin({ storage: memoryStorage() });
/** The admin page at `/` (its assets under `/assets/`), the API everywhere else. */
const handle = withUi(api);

/** INIT_ADMIN_API_TOKENS from the Workers binding, else the environment (Node, Bun, Deno with --allow-env). */
function initialAdminTokens(env: Env | undefined): string[] {
  const processEnv = (globalThis as { process?: { env?: Env } }).process?.env;
  return (env?.INIT_ADMIN_API_TOKENS ?? processEnv?.INIT_ADMIN_API_TOKENS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

async function setUp(env: Env | undefined): Promise<{ generatedKey: string | null }> {
  const tokens = initialAdminTokens(env);
  let generatedKey: string | null = null;
  if (tokens.length > 0) await admin.ensureInitialKeys({ admin: tokens });
  else generatedKey = (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'fetch-example', type: 'admin' } })).secret;
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'welcome-banner', type: 'release' } });
  return { generatedKey };
}

let setup: Promise<{ generatedKey: string | null }> | undefined;

/**
 * Creates the start-up key and a sample feature once, on first use (Workers allow no random values
 * and no I/O while a module loads); resolves to the secret when one had to be generated.
 */
export function ready(env?: Env): Promise<{ generatedKey: string | null }> {
  setup ??= setUp(env);
  return setup;
}

export async function fetch(request: Request, env?: Env): Promise<Response> {
  await ready(env);
  return handle(request);
}

export default { fetch };
