/** An application as Unleash's `applicationSchema` answers it, built from its record. */
import { canSeeProject, type Principal } from '../base/auth';
import type { ClientAppRecord } from '../base/records';

export interface ApplicationDocument {
  appName: string;
  /** The SDK its most recently seen instance runs (absent when none said). */
  sdkVersion?: string;
  strategies: string[];
  /** The projects it reported usage for (those the key may see), with the environments its instances run in. */
  usage: { project: string; environments: string[] }[];
}

export function applicationDocument(app: Readonly<ClientAppRecord>, principal: Principal): ApplicationDocument {
  const latest = [...app.instances].filter((i) => i.sdkVersion).sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : -1))[0];
  const environments = [...new Set(app.instances.flatMap((i) => (i.environment === null ? [] : [i.environment])))].sort();
  return {
    appName: app.appName,
    ...(latest?.sdkVersion ? { sdkVersion: latest.sdkVersion } : {}),
    strategies: app.strategies ?? [],
    usage: app.projects.filter((p) => canSeeProject(principal, p)).map((project) => ({ project, environments })),
  };
}
