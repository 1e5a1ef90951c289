/**
 * Usage metrics and applications, as Unleash 8.2.0 answers them: a feature's usage (last hour and the
 * applications that saw it), its hour buckets, the applications with their SDKs and instances.
 */
import { dateTime, int, nullableDateTime, nullableString, num, str, strings } from './primitives';

const count = { type: 'integer', minimum: 0 } as const;

/** One bucket: a feature's counts in an environment (and for an app) in one hour. */
const featureEnvironmentMetrics = {
  type: 'object',
  additionalProperties: false,
  required: ['environment', 'timestamp', 'yes', 'no'],
  properties: {
    featureName: str,
    appName: str,
    environment: str,
    timestamp: dateTime,
    yes: count,
    no: count,
    variants: { type: 'object', additionalProperties: count },
  },
} as const;

const version = { type: 'integer', minimum: 1 } as const;

export const featureUsageSchema = {
  $id: 'featureUsage',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'maturity', 'featureName', 'lastHourUsage', 'seenApplications'],
  properties: {
    version,
    maturity: str,
    featureName: str,
    lastHourUsage: { type: 'array', items: featureEnvironmentMetrics },
    seenApplications: strings,
  },
} as const;

export const featureMetricsSchema = {
  $id: 'featureMetrics',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'maturity', 'data'],
  properties: { version, maturity: str, data: { type: 'array', items: featureEnvironmentMetrics } },
} as const;

const application = {
  type: 'object',
  additionalProperties: false,
  required: ['appName'],
  properties: {
    appName: str,
    sdkVersion: str,
    strategies: strings,
    description: str,
    url: str,
    color: str,
    icon: str,
    usage: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['project', 'environments'],
        properties: { project: str, environments: strings },
      },
    },
  },
} as const;

export const applicationSchema = { $id: 'application', ...application } as const;

export const applicationsSchema = {
  $id: 'applications',
  type: 'object',
  additionalProperties: false,
  required: ['total', 'applications'],
  properties: { total: int, applications: { type: 'array', items: application } },
} as const;

export const applicationOverviewSchema = {
  $id: 'applicationOverview',
  type: 'object',
  additionalProperties: false,
  required: ['projects', 'featureCount', 'environments', 'issues'],
  properties: {
    projects: strings,
    featureCount: num,
    environments: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'instanceCount', 'sdks', 'frontendSdks', 'backendSdks', 'lastSeen', 'issues'],
        properties: {
          name: str,
          instanceCount: num,
          sdks: strings,
          frontendSdks: strings,
          backendSdks: strings,
          lastSeen: nullableDateTime,
          issues: {
            type: 'object',
            additionalProperties: false,
            required: ['missingFeatures', 'outdatedSdks'],
            properties: { missingFeatures: strings, outdatedSdks: strings },
          },
        },
      },
    },
    issues: { type: 'object', additionalProperties: false, required: ['missingStrategies'], properties: { missingStrategies: strings } },
  },
} as const;

export const applicationEnvironmentInstancesSchema = {
  $id: 'applicationEnvironmentInstances',
  type: 'object',
  additionalProperties: false,
  required: ['instances'],
  properties: {
    instances: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['instanceId'],
        properties: { instanceId: str, sdkVersion: nullableString, clientIp: nullableString, lastSeen: dateTime },
      },
    },
  },
} as const;

export const USAGE_SCHEMAS = [
  featureUsageSchema,
  featureMetricsSchema,
  applicationSchema,
  applicationsSchema,
  applicationOverviewSchema,
  applicationEnvironmentInstancesSchema,
] as const;
