import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { badData } from './errors';
import { SCHEMAS, UNPUBLISHED_SCHEMAS, type SchemaId } from './schemas/registry';

/** One ajv instance; every schema compiled once, when this module loads. */
const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, allowUnionTypes: true });
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:[^\s]*$/i);
const ALL_SCHEMAS = [...SCHEMAS, ...UNPUBLISHED_SCHEMAS];
for (const schema of ALL_SCHEMAS) ajv.addSchema(schema);

const compiled = new Map<SchemaId, ValidateFunction>();
for (const schema of ALL_SCHEMAS) compiled.set(schema.$id, ajv.getSchema(schema.$id)!);

function describe(errors: ErrorObject[]): { message: string; path: string }[] {
  return errors.map((e) => {
    const where = e.instancePath || '/';
    const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params['additionalProperty'])})` : '';
    const allowed = e.keyword === 'enum' ? `: ${(e.params['allowedValues'] as unknown[]).join(', ')}` : '';
    return { message: `${where} ${e.message ?? 'is invalid'}${extra}${allowed}`, path: where };
  });
}

/** True when `value` matches the schema; no throw. */
export function matches(id: SchemaId, value: unknown): boolean {
  return compiled.get(id)!(value) as boolean;
}

/** The schema's errors for `value` (empty when it matches), as `{message, path}`. */
export function schemaErrors(id: SchemaId, value: unknown): { message: string; path: string }[] {
  const validate = compiled.get(id)!;
  return validate(value) ? [] : describe(validate.errors ?? []);
}

/** Throws 400 BadDataError naming every problem when `value` does not match. */
export function assertValid<T>(id: SchemaId, value: unknown, what: string): asserts value is T {
  const details = schemaErrors(id, value);
  if (details.length) throw badData(`The ${what} is invalid: ${details.map((d) => d.message).join('; ')}`, details);
}
