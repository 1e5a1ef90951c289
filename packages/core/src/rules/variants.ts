/**
 * Variant sets as Unleash keeps them: `fix` variants keep their weight, `variable` ones share what the
 * fix ones leave of 1000 (the first ones get the remainder), at least one is variable, one stickiness
 * for the whole set, payloads checked per type, sorted by name.
 */
import { badData } from '../base/errors';
import type { Variant } from '../base/records';
import type { PAYLOAD_TYPES, WEIGHT_TYPES } from '../schemas/variant';

export interface VariantInput {
  name: string;
  weight?: number;
  weightType?: (typeof WEIGHT_TYPES)[number];
  stickiness?: string;
  payload?: { type: (typeof PAYLOAD_TYPES)[number]; value: string };
  overrides?: { contextName: string; values: string[] }[];
}

const TOTAL_WEIGHT = 1000;

function payloadProblem(payload: NonNullable<VariantInput['payload']>): string | undefined {
  if (payload.type === 'number') {
    return payload.value.trim() !== '' && Number.isFinite(Number(payload.value)) ? undefined : `"${payload.value}" is not a number`;
  }
  if (payload.type === 'json') {
    try {
      JSON.parse(payload.value);
    } catch {
      return 'the value is not valid JSON';
    }
  }
  return undefined;
}

/**
 * Checks a variant set and returns it as stored, weights computed. `where` is the JSON Pointer of the
 * set in the request; `withOverrides` for environment variants (which always carry an overrides list).
 */
export function normalizeVariants(input: readonly VariantInput[], where: string, withOverrides: boolean): Variant[] {
  const fail = (path: string, message: string): never => {
    throw badData(`Invalid variants: ${message}`, [{ message, path: `${where}${path}` }]);
  };
  if (input.length === 0) return [];
  const seen = new Set<string>();
  input.forEach((v, i) => {
    if (seen.has(v.name)) fail(`/${i}/name`, `variant ${i}: the name "${v.name}" is used twice`);
    seen.add(v.name);
    const problem = v.payload && payloadProblem(v.payload);
    if (problem) fail(`/${i}/payload/value`, `variant ${i} (${v.name}): payload of type ${v.payload!.type}: ${problem}`);
  });
  const stickinesses = new Set(input.map((v) => v.stickiness).filter((s): s is string => s !== undefined));
  if (stickinesses.size > 1) fail('', `all variants must use the same stickiness (got ${[...stickinesses].join(', ')})`);
  const stickiness = [...stickinesses][0] ?? 'default';

  const fixed = input.filter((v) => v.weightType === 'fix');
  const variableCount = input.length - fixed.length;
  if (variableCount === 0) fail('', 'there must be at least one "variable" variant');
  const fixedWeight = fixed.reduce((sum, v) => sum + (v.weight ?? 0), 0);
  if (fixedWeight > TOTAL_WEIGHT) fail('', `the "fix" weights add up to ${fixedWeight}, more than ${TOTAL_WEIGHT}`);
  const share = Math.floor((TOTAL_WEIGHT - fixedWeight) / variableCount);
  let remainder = (TOTAL_WEIGHT - fixedWeight) % variableCount;

  const out = input.map((v): Variant => {
    const isFixed = v.weightType === 'fix';
    const weight = isFixed ? v.weight! : share + (remainder-- > 0 ? 1 : 0);
    return {
      name: v.name,
      weight,
      weightType: isFixed ? 'fix' : 'variable',
      stickiness,
      ...(v.payload ? { payload: { type: v.payload.type, value: v.payload.value } } : {}),
      ...(withOverrides ? { overrides: (v.overrides ?? []).map((o) => ({ contextName: o.contextName, values: [...o.values] })) } : {}),
    };
  });
  return out.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
