/**
 * Record builders for tests: a valid record of every collection (and a new event), with overrides;
 * `rejects` (uvu's `throws` is sync-only) and `eventsOf` (a storage's events, parsed).
 */
import * as assert from 'uvu/assert';
import type {
  ApiKeyRecord,
  ChangeRequestConfigRecord,
  ChangeRequestRecord,
  ClientAppRecord,
  CollectionName,
  Collections,
  EnvironmentRecord,
  EventQuery,
  EventRecord,
  FeatureRecord,
  NewEvent,
  ProjectRecord,
  ProjectStatsRecord,
  ReadTx,
  SegmentRecord,
} from '@flagadmin/core';

const T0 = '2024-01-01T00:00:00.000Z';

export function makeProject(id: string, over: Partial<ProjectRecord> = {}): ProjectRecord {
  return {
    id,
    name: `Project ${id}`,
    description: '',
    mode: 'open',
    defaultStickiness: 'default',
    favorite: false,
    members: [{ name: 'admin', role: 'owner' }],
    environments: ['development', 'production'],
    createdAt: T0,
    ...over,
  };
}

export function makeEnvironment(name: string, over: Partial<EnvironmentRecord> = {}): EnvironmentRecord {
  return { name, type: name === 'production' ? 'production' : 'development', sortOrder: 1, ...over };
}

export function makeFeature(name: string, project = 'default', over: Partial<FeatureRecord> = {}): FeatureRecord {
  return {
    name,
    project,
    type: 'release',
    description: null,
    archived: false,
    archivedAt: null,
    stale: false,
    favorite: false,
    impressionData: false,
    createdAt: T0,
    lastSeenAt: null,
    lifecycle: { stage: 'initial', enteredStageAt: T0 },
    tags: [{ type: 'simple', value: 'a' }],
    variants: [],
    dependencies: [],
    children: [],
    environments: [
      {
        name: 'development',
        enabled: true,
        strategies: [
          {
            id: `${name}-s1`,
            name: 'flexibleRollout',
            sortOrder: 0,
            segments: [],
            constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
            variants: [],
            parameters: { rollout: '50', stickiness: 'default', groupId: name },
          },
        ],
        variants: [],
        lastSeenAt: null,
      },
      { name: 'production', enabled: false, strategies: [], variants: [], lastSeenAt: null },
    ],
    version: 1,
    productionAt: null,
    ...over,
  };
}

export function makeApiKey(id: number, over: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id,
    name: `key-${id}`,
    type: 'client',
    role: null,
    projects: ['*'],
    environments: ['development'],
    secretHash: id.toString(16).padStart(64, '0'),
    createdAt: T0,
    ...over,
  };
}

export function makeChangeRequest(id: number, project = 'default', over: Partial<ChangeRequestRecord> = {}): ChangeRequestRecord {
  const user = { id: 1, username: 'admin', imageUrl: '' };
  return {
    id,
    title: `Change request ${id}`,
    environment: 'production',
    minApprovals: 1,
    project,
    features: [
      {
        name: 'f1',
        changes: [
          {
            id: 1,
            action: 'updateEnabled',
            payload: { enabled: true },
            createdBy: { username: 'admin', imageUrl: null },
            createdAt: T0,
            target: { kind: 'feature', version: 'false' },
          },
        ],
      },
    ],
    segments: [],
    approvals: [],
    rejections: [],
    comments: [],
    createdBy: user,
    createdAt: T0,
    state: 'Draft',
    ...over,
  };
}

export function makeClientApp(appName: string, projects: string[], over: Partial<ClientAppRecord> = {}): ClientAppRecord {
  return {
    appName,
    instances: [{ instanceId: `${appName}-1`, sdkVersion: 'unleash-client-node:5.0.0', environment: 'development', lastSeen: T0 }],
    projects: [...projects].sort(),
    ...over,
  };
}

export function makeProjectStats(project: string, over: Partial<ProjectStatsRecord> = {}): ProjectStatsRecord {
  return {
    project,
    featureCount: 0,
    staleFeatureCount: 0,
    freshCreatedAt: { release: [Date.parse(T0)] },
    productionDaysSum: 0,
    productionCount: 0,
    lastEventAt: null,
    ...over,
  };
}

export function makeEvent(over: Partial<NewEvent> = {}): NewEvent {
  return {
    createdAt: T0,
    type: 'feature-updated',
    createdBy: 'admin',
    createdByUserId: 1,
    environment: null,
    project: 'default',
    featureName: 'f1',
    data: { name: 'f1', nested: { list: [1, 2, 3] } },
    preData: null,
    tags: [],
    ...over,
  };
}

/** One record of every collection, keyed by collection. */
export function oneOfEach(suffix = '1'): { [C in CollectionName]: Collections[C] } {
  return {
    projects: makeProject(`p${suffix}`),
    environments: makeEnvironment(`env${suffix}`),
    features: makeFeature(`feature-${suffix}`, `p${suffix}`),
    apiKeys: makeApiKey(Number(suffix) || 1),
    changeRequests: makeChangeRequest(Number(suffix) || 1, `p${suffix}`),
    clientApps: makeClientApp(`app-${suffix}`, [`p${suffix}`, 'shared']),
    projectStats: makeProjectStats(`p${suffix}`),
    segments: makeSegment(Number(suffix) || 1, `p${suffix}`),
    changeRequestConfigs: makeChangeRequestConfig(`p${suffix}`, `env${suffix}`),
    contextFields: {
      name: `field-${suffix}`,
      description: '',
      legalValues: [{ value: 'a' }],
      stickiness: false,
      sortOrder: 1,
      project: `p${suffix}`,
      createdAt: T0,
    },
    tagTypes: { name: `type-${suffix}`, description: '', icon: null, color: '#ff0000' },
    tags: { type: `type-${suffix}`, value: `value-${suffix}`, createdAt: T0 },
    strategyDefinitions: {
      name: `strategy-${suffix}`,
      title: null,
      description: '',
      parameters: [{ name: 'p', type: 'string', description: '', required: false }],
      editable: true,
      deprecated: false,
      sortOrder: 1,
      createdAt: T0,
    },
    featureTypes: { id: `type-${suffix}`, lifetimeDays: 40 },
    settings: { name: `setting-${suffix}`, value: { origins: ['*'] } },
    addons: {
      id: Number(suffix) || 1,
      provider: 'webhook',
      description: null,
      enabled: true,
      parameters: {},
      events: ['feature-created'],
      projects: [`p${suffix}`, 'shared'],
      environments: [],
      createdAt: T0,
    },
    usageBuckets: {
      feature: `feature-${suffix}`,
      project: `p${suffix}`,
      environment: `env${suffix}`,
      appName: `app-${suffix}`,
      start: '2026-01-01T10:00:00.000Z',
      yes: 3,
      no: 1,
      variants: { blue: 2 },
    },
    users: {
      id: Number(suffix) || 1,
      username: `user-${suffix}`,
      email: null,
      name: null,
      role: 'editor',
      projects: ['*'],
      environments: ['*'],
      passwordHash: null,
      createdAt: T0,
      seenAt: null,
      failedLogins: 0,
      lockedUntil: null,
      sessionEpoch: 0,
    },
    sessions: { idHash: `session-${suffix}`, userId: Number(suffix) || 1, epoch: 0, createdAt: T0, expiresAt: T0 },
    personalTokens: {
      id: Number(suffix) || 1,
      userId: Number(suffix) || 1,
      description: `token ${suffix}`,
      secretHash: `pat-${suffix}`,
      createdAt: T0,
      expiresAt: null,
    },
  };
}

export function makeChangeRequestConfig(project: string, environment: string): ChangeRequestConfigRecord {
  return { project, environment, enabled: true, requiredApprovals: 2 };
}

export function makeSegment(id: number, project: string | null): SegmentRecord {
  return {
    id,
    name: `segment-${id}`,
    description: null,
    project,
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'], caseInsensitive: false, inverted: false }],
    createdAt: T0,
    createdBy: 'admin',
  };
}

/** uvu's `throws` is sync-only: resolves to the rejection reason, fails when `promise` resolves. */
export async function rejects(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  assert.unreachable('expected a rejection');
}

/** The events a query selects, parsed from the JSON text the storage hands out. */
export async function eventsOf(tx: ReadTx, query: EventQuery): Promise<EventRecord[]> {
  return (await tx.events(query)).map((text) => JSON.parse(text) as EventRecord);
}
