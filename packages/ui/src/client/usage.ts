// The page's calls for SDK usage: a flag's hour buckets, the applications with their SDKs and instances.
import { api, seg } from './api';

export interface UsageBucket {
  appName: string;
  environment: string;
  timestamp: string;
  yes: number;
  no: number;
  variants?: Record<string, number>;
}

/** A flag's buckets per environment, application and hour of the last `hours` hours (hours without reports at 0). */
export async function getFeatureUsage(featureName: string, hours: number): Promise<UsageBucket[]> {
  return (await api<{ data: UsageBucket[] }>(`/api/admin/client-metrics/features/${seg(featureName)}/raw?hoursBack=${hours}`)).data.data;
}

/** Exposures (yes and no) per hour, summed over the applications of the environment (every one when null). */
export function perHour(buckets: readonly UsageBucket[], environment: string | null): { hour: string; yes: number; no: number }[] {
  const hours = new Map<string, { hour: string; yes: number; no: number }>();
  for (const b of buckets) {
    const hour = hours.get(b.timestamp) ?? { hour: b.timestamp, yes: 0, no: 0 };
    if (environment === null || b.environment === environment) {
      hour.yes += b.yes;
      hour.no += b.no;
    }
    hours.set(b.timestamp, hour);
  }
  return [...hours.values()].sort((a, b) => (a.hour < b.hour ? -1 : 1));
}

export interface Application {
  appName: string;
  sdkVersion?: string;
  strategies: string[];
  usage: { project: string; environments: string[] }[];
}

export async function getApplications(): Promise<Application[]> {
  return (await api<{ applications: Application[] }>('/api/admin/metrics/applications')).data.applications;
}

export interface ApplicationOverview {
  projects: string[];
  featureCount: number;
  environments: {
    name: string;
    instanceCount: number;
    sdks: string[];
    lastSeen: string | null;
    issues: { missingFeatures: string[]; outdatedSdks: string[] };
  }[];
  issues: { missingStrategies: string[] };
}

export async function getApplicationOverview(appName: string): Promise<ApplicationOverview> {
  return (await api<ApplicationOverview>(`/api/admin/metrics/applications/${seg(appName)}/overview`)).data;
}

export interface ApplicationInstance {
  instanceId: string;
  sdkVersion: string | null;
  lastSeen: string;
}

export async function getApplicationInstances(appName: string, environment: string): Promise<ApplicationInstance[]> {
  const path = `/api/admin/metrics/instances/${seg(appName)}/environment/${seg(environment)}`;
  return (await api<{ instances: ApplicationInstance[] }>(path)).data.instances;
}
