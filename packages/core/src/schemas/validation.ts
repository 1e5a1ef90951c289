import { badData } from '../base/errors';
import * as generated from '../generated/validators';
import type { SchemaId } from './registry';

/** What ajv reports for one problem (the fields read here). */
interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** An ajv validate function: true or false, the problems of the last call on `errors`. */
interface Validator {
  (value: unknown): boolean;
  errors?: ValidationError[] | null;
}

/**
 * Every schema's validator, compiled ahead of time into plain code (scripts/generate-validators.ts):
 * nothing is compiled when core loads, so hosts that forbid code generation from strings run it.
 */
const compiled: Readonly<Record<SchemaId, Validator>> = generated;

function describe(errors: ValidationError[]): { message: string; path: string }[] {
  return errors.map((e) => {
    const where = e.instancePath || '/';
    const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params['additionalProperty'])})` : '';
    const allowed = e.keyword === 'enum' ? `: ${(e.params['allowedValues'] as unknown[]).join(', ')}` : '';
    return { message: `${where} ${e.message ?? 'is invalid'}${extra}${allowed}`, path: where };
  });
}

/** True when `value` matches the schema; no throw. */
export function matches(id: SchemaId, value: unknown): boolean {
  return compiled[id](value);
}

/** The schema's errors for `value` (empty when it matches), as `{message, path}`. */
export function schemaErrors(id: SchemaId, value: unknown): { message: string; path: string }[] {
  const validate = compiled[id];
  return validate(value) ? [] : describe(validate.errors ?? []);
}

/** Throws 400 BadDataError naming every problem when `value` does not match. */
export function assertValid<T>(id: SchemaId, value: unknown, what: string): asserts value is T {
  const details = schemaErrors(id, value);
  if (details.length) throw badData(`The ${what} is invalid: ${details.map((d) => d.message).join('; ')}`, details);
}
