/** What SDK usage stamps on features: `lastSeenAt` and the lifecycle stages a report enters. */
import type { FeatureRecord } from '../base/records';
import type { WriteTx } from '../base/storage';
import { hourStart } from '../base/usage-records';
import type { EnvironmentRecord } from '../base/vocabulary-records';
import { enterStage, stagesOf } from '../rules/lifecycle';
import { addUsageStamps } from '../runtime/usage-stamps';
import { copyForEdit } from './feature-copy';

/**
 * What SDK usage does to features (usage metrics from `environment`, at `at`): `lastSeenAt` of each
 * feature and of its environment, and the lifecycle stages a report enters (Unleash 8.2.0's lifecycle
 * service): `pre-live` in an environment the instance has, `live` too in a `production`-type one where
 * the feature is on; an archived feature enters nothing. Stored without a new version or an event, as
 * Unleash writes none (and an editor's If-Match stays good); a feature reported again within
 * SEEN_PRECISION_MS that enters no stage is not written again (SDKs report the same flags every minute).
 * Each feature whose search row moves (a stage entered, `lastSeenAt` into a new hour) is stamped for the
 * search index (runtime/usage-stamps.ts).
 */
export async function stampFeaturesSeen(
  tx: WriteTx,
  features: readonly FeatureRecord[],
  seen: { environment: EnvironmentRecord | undefined; at: string },
): Promise<void> {
  const { environment: env, at } = seen;
  const moved: string[] = [];
  const recent = Date.parse(at) - SEEN_PRECISION_MS;
  const seenSince = (value: string | null | undefined) => value != null && Date.parse(value) >= recent;
  for (const stored of features) {
    const envEntry = stored.environments.find((e) => e.name === env?.name);
    const stages = stagesOf(stored).length;
    if (seenSince(stored.lastSeenAt) && (!envEntry || seenSince(envEntry.lastSeenAt)) && !entersStage(stored, env)) continue;
    const feature = copyForEdit(stored);
    feature.lastSeenAt = at;
    for (const e of feature.environments) if (e.name === env?.name) e.lastSeenAt = at;
    if (env && !feature.archived) {
      enterStage(feature, { stage: 'pre-live', enteredStageAt: at });
      if (livesIn(feature, env)) enterStage(feature, { stage: 'live', enteredStageAt: at });
    }
    const entered = stagesOf(feature).length > stages;
    if (entered || stored.lastSeenAt === null || hourStart(Date.parse(stored.lastSeenAt)) !== hourStart(Date.parse(at)))
      moved.push(feature.name);
    await tx.put('features', feature);
  }
  await addUsageStamps(tx, moved);
}

/** How far `lastSeenAt` may lag behind the last report: a feature reported again within it is not written again. */
export const SEEN_PRECISION_MS = 60_000;

const livesIn = (feature: Readonly<FeatureRecord>, env: EnvironmentRecord): boolean =>
  env.type === 'production' && feature.environments.some((e) => e.name === env.name && e.enabled);

/** Whether a report from `env` makes the feature enter a stage it has not entered. */
function entersStage(feature: Readonly<FeatureRecord>, env: EnvironmentRecord | undefined): boolean {
  if (!env || feature.archived) return false;
  const has = new Set(stagesOf(feature).map((s) => s.stage));
  return !has.has('pre-live') || (livesIn(feature, env) && !has.has('live'));
}
