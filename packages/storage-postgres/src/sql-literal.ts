/**
 * SQL literals for the statements a write batch sends with its COMMIT in one message (the simple query
 * protocol, which takes no parameters): strings as E'...' with quotes and backslashes doubled, so they
 * read the same whatever `standard_conforming_strings` says; a NUL (which would end the message) is refused.
 */

export function literal(value: string | number | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer for SQL: ${value}`);
    return String(value);
  }
  if (value.includes('\u0000')) throw new TypeError('A NUL character cannot be sent to PostgreSQL');
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** An array literal of `type` (`text[]`, `bigint[]`), its elements as `literal` writes them. */
export const arrayLiteral = (values: readonly (string | number | null)[], type: string): string =>
  `ARRAY[${values.map(literal).join(',')}]::${type}`;
