/** The change-request settings of a project environment: stored ones, or the defaults (off, 1 approval). */
import type { ChangeRequestConfigRecord } from '../base/change-request-records';
import { COLLECTIONS, type ReadTx } from '../base/storage';

export async function changeRequestConfig(tx: ReadTx, project: string, environment: string): Promise<ChangeRequestConfigRecord> {
  const defaults: ChangeRequestConfigRecord = { project, environment, enabled: false, requiredApprovals: 1 };
  return (await tx.get('changeRequestConfigs', COLLECTIONS.changeRequestConfigs.key(defaults))) ?? defaults;
}
