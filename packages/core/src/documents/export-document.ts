/**
 * An export in Unleash 8.2.0's format (exportResultSchema) built from records: the features, their
 * strategies and on/off state and variants in one environment, and what those use (context fields,
 * segments by id and name, tags and tag types, dependencies, links).
 */
import type { FeatureRecord, SegmentRecord } from '../base/records';
import type { ContextFieldRecord, TagTypeRecord } from '../base/vocabulary-records';

export interface ExportSources {
  features: readonly FeatureRecord[];
  environment: string;
  contextFields: readonly ContextFieldRecord[];
  segments: readonly SegmentRecord[];
  tagTypes: readonly TagTypeRecord[];
}

export function exportDocument({ features, environment, contextFields, segments, tagTypes }: ExportSources) {
  const states = features.flatMap((f) => {
    const state = f.environments.find((e) => e.name === environment);
    return state ? [{ feature: f, state }] : [];
  });
  const strategies = states.flatMap(({ feature, state }) =>
    state.strategies.map((s) => ({
      id: s.id,
      name: s.name,
      featureName: feature.name,
      title: s.title ?? null,
      disabled: s.disabled ?? false,
      sortOrder: s.sortOrder,
      segments: [...s.segments],
      constraints: s.constraints,
      variants: s.variants,
      parameters: s.parameters,
    })),
  );
  const usedFields = new Set<string>();
  for (const { state } of states) {
    for (const v of state.variants) {
      usedFields.add(v.stickiness);
      for (const o of v.overrides ?? []) usedFields.add(o.contextName);
    }
  }
  for (const s of strategies) {
    const stickiness = s.parameters['stickiness'];
    if (stickiness !== undefined) usedFields.add(stickiness);
    for (const c of s.constraints) usedFields.add(c.contextName);
  }
  const usedSegments = new Set(strategies.flatMap((s) => s.segments));
  const featureTags = features.flatMap((f) => f.tags.map((t) => ({ featureName: f.name, tagType: t.type, tagValue: t.value })));
  const usedTagTypes = new Set(featureTags.map((t) => t.tagType));
  return {
    features: features.map((f) => ({
      name: f.name,
      description: f.description,
      type: f.type,
      project: f.project,
      stale: f.stale,
      impressionData: f.impressionData,
      archived: f.archived,
    })),
    featureStrategies: strategies,
    featureEnvironments: states.map(({ feature, state }) => ({
      enabled: state.enabled,
      featureName: feature.name,
      environment,
      variants: state.variants,
      name: feature.name,
    })),
    contextFields: contextFields
      .filter((f) => usedFields.has(f.name))
      .map((f) => ({
        name: f.name,
        description: f.description,
        stickiness: f.stickiness,
        sortOrder: f.sortOrder,
        legalValues: f.legalValues.map((v) => ({ ...v })),
        ...(f.project === null ? {} : { project: f.project }),
      })),
    featureTags,
    segments: segments.filter((s) => s.deletedAt === undefined && usedSegments.has(s.id)).map((s) => ({ id: s.id, name: s.name })),
    tagTypes: tagTypes
      .filter((t) => usedTagTypes.has(t.name))
      .map((t) => ({ name: t.name, description: t.description, icon: t.icon, ...(t.color === null ? {} : { color: t.color }) })),
    dependencies: features
      .filter((f) => f.dependencies.length)
      .map((f) => ({
        feature: f.name,
        dependencies: f.dependencies.map((d) => ({ feature: d.feature, enabled: d.enabled, variants: [...d.variants] })),
      })),
    links: features
      .filter((f) => f.links?.length)
      .map((f) => ({ feature: f.name, links: f.links!.map((l) => ({ id: l.id, url: l.url, title: l.title })) })),
  };
}

export type ExportDocument = ReturnType<typeof exportDocument>;
