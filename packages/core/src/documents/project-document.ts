/** The project document the admin API returns, built from a project record and its aggregates. */
import type { ProjectMode, ProjectRecord, ProjectStatsRecord } from '../base/records';
import { averageTimeToProduction, potentiallyStaleCount } from './project-stats';

export interface ProjectOwner {
  ownerType: 'user' | 'system';
  name?: string;
  email?: string;
  imageUrl?: string;
}

export interface ProjectDocument {
  id: string;
  name: string;
  description: string;
  health: number;
  featureCount: number;
  staleFeatureCount: number;
  potentiallyStaleFeatureCount: number;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  favorite: boolean;
  mode: ProjectMode;
  defaultStickiness: string;
  avgTimeToProduction: number;
  owners: ProjectOwner[];
}

export interface ProjectsResponse {
  version: 1;
  projects: readonly ProjectDocument[];
}

/** Figures that depend on the clock, from the project's aggregates: O(types × log features). */
export function projectDocument(
  p: ProjectRecord,
  stats: ProjectStatsRecord,
  now: Date,
  lifetimes?: Parameters<typeof potentiallyStaleCount>[2],
): ProjectDocument {
  const potentiallyStale = potentiallyStaleCount(stats, now, lifetimes);
  const count = stats.featureCount;
  const health = count === 0 ? 100 : Math.round(100 * (1 - (stats.staleFeatureCount + potentiallyStale) / count));
  const owners: ProjectOwner[] = p.members
    .filter((m) => m.role === 'owner')
    .map((m) => ({
      ownerType: 'user' as const,
      name: m.name,
      ...(m.email ? { email: m.email } : {}),
      ...(m.imageUrl ? { imageUrl: m.imageUrl } : {}),
    }));
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    health,
    featureCount: count,
    staleFeatureCount: stats.staleFeatureCount,
    potentiallyStaleFeatureCount: potentiallyStale,
    memberCount: p.members.length,
    createdAt: p.createdAt,
    updatedAt: stats.lastEventAt ?? p.createdAt,
    favorite: p.favorite,
    mode: p.mode,
    defaultStickiness: p.defaultStickiness,
    avgTimeToProduction: averageTimeToProduction(stats),
    owners: owners.length ? owners : [{ ownerType: 'system' }],
  };
}
