// Tags, tag types and search through the admin API's Unleash routes.
import { api, seg } from './api';
import type { Tag } from './types';
import { useResource } from './use-resource';

export interface TagType {
  name: string;
  description?: string;
  icon?: string | null;
  /** `#RRGGBB`, or none. */
  color?: string | null;
}

/** A tag as search and a feature's tag list answer it: with its type's colour. */
export interface ColoredTag extends Tag {
  color?: string | null;
}

export const listTagTypes = async (): Promise<TagType[]> => (await api<{ tagTypes: TagType[] }>('/api/admin/tag-types')).data.tagTypes;

export const createTagType = (body: TagType) => api('/api/admin/tag-types', { method: 'POST', body });

export const deleteTagType = (name: string) => api(`/api/admin/tag-types/${seg(name)}`, { method: 'DELETE' });

export const listTags = async (): Promise<Tag[]> => (await api<{ tags: Tag[] }>('/api/admin/tags')).data.tags;

const featureTags = (featureName: string) => `/api/admin/features/${seg(featureName)}/tags`;

export const addFeatureTag = (featureName: string, tag: Tag) => api(featureTags(featureName), { method: 'POST', body: tag });

export const removeFeatureTag = (featureName: string, tag: Tag) =>
  api(`${featureTags(featureName)}/${seg(tag.type)}/${seg(tag.value)}`, { method: 'DELETE' });

/** Each tag type's colour, by type name (types without one are left out). */
export const tagColors = (types: readonly TagType[] = []): ReadonlyMap<string, string> =>
  new Map(types.flatMap((t) => (t.color ? [[t.name, t.color] as const] : [])));

/** The tag types' colours, loaded once per screen. */
export function useTagColors(): ReadonlyMap<string, string> {
  return tagColors(useResource(listTagTypes, []).data);
}

/** A tag as people read it: the value alone for the default type `simple`. */
export const tagText = (t: Tag): string => (t.type === 'simple' ? t.value : `${t.type}: ${t.value}`);

export interface SearchedFeature {
  name: string;
  project: string;
  type: string;
  description: string | null;
  stale: boolean;
  archivedAt: string | null;
  createdAt: string;
  tags: ColoredTag[];
  createdBy: { id: number; name: string };
  environments: { name: string; enabled: boolean }[];
}

export interface SearchFilters {
  query: string;
  project: string;
  /** `type:value`, or empty. */
  tag: string;
  type: string;
  state: '' | 'active' | 'stale' | 'potentially-stale' | 'archived';
}

export const NO_SEARCH: SearchFilters = { query: '', project: '', tag: '', type: '', state: '' };

/** `GET /api/admin/search/features` with Unleash's filter grammar: one page and how many match in all. */
export async function searchFeatures(
  f: SearchFilters,
  page: { offset: number; limit: number },
): Promise<{ features: SearchedFeature[]; total: number }> {
  const q = new URLSearchParams({ sortBy: 'name', offset: String(page.offset), limit: String(page.limit) });
  if (f.query.trim()) q.set('query', f.query.trim());
  if (f.project) q.set('project', `IS:${f.project}`);
  if (f.tag) q.set('tag', `INCLUDE:${f.tag}`);
  if (f.type) q.set('type', `IS:${f.type}`);
  if (f.state === 'archived') q.set('archived', 'IS:true');
  else if (f.state) q.set('state', `IS:${f.state}`);
  return (await api<{ features: SearchedFeature[]; total: number }>(`/api/admin/search/features?${q}`)).data;
}
