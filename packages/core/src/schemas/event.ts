/** Events: one audit event and the list response. */
import { dateTime, int, nullableString, str } from './primitives';

export const eventSchema = {
  $id: 'event',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'createdAt', 'type', 'createdBy', 'createdByUserId', 'environment', 'project', 'featureName', 'data', 'preData', 'tags'],
  properties: {
    id: int,
    createdAt: dateTime,
    type: str,
    createdBy: str,
    createdByUserId: { type: ['number', 'null'] },
    environment: nullableString,
    project: nullableString,
    featureName: nullableString,
    data: { type: ['object', 'null'] },
    preData: { type: ['object', 'null'] },
    tags: { type: 'array', items: { $ref: 'tag' } },
    changeRequestId: int,
  },
} as const;

export const eventsSchema = {
  $id: 'events',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'events', 'totalEvents'],
  properties: { version: { type: 'integer', minimum: 1 }, events: { type: 'array', items: { $ref: 'event' } }, totalEvents: int },
} as const;
