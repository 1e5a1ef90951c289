/**
 * The instance's vocabulary moved before its features: environments (order and on/off), projects and their
 * environments, context fields, tag types and tags, segments, custom strategy definitions. Each item is
 * created when the target lacks it, updated when it differs, else left alone (so a second move writes nothing).
 */
import type { ConstraintDoc, ContextFieldDoc, SegmentDoc, StrategyDefinitionDoc, TagTypeDoc } from './documents';
import type { Instance } from './instance';
import type { Kind, MoveSummary } from './summary';

export interface Step {
  from: Instance;
  to: Instance;
  summary: MoveSummary;
  dryRun: boolean;
  /** Only these projects (all when undefined). */
  projects: ReadonlySet<string> | undefined;
  /** A failure that ends the move (the source or target went away, a key refused), rather than skipping one item. */
  fatal: (error: unknown) => boolean;
}

/** Runs `write` unless a dry run; a failure that is not fatal skips `name` of `kind` with its message. */
export async function attempt(step: Step, kind: Kind, name: string, write: () => Promise<void>): Promise<boolean> {
  if (step.dryRun) return true;
  try {
    await write();
    return true;
  } catch (error) {
    if (step.fatal(error)) throw error;
    step.summary.kinds[kind].skipped.push({ name, reason: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/** Each source item created on the target, updated when it differs (`same`), else counted unchanged. */
async function sync<T>(
  step: Step,
  kind: Kind,
  items: { source: T[]; target: T[]; key: (item: T) => string },
  same: (a: T, b: T) => boolean,
  create: (item: T) => Promise<void>,
  update: (item: T, existing: T) => Promise<void>,
): Promise<void> {
  const existing = new Map(items.target.map((t) => [items.key(t), t]));
  const counts = step.summary.kinds[kind];
  for (const item of items.source) {
    const name = items.key(item);
    const there = existing.get(name);
    if (there === undefined) {
      if (await attempt(step, kind, name, () => create(item))) counts.created++;
    } else if (!same(item, there)) {
      if (await attempt(step, kind, name, () => update(item, there))) counts.updated++;
    } else counts.unchanged++;
  }
}

const json = (value: unknown) => JSON.stringify(value);
const text = (value: string | null | undefined) => value ?? '';

const constraintsText = (constraints: readonly ConstraintDoc[]) =>
  json(
    constraints.map((c) => [
      c.contextName,
      c.operator,
      c.values?.length ? c.values : [],
      c.value ?? '',
      c.inverted === true,
      c.caseInsensitive === true,
    ]),
  );

/**
 * What tells two context fields apart. Not the sort order (Unleash's update of a field leaves it out, so it
 * would differ after every move) nor the stickiness (see stickyAsEither): both are written when the field is.
 */
const fieldText = (f: ContextFieldDoc) =>
  json([text(f.description), (f.legalValues ?? []).map((v) => [v.value, text(v.description)]), f.project ?? null]);
/**
 * A field's stickiness stays on where the target has it on: Unleash lets strategies and variants be sticky on
 * `userId` with the field's stickiness off, flagadmin refuses that, so turning it off would refuse what moves.
 * A difference in stickiness alone is no reason to write a field.
 */
const stickyAsEither = (f: ContextFieldDoc, there: ContextFieldDoc): ContextFieldDoc => ({
  ...f,
  stickiness: f.stickiness === true || there.stickiness === true,
});
const tagTypeText = (t: TagTypeDoc) => json([text(t.description), t.icon ?? null]);
const segmentText = (s: Omit<SegmentDoc, 'id'>) => json([text(s.description), s.project ?? null, constraintsText(s.constraints)]);
const definitionText = (d: StrategyDefinitionDoc) =>
  json([text(d.description), d.title ?? null, d.parameters.map((p) => [p.name, p.type, text(p.description), p.required === true])]);

/** Environments: created when missing; their sort order and on/off state as the source's. */
async function environments(step: Step): Promise<void> {
  const { from, to, summary } = step;
  const source = await from.environments();
  const target = new Map((await to.environments()).map((e) => [e.name, e]));
  const counts = summary.kinds.environments;
  const order: Record<string, number> = {};
  for (const e of source) {
    const there = target.get(e.name);
    if (!there) {
      if (await attempt(step, 'environments', e.name, () => to.createEnvironment(e))) counts.created++;
      else continue;
    }
    const orderDiffers = there?.sortOrder !== e.sortOrder;
    const enabledDiffers = (there?.enabled ?? true) !== e.enabled;
    if (orderDiffers) order[e.name] = e.sortOrder;
    if (enabledDiffers) await attempt(step, 'environments', e.name, () => to.setEnvironmentEnabled(e.name, e.enabled));
    if (there && (orderDiffers || enabledDiffers)) counts.updated++;
    else if (there) counts.unchanged++;
  }
  if (Object.keys(order).length) await attempt(step, 'environments', 'sort order', () => to.setEnvironmentOrder(order));
}

/** Projects (all, or those asked for): created when missing, then given the environments they have at the source. */
export async function projects(step: Step): Promise<string[]> {
  const { from, to, summary } = step;
  const source = (await from.projects()).filter((p) => !step.projects || step.projects.has(p.id));
  for (const wanted of step.projects ?? []) {
    if (!source.some((p) => p.id === wanted))
      summary.kinds.projects.skipped.push({ name: wanted, reason: `no such project in ${from.label}` });
  }
  const target = new Set((await to.projects()).map((p) => p.id));
  const counts = summary.kinds.projects;
  const moved: string[] = [];
  for (const project of source) {
    const exists = target.has(project.id);
    if (!exists && !(await attempt(step, 'projects', project.id, () => to.createProject(project)))) continue;
    moved.push(project.id);
    const wanted = await from.projectEnvironments(project.id);
    const present = exists ? new Set(await to.projectEnvironments(project.id)) : new Set<string>();
    const missing = wanted.filter((e) => !present.has(e));
    if (!exists) counts.created++;
    else if (missing.length) counts.updated++;
    else counts.unchanged++;
    // A project just created may already have every environment (flagadmin's do): only the absent ones are added.
    const after = exists || step.dryRun ? present : new Set(await to.projectEnvironments(project.id));
    for (const environment of wanted.filter((e) => !after.has(e)))
      await attempt(step, 'projects', `${project.id}/${environment}`, () => to.addProjectEnvironment(project.id, environment));
  }
  return moved;
}

/** Everything but projects and features, in the order features need them. */
export async function vocabulary(step: Step): Promise<void> {
  const { from, to } = step;
  await environments(step);
  await sync(
    step,
    'context fields',
    { source: await from.contextFields(), target: await to.contextFields(), key: (f) => f.name },
    (a, b) => fieldText(a) === fieldText(b),
    (f) => to.createContextField(f),
    (f, there) => to.updateContextField(stickyAsEither(f, there)),
  );
  await sync(
    step,
    'tag types',
    { source: await from.tagTypes(), target: await to.tagTypes(), key: (t) => t.name },
    (a, b) => tagTypeText(a) === tagTypeText(b),
    (t) => to.createTagType(t),
    (t) => to.updateTagType(t),
  );
  await sync(
    step,
    'tags',
    { source: await from.tags(), target: await to.tags(), key: (t) => `${t.type}:${t.value}` },
    () => true,
    (t) => to.createTag(t),
    async () => undefined,
  );
  await sync(
    step,
    'segments',
    { source: await from.segments(), target: await to.segments(), key: (s) => s.name },
    (a, b) => segmentText(a) === segmentText(b),
    (s) => to.createSegment(s),
    (s, there) => to.updateSegment(there.id, s),
  );
  const targetDefinitions = await to.strategyDefinitions();
  await sync(
    step,
    'strategy definitions',
    { source: await from.strategyDefinitions(), target: targetDefinitions, key: (d) => d.name },
    (a, b) => definitionText(a) === definitionText(b) && a.deprecated === b.deprecated,
    async (d) => {
      await to.createStrategyDefinition(d);
      if (d.deprecated) await to.setStrategyDeprecated(d.name, true);
    },
    async (d, there) => {
      if (definitionText(d) !== definitionText(there)) await to.updateStrategyDefinition(d);
      if (d.deprecated !== there.deprecated) await to.setStrategyDeprecated(d.name, d.deprecated);
    },
  );
}
