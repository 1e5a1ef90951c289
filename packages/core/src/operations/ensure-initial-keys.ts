import { hashSecret, SYSTEM_PRINCIPAL } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { parseInitialKeys, type InitialKeys } from '../base/initial-keys';
import { storeApiKey } from '../runtime/store-api-key';

/**
 * Makes sure the start-up keys exist; existing ones are left alone. Resolves to how many it created.
 * Throws a SetupError (`INVALID_INITIAL_KEY`) before writing anything when a secret is malformed.
 */
export async function ensureInitialKeys(ctx: AdminContext, input: InitialKeys): Promise<number> {
  const wanted = parseInitialKeys(input);
  if (wanted.length === 0) return 0;
  return ctx.write(async (tx) => {
    let created = 0;
    for (const w of wanted) {
      const hash = await hashSecret(w.secret);
      if (await tx.get('apiKeys', hash)) continue;
      await storeApiKey(tx, ctx, SYSTEM_PRINCIPAL, {
        name: w.name,
        type: w.type,
        role: w.type === 'admin' ? 'admin' : null,
        projects: [w.project],
        environments: [w.environment],
        secretHash: hash,
      });
      created++;
    }
    return created;
  });
}
