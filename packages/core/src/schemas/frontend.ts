/** The frontend API (browser and mobile SDKs) and its CORS setting. */
import { bool, num, str, strings } from './primitives';

/** Unleash's context as a JSON object: the standard fields as text; any other field a property. */
export const sdkContextSchema = {
  type: 'object',
  properties: {
    appName: str,
    environment: str,
    userId: str,
    sessionId: str,
    remoteAddress: str,
    currentTime: str,
    properties: { type: 'object', additionalProperties: str },
  },
} as const;

const payload = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'value'],
  properties: { type: str, value: str },
} as const;

/** `GET` and `POST /api/frontend`: the flags that are on for the context. */
export const frontendFeaturesSchema = {
  $id: 'frontendFeatures',
  type: 'object',
  additionalProperties: false,
  required: ['toggles'],
  properties: {
    toggles: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'enabled', 'variant', 'impressionData'],
        properties: {
          name: str,
          enabled: bool,
          impressionData: bool,
          variant: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'enabled', 'feature_enabled'],
            properties: { name: str, enabled: bool, payload, feature_enabled: bool, featureEnabled: bool },
          },
        },
      },
    },
  },
} as const;

/** `POST /api/frontend`: `{context}` (other fields are ignored, as Unleash). */
export const frontendFeaturesPostSchema = {
  $id: 'frontendFeaturesPost',
  type: 'object',
  properties: { context: sdkContextSchema },
} as const;

/** `POST /api/frontend/client/register`: what a browser SDK says of itself (kept nowhere, as Unleash). */
export const frontendClientRegisterSchema = {
  $id: 'frontendClientRegister',
  type: 'object',
  required: ['appName', 'interval', 'started', 'strategies'],
  properties: {
    appName: { type: 'string', minLength: 1, maxLength: 255 },
    instanceId: { type: 'string', maxLength: 255 },
    sdkVersion: { type: 'string', maxLength: 255 },
    environment: { type: 'string', maxLength: 100 },
    interval: num,
    started: { anyOf: [{ type: 'string', format: 'date-time', maxLength: 40 }, num] },
    strategies: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 255 } },
  },
} as const;

/** `POST /api/admin/ui-config/cors`: the origins browsers may read the frontend API from. */
export const setCorsSchema = {
  $id: 'setCors',
  type: 'object',
  additionalProperties: false,
  properties: { frontendApiOrigins: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 500 } } },
} as const;

/** `GET /api/admin/ui-config`: what the page needs to know of the instance (Unleash's fields we have). */
export const uiConfigSchema = {
  $id: 'uiConfig',
  type: 'object',
  required: ['version', 'unleashUrl', 'baseUriPath', 'versionInfo', 'frontendApiOrigins'],
  properties: {
    name: str,
    version: str,
    unleashUrl: str,
    baseUriPath: str,
    versionInfo: {
      type: 'object',
      required: ['current', 'latest', 'isLatest'],
      properties: { current: { type: 'object' }, latest: { type: 'object' }, isLatest: bool },
    },
    frontendApiOrigins: strings,
    flags: { type: 'object', additionalProperties: bool },
  },
} as const;

export const FRONTEND_SCHEMAS = [
  frontendFeaturesSchema,
  frontendFeaturesPostSchema,
  frontendClientRegisterSchema,
  setCorsSchema,
  uiConfigSchema,
] as const;
