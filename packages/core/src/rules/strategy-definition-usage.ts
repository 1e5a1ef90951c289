/**
 * Where a strategy definition is used: the flag strategies of that name, archived features included,
 * and those kept for environments removed from a project (a re-add brings them back).
 */
import type { ReadTx } from '../base/storage';

export interface StrategyUse {
  featureName: string;
  environment: string;
  strategyId: string;
}

/** Every flag strategy named `name` (a scan of the features: removing a definition is a rare admin write). */
export async function strategyDefinitionUses(tx: ReadTx, name: string): Promise<StrategyUse[]> {
  const uses: StrategyUse[] = [];
  for (const feature of await tx.list('features')) {
    for (const env of [...feature.environments, ...(feature.removedEnvironments ?? [])]) {
      for (const s of env.strategies)
        if (s.name === name) uses.push({ featureName: feature.name, environment: env.name, strategyId: s.id });
    }
  }
  return uses;
}
