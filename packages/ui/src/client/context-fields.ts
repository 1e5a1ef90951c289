// The context field calls of the page, and the fields a constraint editor of the current project offers.
import { useEffect, useState } from 'preact/hooks';
import { api, seg } from './api';
import { CONTEXT_FIELDS } from './flag-config';
import { useHashPath } from './router';

export interface LegalValue {
  value: string;
  description?: string;
}

/** A context field as the API answers it. */
export interface ContextField {
  name: string;
  description: string;
  stickiness: boolean;
  sortOrder: number;
  legalValues: LegalValue[];
  project?: string;
  usedInFeatures?: number;
  usedInProjects?: number;
}

const CONTEXT = '/api/admin/context';
const field = (name: string) => `${CONTEXT}/${seg(name)}`;

export const listContextFields = async (): Promise<ContextField[]> => (await api<ContextField[]>(`${CONTEXT}?include=project`)).data;

export async function createContextField(body: Partial<ContextField> & { name: string }): Promise<ContextField> {
  return (await api<ContextField>(CONTEXT, { method: 'POST', body })).data;
}

export async function updateContextField(f: ContextField, change: Partial<ContextField>): Promise<void> {
  const { description, stickiness, sortOrder, legalValues } = { ...f, ...change };
  await api(field(f.name), { method: 'PUT', body: { description, stickiness, sortOrder, legalValues } });
}

export async function addLegalValue(name: string, value: LegalValue): Promise<void> {
  await api(`${field(name)}/legal-values`, { method: 'POST', body: value });
}

export async function removeLegalValue(name: string, value: string): Promise<void> {
  await api(`${field(name)}/legal-values/${seg(value)}`, { method: 'DELETE' });
}

export async function deleteContextField(name: string): Promise<void> {
  await api(field(name), { method: 'DELETE' });
}

const BUILT_IN: ContextField[] = CONTEXT_FIELDS.map((name, sortOrder) => ({
  name,
  description: '',
  stickiness: name === 'userId' || name === 'sessionId',
  sortOrder,
  legalValues: [],
}));

/** The fields of a project (its own and the instance's), kept per project while the page is open. */
const loaded = new Map<string, Promise<ContextField[]>>();

/**
 * The context fields the project on screen may use (the project of the current `#/projects/:id/...`
 * route), the built-ins until they are loaded or when the key may not read them.
 */
export function useProjectContextFields(): ContextField[] {
  const projectId = /^\/projects\/([^/?]+)/.exec(useHashPath())?.[1];
  const [fields, setFields] = useState<ContextField[]>(BUILT_IN);
  useEffect(() => {
    if (!projectId) return;
    let current = true;
    let request = loaded.get(projectId);
    if (!request) {
      request = api<ContextField[]>(`/api/admin/projects/${projectId}/context?include=root`).then((r) => r.data);
      loaded.set(projectId, request);
      request.catch(() => loaded.delete(projectId));
    }
    request.then(
      (data) => current && setFields(data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [projectId]);
  return fields;
}

/** Forget the loaded fields (after the context fields screen changed them). */
export const forgetContextFields = (): void => loaded.clear();

/** The names of the fields with stickiness on, for the stickiness choices of rollouts and variants. */
export const useStickyFieldNames = (): string[] =>
  useProjectContextFields()
    .filter((f) => f.stickiness)
    .map((f) => f.name);
