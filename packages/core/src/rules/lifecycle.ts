/**
 * A feature's lifecycle as Unleash keeps it: the list of stages it entered, each once, oldest first, and
 * the current stage the first of archived, completed, live, pre-live, initial it has (Unleash's order).
 */
import type { FeatureRecord, LifecycleStage, LifecycleStageEntry } from '../base/records';

const PREFERRED: readonly LifecycleStage[] = ['archived', 'completed', 'live', 'pre-live', 'initial'];

/** The stages entered; a record written before the list was kept has its current stage alone. */
export function stagesOf(feature: Readonly<FeatureRecord>): LifecycleStageEntry[] {
  return feature.lifecycleStages ?? [{ stage: feature.lifecycle.stage, enteredStageAt: feature.lifecycle.enteredStageAt }];
}

function setStages(feature: FeatureRecord, stages: LifecycleStageEntry[]): void {
  feature.lifecycleStages = stages;
  const current = PREFERRED.map((stage) => stages.find((s) => s.stage === stage)).find((s) => s !== undefined) ?? stages[0]!;
  feature.lifecycle = { stage: current.stage, enteredStageAt: current.enteredStageAt };
}

/** Enters a stage (a stage already entered is kept as it is: Unleash inserts each once). True when it changed. */
export function enterStage(feature: FeatureRecord, entry: LifecycleStageEntry): boolean {
  const stages = stagesOf(feature);
  if (stages.some((s) => s.stage === entry.stage)) return false;
  setStages(feature, [...stages, entry]);
  return true;
}

/** Leaves a stage (`uncomplete`); true when it had it. */
export function leaveStage(feature: FeatureRecord, stage: LifecycleStage): boolean {
  const stages = stagesOf(feature);
  const rest = stages.filter((s) => s.stage !== stage);
  if (rest.length === stages.length || rest.length === 0) return false;
  setStages(feature, rest);
  return true;
}

/** Starts over at `initial` (a new feature, a revived one: Unleash drops the stages of its earlier life). */
export function restartLifecycle(feature: FeatureRecord, now: string): void {
  setStages(feature, [{ stage: 'initial', enteredStageAt: now }]);
}
