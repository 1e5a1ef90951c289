// The segment calls of the page: list, create, replace, delete (refused, naming the strategies, while used).
import { api, seg } from './api';
import type { Constraint, Segment } from './types';

export interface SegmentBody {
  name: string;
  description: string | null;
  /** A project's segment, or null for one every project may use. */
  project: string | null;
  constraints: Constraint[];
}

export async function listSegments(): Promise<Segment[]> {
  return (await api<{ segments: Segment[] }>('/api/admin/segments')).data.segments;
}

/** Creates one (no id) or replaces one (with its id). */
export async function saveSegment(id: number | undefined, body: SegmentBody): Promise<void> {
  await api(id === undefined ? '/api/admin/segments' : `/api/admin/segments/${id}`, { method: id === undefined ? 'POST' : 'PUT', body });
}

/** A 409 while strategies use it: its message names them (feature, environment, strategy). */
export async function deleteSegment(id: number): Promise<void> {
  await api(`/api/admin/segments/${seg(String(id))}`, { method: 'DELETE' });
}
