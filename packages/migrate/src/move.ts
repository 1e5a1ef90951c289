/**
 * A whole move from one instance to another: the vocabulary, the projects, each project's features, then the
 * change-request settings (after the features: an environment with change requests on takes no import), and
 * the API tokens listed (no move can bring a token). The same code runs Unleash -> flagadmin (`migrate`) and
 * flagadmin -> Unleash (`export --to`).
 */
import { isMigrateError } from './errors';
import { moveFeatures, type Progress } from './features';
import { NotSupported, type Instance } from './instance';
import { emptySummary, type MoveSummary } from './summary';
import { attempt, projects, vocabulary, type Step } from './vocabulary';

export type { Progress } from './features';

export interface MoveOptions {
  from: Instance;
  to: Instance;
  /** Only these projects (default: every project). */
  projects?: readonly string[];
  /** Write nothing; the summary says what a move would do. */
  dryRun?: boolean;
  /** Features per export and import (default 500; at most the target's `featuresPerImport`). */
  pageSize?: number;
  /** Called after each page of features, per project. */
  onProgress?: (progress: Progress & { project: string }) => void;
  /** Called as each step starts (`context fields`, `project default: features`...). */
  onStep?: (step: string) => void;
}

/** Errors that end a move: an Unleash that cannot be reached, refuses the key or answers as no Unleash does. */
const fatal = (error: unknown): boolean =>
  isMigrateError(error) && error.name !== 'UnleashAnswerUnexpected' && error.name !== 'UnleashForbidden';

export async function move(options: MoveOptions): Promise<MoveSummary> {
  const dryRun = options.dryRun === true;
  const summary = emptySummary(dryRun);
  const step: Step = {
    from: options.from,
    to: options.to,
    summary,
    dryRun,
    projects: options.projects?.length ? new Set(options.projects) : undefined,
    fatal,
  };
  options.onStep?.('vocabulary');
  await vocabulary(step);
  options.onStep?.('projects');
  const moved = await projects(step);
  for (const projectId of moved) {
    options.onStep?.(`project ${projectId}: features`);
    const onProgress = options.onProgress;
    await moveFeatures(step, projectId, {
      pageSize: options.pageSize ?? 500,
      onProgress: onProgress && ((p) => onProgress({ ...p, project: projectId })),
    });
  }
  options.onStep?.('change-request settings');
  for (const projectId of moved) await changeRequestSettings(step, projectId);
  summary.tokens = await options.from.apiTokens();
  return summary;
}

/** A project's change-request settings as the source's, where the source has them. */
async function changeRequestSettings(step: Step, projectId: string): Promise<void> {
  const counts = step.summary.kinds['change-request settings'];
  const source = await step.from.changeRequestSettings(projectId);
  if (!source) return;
  const target = new Map(((await step.to.changeRequestSettings(projectId)) ?? []).map((s) => [s.environment, s]));
  for (const s of source) {
    const there = target.get(s.environment);
    const same =
      there !== undefined &&
      there.changeRequestEnabled === s.changeRequestEnabled &&
      (!s.changeRequestEnabled || (there.requiredApprovals ?? 1) === (s.requiredApprovals ?? 1));
    if (same || (!there && !s.changeRequestEnabled)) {
      counts.unchanged++;
      continue;
    }
    if (
      await attempt(step, 'change-request settings', `${projectId}/${s.environment}`, () => step.to.setChangeRequestSetting(projectId, s))
    )
      counts.updated++;
  }
}

export { NotSupported };
