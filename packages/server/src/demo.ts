import { SYSTEM_PRINCIPAL, type Admin, type FeatureType, type Principal, type Storage } from '@flagadmin/core';

/** What the demo created, for the start-up message and the example curl lines. */
export interface DemoData {
  /**
   * A new admin key (role admin, all projects); its secret is printed once and stored only hashed.
   * Null when the demo was asked to make none (it then acted as the system).
   */
  adminKey: string | null;
  projects: string[];
  featureCount: number;
  /** A feature the curl example patches. */
  patchTarget: { projectId: string; featureName: string };
  /** A change request the curl example reads. */
  changeRequest: { projectId: string; id: number };
  /** A project whose applications run outdated SDKs. */
  outdatedSdkProject: string;
}

/**
 * True when the storage holds nothing but the instance defaults: no feature, no project beyond
 * `default`. Only then does the bin create demo data, so a restart never duplicates it.
 */
export async function isEmptyData(storage: Storage): Promise<boolean> {
  return storage.read(async (tx) => {
    // Never list every feature: on a large instance that alone would copy them all at start.
    const projects = await tx.list('projects');
    if (!projects.every((p) => p.id === 'default')) return false;
    return (await tx.list('features', { project: 'default' })).length === 0;
  });
}

interface DemoFeature {
  name: string;
  type: FeatureType;
  description: string;
  tags?: { type: string; value: string }[];
  impressionData?: boolean;
  /** Environments switched on after creation (a patch each, so events exist). */
  enable?: ('development' | 'production')[];
  stale?: boolean;
  favorite?: boolean;
  archived?: boolean;
}

interface DemoProject {
  id: string;
  name: string;
  description: string;
  mode?: 'open' | 'protected' | 'private';
  members: { name: string; email?: string; role: 'owner' | 'member' }[];
  features: DemoFeature[];
}

const PROJECTS: DemoProject[] = [
  {
    id: 'checkout',
    name: 'Checkout',
    description: 'Cart, payment and order confirmation',
    members: [
      { name: 'Ada Lovelace', email: 'ada@example.com', role: 'owner' },
      { name: 'Grace Hopper', email: 'grace@example.com', role: 'member' },
      { name: 'Linus Torvalds', role: 'member' },
    ],
    features: [
      {
        name: 'new-checkout-flow',
        type: 'release',
        description: 'The redesigned three-step checkout',
        tags: [
          { type: 'simple', value: 'checkout' },
          { type: 'simple', value: 'q3-launch' },
        ],
        enable: ['development', 'production'],
      },
      {
        name: 'one-click-pay',
        type: 'experiment',
        description: 'Pay with the stored card in one click',
        impressionData: true,
        enable: ['development'],
      },
      {
        name: 'payment-provider-kill-switch',
        type: 'kill-switch',
        description: 'Turn off the external payment provider',
        enable: ['production'],
      },
      { name: 'legacy-cart', type: 'release', description: 'The old cart, kept for rollback', stale: true, enable: ['production'] },
      { name: 'holiday-banner-2023', type: 'release', description: 'Seasonal banner of last year', archived: true },
    ],
  },
  {
    id: 'search',
    name: 'Search & Discovery',
    description: 'Search, ranking and recommendations',
    mode: 'protected',
    members: [
      { name: 'Margaret Hamilton', email: 'margaret@example.com', role: 'owner' },
      { name: 'Alan Turing', email: 'alan@example.com', role: 'member' },
    ],
    features: [
      {
        name: 'semantic-search',
        type: 'experiment',
        description: 'Vector search next to keyword search',
        tags: [{ type: 'simple', value: 'ml' }],
        impressionData: true,
        enable: ['development'],
        favorite: true,
      },
      {
        name: 'search-cache-ttl',
        type: 'operational',
        description: 'Longer cache lifetime for search results',
        enable: ['development', 'production'],
      },
      { name: 'beta-filters', type: 'permission', description: 'Advanced filters for beta testers', enable: ['production'] },
      { name: 'old-ranking', type: 'experiment', description: 'The ranking experiment that lost', stale: true, archived: true },
    ],
  },
  {
    id: 'platform',
    name: 'Platform',
    description: 'Shared infrastructure switches',
    mode: 'private',
    members: [
      { name: 'Ken Thompson', email: 'ken@example.com', role: 'owner' },
      { name: 'Barbara Liskov', email: 'barbara@example.com', role: 'owner' },
      { name: 'Dennis Ritchie', role: 'member' },
    ],
    features: [
      { name: 'maintenance-mode', type: 'kill-switch', description: 'Show the maintenance page everywhere' },
      { name: 'admin-console-access', type: 'permission', description: 'The internal admin console', enable: ['production'] },
      { name: 'db-connection-pool-v2', type: 'operational', description: 'The new connection pool', stale: true, enable: ['development'] },
      { name: 'rate-limiter-v1', type: 'release', description: 'Replaced by the gateway rate limiter', archived: true },
    ],
  },
  {
    id: 'mobile',
    name: 'Mobile apps',
    description: 'iOS and Android; no owner yet',
    members: [{ name: 'Hedy Lamarr', role: 'member' }],
    features: [
      { name: 'dark-mode', type: 'release', description: 'Dark theme', tags: [{ type: 'simple', value: 'ui' }], enable: ['development'] },
    ],
  },
];

interface DemoApp {
  appName: string;
  environment: 'development' | 'production';
  instances: { instanceId: string; sdkVersion: string }[];
  /** Usage counts per feature reported by each instance. */
  toggles: Record<string, { yes: number; no: number }>;
}

/** SDK applications with current and outdated SDK versions (see BEHAVIOUR §7 for the minimums). */
const APPS: DemoApp[] = [
  {
    appName: 'checkout-web',
    environment: 'production',
    instances: [
      { instanceId: 'checkout-web-1', sdkVersion: 'unleash-client-node:3.9.1' },
      { instanceId: 'checkout-web-2', sdkVersion: 'unleash-client-node:6.1.0' },
    ],
    toggles: {
      'new-checkout-flow': { yes: 812, no: 188 },
      'payment-provider-kill-switch': { yes: 0, no: 1000 },
      'legacy-cart': { yes: 3, no: 997 },
    },
  },
  {
    appName: 'checkout-api',
    environment: 'production',
    instances: [{ instanceId: 'checkout-api-1', sdkVersion: 'unleash-client-java:8.0.0' }],
    toggles: { 'new-checkout-flow': { yes: 420, no: 80 }, 'one-click-pay': { yes: 12, no: 488 } },
  },
  {
    appName: 'search-service',
    environment: 'development',
    instances: [{ instanceId: 'search-service-1', sdkVersion: 'unleash-python-sdk:6.3.0' }],
    toggles: { 'semantic-search': { yes: 150, no: 50 }, 'search-cache-ttl': { yes: 200, no: 0 } },
  },
  {
    appName: 'search-indexer',
    environment: 'development',
    instances: [{ instanceId: 'search-indexer-1', sdkVersion: 'unleash-client-python:5.0.0' }],
    toggles: { 'search-cache-ttl': { yes: 40, no: 0 } },
  },
  {
    appName: 'platform-gateway',
    environment: 'production',
    instances: [{ instanceId: 'gateway-1', sdkVersion: 'unleash-node-sdk:6.6.1' }],
    toggles: { 'maintenance-mode': { yes: 0, no: 5000 }, 'admin-console-access': { yes: 17, no: 230 } },
  },
];

/**
 * Fills an empty instance with demo data, only through the admin operations (so every event, stat and
 * index is what real use would produce): projects with members and owners, features of every type with
 * tags, stale and archived ones, environments switched on by patches, change requests, and SDK
 * applications registered and reporting metrics with client keys. Returns a new admin key, unless
 * `adminKey: false`: then it makes none and acts as the system.
 */
export async function seedDemo(admin: Admin, options: { now?: () => Date; adminKey?: boolean } = {}): Promise<DemoData> {
  const now = options.now ?? (() => new Date());
  const adminKey =
    options.adminKey === false
      ? null
      : (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'demo-admin', type: 'admin', role: 'admin' } })).secret;
  // The demo acts as its own admin key, so events name a real actor; without one, as the system.
  const actor: Principal = adminKey === null ? SYSTEM_PRINCIPAL : await admin.authenticate(adminKey);

  let featureCount = 0;
  for (const project of PROJECTS) {
    await admin.createProject(actor, {
      body: {
        id: project.id,
        name: project.name,
        description: project.description,
        mode: project.mode ?? 'open',
        members: project.members,
      },
    });
    for (const f of project.features) {
      const created = await admin.createFeature(actor, {
        projectId: project.id,
        body: { name: f.name, type: f.type, description: f.description, impressionData: f.impressionData ?? false, tags: f.tags ?? [] },
      });
      featureCount++;
      const patch = (ops: unknown[]) => admin.patchFeature(actor, { projectId: project.id, featureName: f.name, patch: ops });
      for (const env of f.enable ?? []) {
        const index = created.environments.findIndex((e) => e.name === env);
        if (index >= 0) await patch([{ op: 'replace', path: `/environments/${index}/enabled`, value: true }]);
      }
      if (f.favorite) await patch([{ op: 'replace', path: '/favorite', value: true }]);
      if (f.stale) await patch([{ op: 'replace', path: '/stale', value: true }]);
      if (f.archived) await patch([{ op: 'replace', path: '/archived', value: true }]);
    }
  }

  const { changeRequest } = await admin.addChangeRequestChanges(actor, {
    projectId: 'checkout',
    environment: 'production',
    body: [
      { feature: 'one-click-pay', action: 'updateEnabled', payload: { enabled: true } },
      {
        feature: 'new-checkout-flow',
        action: 'addStrategy',
        payload: {
          name: 'flexibleRollout',
          constraints: [],
          parameters: { rollout: '50', stickiness: 'default', groupId: 'new-checkout-flow' },
        },
      },
    ],
  });
  await admin.addChangeRequestChanges(actor, {
    projectId: 'search',
    environment: 'development',
    body: { feature: 'search-cache-ttl', action: 'updateEnabled', payload: { enabled: false } },
  });

  // SDK traffic as real SDKs send it: one client key per environment, a registration per instance, then metrics.
  const clients = new Map<string, Principal>();
  for (const environment of ['development', 'production']) {
    const { secret } = await admin.createApiKey(actor, { body: { tokenName: `demo-sdk-${environment}`, type: 'client', environment } });
    clients.set(environment, await admin.authenticate(secret));
  }
  const started = now();
  const stop = now();
  const start = new Date(stop.getTime() - 60 * 60 * 1000);
  for (const app of APPS) {
    const client = clients.get(app.environment)!;
    for (const instance of app.instances) {
      await admin.registerClient(client, {
        body: {
          appName: app.appName,
          instanceId: instance.instanceId,
          sdkVersion: instance.sdkVersion,
          strategies: ['default', 'flexibleRollout', 'userWithId'],
          started: started.toISOString(),
          interval: 15000,
        },
      });
      await admin.recordMetrics(client, {
        body: {
          appName: app.appName,
          instanceId: instance.instanceId,
          bucket: { start: start.toISOString(), stop: stop.toISOString(), toggles: app.toggles },
        },
      });
    }
  }

  return {
    adminKey,
    projects: PROJECTS.map((p) => p.id),
    featureCount,
    patchTarget: { projectId: 'checkout', featureName: 'new-checkout-flow' },
    changeRequest: { projectId: 'checkout', id: changeRequest.id },
    outdatedSdkProject: 'checkout',
  };
}

/** Single-quotes a value for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Copy-paste curl lines for the five admin operations against a running instance. */
export function demoCurls(
  url: string,
  key: string,
  demo: Pick<DemoData, 'patchTarget' | 'changeRequest' | 'outdatedSdkProject'>,
): string[] {
  const auth = `-H ${shellQuote(`Authorization: ${key}`)}`;
  const { projectId, featureName } = demo.patchTarget;
  const patch = JSON.stringify([{ op: 'replace', path: '/description', value: 'Changed with curl' }]);
  return [
    `curl -s -X PATCH ${auth} -H 'Content-Type: application/json' -d ${shellQuote(patch)} ${url}/api/admin/projects/${projectId}/features/${featureName}`,
    `curl -s ${auth} ${url}/api/admin/events`,
    `curl -s ${auth} ${url}/api/admin/projects`,
    `curl -s ${auth} ${url}/api/admin/projects/${demo.changeRequest.projectId}/change-requests/${demo.changeRequest.id}`,
    `curl -s ${auth} ${url}/api/admin/projects/${demo.outdatedSdkProject}/sdks/outdated`,
  ];
}
