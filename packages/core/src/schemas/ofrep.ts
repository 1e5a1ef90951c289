/** OpenFeature's Remote Evaluation Protocol (OFREP v1): requests and answers. */
import { anyObject, str } from './primitives';

/** An evaluation request: `{context}`, OpenFeature's evaluation context (`targetingKey` is Unleash's userId). */
export const ofrepRequestSchema = {
  $id: 'ofrepRequest',
  type: 'object',
  properties: { context: anyObject },
} as const;

const REASONS = ['STATIC', 'TARGETING_MATCH', 'SPLIT', 'DISABLED', 'DEFAULT'] as const;

const metadata = { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } } as const;

/** One flag evaluated: its value (absent when the flag gives none: the caller's default applies). */
const success = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'reason', 'metadata'],
  properties: {
    key: str,
    reason: { enum: REASONS },
    variant: str,
    value: {},
    metadata,
  },
} as const;

export const ofrepEvaluationSchema = { $id: 'ofrepEvaluation', ...success } as const;

export const ofrepBulkEvaluationSchema = {
  $id: 'ofrepBulkEvaluation',
  type: 'object',
  additionalProperties: false,
  required: ['flags'],
  properties: { flags: { type: 'array', items: success } },
} as const;

export const OFREP_SCHEMAS = [ofrepRequestSchema, ofrepEvaluationSchema, ofrepBulkEvaluationSchema] as const;
