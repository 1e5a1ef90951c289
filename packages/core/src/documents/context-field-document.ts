/** A context field as the API answers it (Unleash's contextFieldSchema). */
import type { ContextFieldRecord } from '../base/vocabulary-records';

export interface ContextFieldDocument {
  name: string;
  description: string;
  stickiness: boolean;
  sortOrder: number;
  createdAt: string;
  legalValues: { value: string; description?: string }[];
  /** Only for a project's field. */
  project?: string;
  /** In lists only (as Unleash): live features and projects whose strategies use the field. */
  usedInFeatures?: number;
  usedInProjects?: number;
}

export function contextFieldDocument(field: ContextFieldRecord, usage?: { features: number; projects: number }): ContextFieldDocument {
  return {
    name: field.name,
    description: field.description,
    stickiness: field.stickiness,
    sortOrder: field.sortOrder,
    createdAt: field.createdAt,
    ...(usage ? { usedInFeatures: usage.features, usedInProjects: usage.projects } : {}),
    legalValues: field.legalValues.map((v) => ({ ...v })),
    ...(field.project === null ? {} : { project: field.project }),
  };
}
