/** Building blocks of the schemas: JSON Schema fragments used again and again. */

export const str = { type: 'string' } as const;
export const bool = { type: 'boolean' } as const;
export const num = { type: 'number' } as const;
export const int = { type: 'integer' } as const;
export const dateTime = { type: 'string', format: 'date-time' } as const;
export const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;
export const strings = { type: 'array', items: str } as const;
export const anyObject = { type: 'object' } as const;
export const nullableString = { type: ['string', 'null'] } as const;
/** Names: 1–100 characters that are already URL-safe, and not `.` or `..`. */
export const NAME_PATTERN = "^(?!\\.{1,2}$)[A-Za-z0-9\\-._~!*'()]{1,100}$";
export const name = { type: 'string', pattern: NAME_PATTERN } as const;
