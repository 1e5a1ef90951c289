/**
 * Tags and tag types, as Unleash 8.2.0 takes and answers them: a tag is a (type, value) pair of a known
 * type; a tag type has a name, a description, an icon and a colour.
 */
import { int, nullableString, str } from './primitives';

/** A tag type's name: 2–50 characters that are already URL-safe (Unleash's `isUrlFriendly`), not `.` or `..`. */
const tagTypeName = { type: 'string', pattern: "^(?!\\.{1,2}$)[A-Za-z0-9\\-._~!*'()]{2,50}$" } as const;
/** `#` and six hex digits, or null; a request may also send `''` (no colour, as Unleash takes it). */
const nullableColor = { type: ['string', 'null'], pattern: '^(#[0-9A-Fa-f]{6})?$' } as const;

/** A tag in a request that tags a feature (addTag, updateTags, addTagToFeatures): type and value of 2–50 characters. */
export const tagBodySchema = {
  $id: 'tagBody',
  type: 'object',
  additionalProperties: false,
  required: ['type', 'value'],
  properties: {
    type: { type: 'string', minLength: 2, maxLength: 50 },
    value: { type: 'string', minLength: 2, maxLength: 50 },
    color: nullableColor,
  },
} as const;

/** `POST /api/admin/tags`: the value is trimmed, then 2–50 characters (Unleash's createTagSchema pattern). */
export const createTagBodySchema = {
  $id: 'createTagBody',
  type: 'object',
  additionalProperties: false,
  required: ['type', 'value'],
  properties: {
    type: { type: 'string', minLength: 2, maxLength: 50 },
    value: { type: 'string', pattern: '^\\s*\\S.{0,48}\\S\\s*$' },
    color: nullableColor,
  },
} as const;

/** `PUT /api/admin/features/:featureName/tags`: tags to add, then tags to remove. */
export const updateTagsBodySchema = {
  $id: 'updateTagsBody',
  type: 'object',
  additionalProperties: false,
  required: ['addedTags', 'removedTags'],
  properties: {
    addedTags: { type: 'array', items: { $ref: 'tagBody' } },
    removedTags: { type: 'array', items: { $ref: 'tagBody' } },
  },
} as const;

/** `PUT /api/admin/projects/:projectId/tags`: the same change on several features of the project. */
export const tagsBulkAddBodySchema = {
  $id: 'tagsBulkAddBody',
  type: 'object',
  additionalProperties: false,
  required: ['features', 'tags'],
  properties: {
    features: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 100 } },
    tags: { $ref: 'updateTagsBody' },
  },
} as const;

/** A tag as answered: with its type's colour. */
export const tagAnswerSchema = {
  $id: 'tagAnswer',
  type: 'object',
  additionalProperties: false,
  required: ['type', 'value'],
  properties: { type: str, value: str, color: nullableString },
} as const;

/** `{version: 1, tags}`. */
export const tagListSchema = {
  $id: 'tagList',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'tags'],
  properties: { version: int, tags: { type: 'array', items: { $ref: 'tagAnswer' } } },
} as const;

/** `{version: 1, tag}`. */
export const tagWithVersionSchema = {
  $id: 'tagWithVersion',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'tag'],
  properties: { version: int, tag: { $ref: 'tagAnswer' } },
} as const;

/** What a tag type's body may hold, on create and on update. */
const tagTypeFields = {
  name: tagTypeName,
  description: { type: 'string', maxLength: 1000 },
  icon: { type: ['string', 'null'], maxLength: 100 },
  color: nullableColor,
} as const;

/** `POST /api/admin/tag-types` and `/validate`: a new tag type. */
export const tagTypeBodySchema = {
  $id: 'tagTypeBody',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: tagTypeFields,
} as const;

/** `PUT /api/admin/tag-types/:name`: the fields given change; the others are kept. */
export const updateTagTypeBodySchema = {
  $id: 'updateTagTypeBody',
  type: 'object',
  additionalProperties: false,
  properties: tagTypeFields,
} as const;

/** A tag type as answered. */
export const tagTypeSchema = {
  $id: 'tagType',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'description', 'icon', 'color'],
  properties: { name: str, description: str, icon: nullableString, color: { type: ['string', 'null'], pattern: '^#[0-9A-Fa-f]{6}$' } },
} as const;

/** `{version: 1, tagTypes}`. */
export const tagTypesSchema = {
  $id: 'tagTypes',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'tagTypes'],
  properties: { version: int, tagTypes: { type: 'array', items: { $ref: 'tagType' } } },
} as const;

/** `GET /api/admin/tag-types/:name`: `{version: 1, tagType}` (what Unleash answers). */
export const tagTypeWithVersionSchema = {
  $id: 'tagTypeWithVersion',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'tagType'],
  properties: { version: int, tagType: { $ref: 'tagType' } },
} as const;

/** `POST /api/admin/tag-types/validate`: `{valid: true, tagType}` (the body as sent). */
export const validTagTypeSchema = {
  $id: 'validTagType',
  type: 'object',
  additionalProperties: false,
  required: ['valid', 'tagType'],
  properties: { valid: { type: 'boolean' }, tagType: { type: 'object' } },
} as const;

export const TAG_SCHEMAS = [
  tagBodySchema,
  createTagBodySchema,
  updateTagsBodySchema,
  tagsBulkAddBodySchema,
  tagAnswerSchema,
  tagListSchema,
  tagWithVersionSchema,
  tagTypeBodySchema,
  updateTagTypeBodySchema,
  tagTypeSchema,
  tagTypesSchema,
  tagTypeWithVersionSchema,
  validTagTypeSchema,
] as const;
