/**
 * At start, with a key: integration secrets stored in clear (written before secrets were sealed) are sealed,
 * and those sealed by a previous key are sealed again with the current one (so after one start a rotation's
 * previous key may be dropped): every such record in one write transaction, counted in one log line. Without
 * a key, clear secrets stay as they are (the delivery still sends them) and a warning says how many there are.
 * A look first, so a start with nothing to do writes nothing.
 */
import type { IntegrationSecrets } from '../base/addon-secrets';
import type { Logger } from '../base/logger';
import type { Storage } from '../base/storage';
import type { AddonRecord } from '../base/vocabulary-records';

/** How many of the record's parameters the start seals: stored in clear, sealed by a previous key. */
async function due(secrets: IntegrationSecrets, addon: AddonRecord): Promise<{ clear: number; previousKey: number }> {
  return { clear: secrets.clearNames(addon).length, previousKey: (await secrets.previousKeyNames(addon)).length };
}

export async function sealClearAddonSecrets(storage: Storage, secrets: IntegrationSecrets, logger: Logger): Promise<void> {
  const waiting = await storage.read(async (tx) => {
    let n = 0;
    for (const addon of await tx.list('addons')) {
      const { clear, previousKey } = await due(secrets, addon);
      if (clear + previousKey > 0) n += 1;
    }
    return n;
  });
  if (waiting === 0) return;
  if (!secrets.sealing) {
    logger.warn(
      { integrations: waiting },
      'integrations keep secret parameters in clear: give a secrets key and they are sealed at the next start',
    );
    return;
  }
  const sealed = await storage.write(async (tx) => {
    const counts = { integrations: 0, clear: 0, previousKey: 0 };
    for (const addon of await tx.list('addons')) {
      const { clear, previousKey } = await due(secrets, addon);
      if (clear + previousKey === 0) continue;
      await tx.put('addons', await secrets.reseal(addon));
      counts.integrations += 1;
      counts.clear += clear;
      counts.previousKey += previousKey;
    }
    return counts;
  });
  if (sealed.integrations > 0)
    logger.info(sealed, 'integration secrets sealed with the current key (stored in clear, or by a previous key)');
}
