/**
 * What flag configuration may name of the context fields: a constraint names a field the project knows
 * (an instance field or one of the project's own) and, when the field has legal values, only those; a
 * stickiness (flexibleRollout's parameter, a variant set's) is `default`, `random` or a field with
 * stickiness on. A refusal is a 400 naming the place in the request.
 */
import { badData } from '../base/errors';
import type { Constraint, Strategy, Variant } from '../base/records';
import type { ContextFieldRecord } from '../base/vocabulary-records';
import type { ReadTx } from '../base/storage';
import { STICKINESS_WITHOUT_FIELD } from '../runtime/builtin-context-fields';

/** The fields a project may use, read once per name within one check. */
export class KnownContextFields {
  private readonly read = new Map<string, Promise<ContextFieldRecord | undefined>>();

  constructor(
    private readonly tx: ReadTx,
    /** The project whose own fields count too; null for what every project uses (a segment of no project). */
    readonly project: string | null,
  ) {}

  get(name: string): Promise<ContextFieldRecord | undefined> {
    let found = this.read.get(name);
    if (!found) {
      found = this.tx
        .get('contextFields', name)
        .then((field) => (field && (field.project === null || field.project === this.project) ? field : undefined));
      this.read.set(name, found);
    }
    return found;
  }

  unknown(name: string, path: string) {
    const where = this.project === null ? 'of every project' : `in project "${this.project}"`;
    const message = `There is no context field "${name}" ${where}: create it first (POST /api/admin/context).`;
    return badData(message, [{ message: `unknown context field "${name}"`, path }]);
  }
}

const SINGLE_VALUE = /^(NUM_|DATE_|SEMVER_|REGEX$)/;

/** Each constraint's field exists for the project and its values are legal ones. `where`: the list's pointer. */
export async function checkConstraintFields(known: KnownContextFields, constraints: readonly Constraint[], where: string): Promise<void> {
  for (const [i, c] of constraints.entries()) {
    const field = await known.get(c.contextName);
    if (!field) throw known.unknown(c.contextName, `${where}/${i}/contextName`);
    if (field.legalValues.length === 0) continue;
    const legal = new Set(field.legalValues.map((v) => v.value));
    const single = SINGLE_VALUE.test(c.operator);
    const values = single ? [c.value ?? ''] : (c.values ?? []);
    const bad = values.findIndex((v) => !legal.has(v));
    if (bad === -1) continue;
    const message = `Constraint ${i} (${c.contextName} ${c.operator}): "${values[bad]}" is not a legal value of context field "${c.contextName}".`;
    throw badData(message, [{ message, path: single ? `${where}/${i}/value` : `${where}/${i}/values/${bad}` }]);
  }
}

/** A stickiness is `default`, `random` or a field (of the project) with stickiness on. */
export async function checkStickiness(known: KnownContextFields, stickiness: string, path: string): Promise<void> {
  if (STICKINESS_WITHOUT_FIELD.has(stickiness)) return;
  const field = await known.get(stickiness);
  if (field?.stickiness) return;
  const message = field
    ? `Context field "${stickiness}" is not enabled for stickiness: turn stickiness on for it, or use default or random.`
    : `Stickiness "${stickiness}" is neither default, random nor a context field with stickiness on.`;
  throw badData(message, [{ message, path }]);
}

/** The stickiness of a variant set (they share one), when it has variants. */
export async function checkVariantsStickiness(known: KnownContextFields, variants: readonly Variant[], where: string): Promise<void> {
  const first = variants[0];
  if (first) await checkStickiness(known, first.stickiness, `${where}/0/stickiness`);
}

/** A strategy as it will be stored: its constraints, its rollout's stickiness and its variants' stickiness. */
export async function checkStrategyContextFields(tx: ReadTx, project: string, strategy: Strategy): Promise<void> {
  const known = new KnownContextFields(tx, project);
  await checkConstraintFields(known, strategy.constraints, '/constraints');
  const stickiness = Object.hasOwn(strategy.parameters, 'stickiness') ? strategy.parameters['stickiness'] : undefined;
  if (strategy.name === 'flexibleRollout' && stickiness !== undefined) await checkStickiness(known, stickiness, '/parameters/stickiness');
  await checkVariantsStickiness(known, strategy.variants, '/variants');
}
