// The playground and CORS calls of the page: the advanced playground (flags on or off for a context, and
// why, in several environments) and the frontend API's allowed origins of the UI configuration.
import { api } from './api';
import type { Constraint } from './types';

export interface PlaygroundContext {
  appName: string;
  userId?: string;
  sessionId?: string;
  remoteAddress?: string;
  properties?: Record<string, string>;
}

export interface PlaygroundRequest {
  environments: string[];
  /** `*`: every project the key reads. */
  projects: string[] | '*';
  context: PlaygroundContext;
}

export type Enabled = boolean | 'unknown';
export type EvaluatedConstraint = Constraint & { result: boolean };

export interface PlaygroundStrategy {
  id: string;
  name: string;
  title?: string;
  disabled: boolean;
  parameters: Record<string, string>;
  constraints: EvaluatedConstraint[];
  segments: { id: number; name: string; result: boolean; constraints: EvaluatedConstraint[] }[];
  result: { evaluationStatus: 'complete' | 'incomplete' | 'unevaluated'; enabled: Enabled };
}

/** One flag in one environment for one context (a property with commas gives several contexts). */
export interface PlaygroundEntry {
  name: string;
  environment: string;
  context: Record<string, unknown>;
  isEnabled: boolean;
  isEnabledInCurrentEnvironment: boolean;
  hasUnsatisfiedDependency?: boolean;
  variant: { name: string; enabled: boolean } | null;
  strategies: { result: Enabled; data: PlaygroundStrategy[] };
}

export interface PlaygroundAnswer {
  features: { name: string; projectId: string; environments: Record<string, PlaygroundEntry[]> }[];
  warnings?: { invalidContextProperties?: string[] };
}

export async function runPlayground(request: PlaygroundRequest): Promise<PlaygroundAnswer> {
  return (await api<PlaygroundAnswer>('/api/admin/playground/advanced', { method: 'POST', body: request })).data;
}

/** The origins browsers may read the frontend API and OFREP from (`*`: any). */
export async function getFrontendOrigins(): Promise<string[]> {
  return (await api<{ frontendApiOrigins: string[] }>('/api/admin/ui-config')).data.frontendApiOrigins;
}

/** Admin keys only; the API refuses an origin that is not `*` or a bare origin, naming it. */
export async function setFrontendOrigins(frontendApiOrigins: string[]): Promise<void> {
  await api('/api/admin/ui-config/cors', { method: 'POST', body: { frontendApiOrigins } });
}
