// The integration calls of the page (/api/admin/addons, Unleash's addons): the integrations and the
// providers built here, writes, a test-send, and the latest delivery outcomes.
import { api } from './api';

export interface ProviderParameter {
  name: string;
  displayName: string;
  type: 'url' | 'text' | 'textfield';
  description?: string;
  placeholder?: string;
  required: boolean;
  sensitive: boolean;
}

export interface Provider {
  name: string;
  displayName: string;
  description: string;
  howTo?: string;
  parameters: ProviderParameter[];
  events: string[];
}

/** An integration as answered: secret parameters as `*****`. */
export interface Integration {
  id: number;
  provider: string;
  description: string | null;
  enabled: boolean;
  parameters: Record<string, unknown>;
  events: string[];
  projects?: string[];
  environments?: string[];
}

export interface IntegrationBody {
  provider: string;
  description: string | null;
  enabled: boolean;
  parameters: Record<string, string>;
  events: string[];
  projects: string[];
  environments: string[];
}

export interface Delivery {
  id: string;
  createdAt: string;
  state: 'success' | 'failed' | 'successWithErrors';
  stateDetails: string;
  event: { type?: string; featureName?: string | null; createdBy?: string };
}

const ADDONS = '/api/admin/addons';
const one = (id: number) => `${ADDONS}/${id}`;

export const listIntegrations = async (): Promise<{ addons: Integration[]; providers: Provider[] }> =>
  (await api<{ addons: Integration[]; providers: Provider[] }>(ADDONS)).data;

export async function createIntegration(body: IntegrationBody): Promise<void> {
  await api(ADDONS, { method: 'POST', body });
}

/** Sends the integration back with `enabled` changed (its secrets as `*****` keep their values). */
export async function setEnabled(integration: Integration, enabled: boolean): Promise<void> {
  const { id: _id, ...rest } = integration;
  await api(one(integration.id), {
    method: 'PUT',
    body: { ...rest, enabled, projects: rest.projects ?? [], environments: rest.environments ?? [] },
  });
}

export async function deleteIntegration(id: number): Promise<void> {
  await api(one(id), { method: 'DELETE' });
}

export async function testIntegration(id: number): Promise<void> {
  await api(`${one(id)}/test`, { method: 'POST' });
}

export const listDeliveries = async (id: number): Promise<Delivery[]> =>
  (await api<{ integrationEvents: Delivery[] }>(`${one(id)}/events?limit=20`)).data.integrationEvents;
