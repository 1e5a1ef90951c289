/**
 * The request bodies a move writes, the same on both sides (flagadmin takes Unleash's shapes): a context
 * field (`project` kept only where the target names it in the path or body), a tag type, a segment, a custom
 * strategy definition.
 */
import type { ContextFieldDoc, SegmentDoc, StrategyDefinitionDoc, TagTypeDoc } from './documents';

export const contextFieldBody = (f: ContextFieldDoc) => ({
  name: f.name,
  description: f.description ?? '',
  stickiness: f.stickiness ?? false,
  sortOrder: f.sortOrder ?? 0,
  legalValues: (f.legalValues ?? []).map((v) => ({ value: v.value, ...(v.description ? { description: v.description } : {}) })),
});

export const tagTypeBody = (t: TagTypeDoc) => ({ name: t.name, description: t.description ?? '', ...(t.icon ? { icon: t.icon } : {}) });

export const segmentBody = (s: Omit<SegmentDoc, 'id'>) => ({
  name: s.name,
  description: s.description ?? '',
  constraints: s.constraints,
  ...(s.project ? { project: s.project } : {}),
});

export const definitionBody = (d: StrategyDefinitionDoc) => ({
  name: d.name,
  description: d.description ?? '',
  ...(d.title ? { title: d.title } : {}),
  parameters: d.parameters,
});
