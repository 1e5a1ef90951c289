import { SYSTEM_PRINCIPAL, type Admin, type Principal, type Storage } from '@flagadmin/core';
import { APPS, PROJECTS } from './demo-data';
import { createDemoPerson, type DemoPerson } from './demo-person';

/** What the demo created, for the start-up message and the example curl lines. */
export interface DemoData {
  /**
   * A new admin key (role admin, all projects); its secret is printed once and stored only hashed.
   * Null when the demo was asked to make none (it then acted as the system).
   */
  adminKey: string | null;
  /** With the key, a person to sign in to the page with (printed once); null when none was made. */
  adminPerson: DemoPerson | null;
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
    adminPerson: adminKey === null ? null : await createDemoPerson(admin),
    projects: PROJECTS.map((p) => p.id),
    featureCount,
    patchTarget: { projectId: 'checkout', featureName: 'new-checkout-flow' },
    changeRequest: { projectId: 'checkout', id: changeRequest.id },
    outdatedSdkProject: 'checkout',
  };
}
