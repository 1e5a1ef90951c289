/** Projects: the project document, the list, the create body and the project's outdated SDKs. */
import { PROJECT_MODES } from '../base/records';
import { bool, dateTime, int, name, num, str, strings } from './primitives';

export const projectSchema = {
  $id: 'project',
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'name',
    'description',
    'health',
    'featureCount',
    'staleFeatureCount',
    'potentiallyStaleFeatureCount',
    'memberCount',
    'createdAt',
    'updatedAt',
    'favorite',
    'mode',
    'defaultStickiness',
    'avgTimeToProduction',
    'owners',
  ],
  properties: {
    id: str,
    name: str,
    description: str,
    health: num,
    featureCount: num,
    staleFeatureCount: num,
    potentiallyStaleFeatureCount: num,
    memberCount: num,
    createdAt: dateTime,
    updatedAt: dateTime,
    favorite: bool,
    mode: { enum: PROJECT_MODES },
    defaultStickiness: str,
    avgTimeToProduction: num,
    owners: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['ownerType'],
        properties: { ownerType: { enum: ['user', 'system'] }, name: str, email: str, imageUrl: str },
      },
    },
  },
} as const;

export const projectsSchema = {
  $id: 'projects',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'projects'],
  properties: { version: int, projects: { type: 'array', items: { $ref: 'project' } } },
} as const;

export const createProjectSchema = {
  $id: 'createProject',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: {
    id: name,
    name: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: 'string', maxLength: 1000 },
    mode: { enum: PROJECT_MODES },
    defaultStickiness: { type: 'string', minLength: 1, maxLength: 100 },
    members: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'role'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 100 },
          email: { type: 'string', maxLength: 200 },
          imageUrl: { type: 'string', format: 'uri', maxLength: 500 },
          role: { enum: ['owner', 'member'] },
        },
      },
    },
  },
} as const;

export const outdatedSdksSchema = {
  $id: 'outdatedSdks',
  type: 'object',
  additionalProperties: false,
  required: ['sdks'],
  properties: {
    sdks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sdkVersion', 'applications'],
        properties: { sdkVersion: str, applications: strings },
      },
    },
  },
} as const;
