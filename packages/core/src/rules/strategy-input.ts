/** A strategy request body (POST, PUT, or a PATCH result) checked and turned into the stored record. */
import { badData } from '../base/errors';
import type { Limits } from '../base/limits';
import type { Strategy } from '../base/records';
import type { ReadTx } from '../base/storage';
import { assertValid } from '../schemas/validation';
import { normalizeConstraints, type ConstraintInput } from './constraints';
import { findStrategyDefinition } from './strategy-definition-lookup';
import { normalizeParameters } from './strategy-parameters';
import { normalizeVariants, type VariantInput } from './variants';

export interface StrategyBody {
  name: string;
  title?: string | null;
  disabled?: boolean | null;
  sortOrder?: number;
  constraints?: ConstraintInput[];
  parameters?: Record<string, string | number>;
  segments?: number[];
  variants?: VariantInput[];
  id?: string;
  featureName?: string;
}

export interface StrategyTarget {
  featureName: string;
  /** The project's default stickiness, for flexibleRollout without one. */
  defaultStickiness: string;
  /** The id the strategy has (PUT, PATCH) or gets (POST). */
  id: string;
  /** Whether the body may name the id (a PUT or PATCH of that strategy); a POST may not. */
  idKnown: boolean;
  /** The sortOrder when the body gives none. */
  sortOrder: number;
  limits: Limits;
  /** Where the strategy definitions are read (custom strategies, deprecation). */
  tx: ReadTx;
  /** The strategy's name before this write (a PUT or PATCH): a deprecated strategy may stay, not be added anew. */
  previousName?: string;
}

const readOnly = (field: string, message: string) => badData(message, [{ message, path: `/${field}` }]);

/**
 * Checks `body` against the strategy schema and the definition of its strategy, read from `tx` (a
 * built-in, a legacy built-in, or a custom one; a deprecated one only when the strategy had that name
 * already); returns the record to store.
 */
export async function strategyFromBody(body: unknown, target: StrategyTarget): Promise<Strategy> {
  assertValid<StrategyBody>('strategyBody', body, 'strategy');
  const definition = await findStrategyDefinition(target.tx, body.name);
  if (definition?.deprecated && body.name !== target.previousName) {
    const message = `Strategy ${body.name} is deprecated: it cannot be added (reactivate it first).`;
    throw badData(message, [{ message, path: '/name' }]);
  }
  if (body.id !== undefined && (!target.idKnown || body.id !== target.id)) {
    throw readOnly('id', target.idKnown ? 'The strategy id is read-only.' : 'The strategy id is made by the server: leave "id" out.');
  }
  if (body.featureName !== undefined && body.featureName !== target.featureName) {
    throw readOnly('featureName', 'featureName is read-only: a strategy cannot move to another feature.');
  }
  const segments = body.segments ?? [];
  if (new Set(segments).size !== segments.length) throw readOnly('segments', 'segments must not repeat.');
  const strategy: Strategy = {
    id: target.id,
    name: body.name,
    disabled: body.disabled ?? false,
    sortOrder: body.sortOrder ?? target.sortOrder,
    constraints: normalizeConstraints(body.constraints ?? [], '/constraints', target.limits),
    parameters: normalizeParameters(body.name, body.parameters ?? {}, target, definition?.editable ? definition.parameters : undefined),
    segments: [...segments],
    variants: normalizeVariants(body.variants ?? [], '/variants', false),
  };
  if (body.title !== undefined && body.title !== null) strategy.title = body.title;
  return strategy;
}
