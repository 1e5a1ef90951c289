/**
 * At start, integration secrets stored in clear (written before secrets were sealed, or while the instance had
 * no key) are sealed once a key is given: every such record in one write transaction, counted in one log line.
 * Without a key they stay as they are (the delivery still sends them) and a warning says how many there are.
 * A look first, so a start with nothing to seal writes nothing.
 */
import type { IntegrationSecrets } from '../base/addon-secrets';
import type { Logger } from '../base/logger';
import type { Storage } from '../base/storage';

export async function sealClearAddonSecrets(storage: Storage, secrets: IntegrationSecrets, logger: Logger): Promise<void> {
  const clear = await storage.read(async (tx) => (await tx.list('addons')).filter((a) => secrets.clearNames(a).length > 0).length);
  if (clear === 0) return;
  if (!secrets.sealing) {
    logger.warn(
      { integrations: clear },
      'integrations keep secret parameters in clear: give a secrets key and they are sealed at the next start',
    );
    return;
  }
  const sealed = await storage.write(async (tx) => {
    let integrations = 0;
    let parameters = 0;
    for (const addon of await tx.list('addons')) {
      const names = secrets.clearNames(addon);
      if (names.length === 0) continue;
      await tx.put('addons', await secrets.seal(addon, addon));
      integrations += 1;
      parameters += names.length;
    }
    return { integrations, parameters };
  });
  if (sealed.integrations > 0) logger.info(sealed, 'integration secrets stored in clear were sealed');
}
