/**
 * A feature's state in a form both sides give alike, to tell whether a move would change it: built from
 * exports (one per environment) or from feature documents. Ids, sort-order numbers (only the order counts),
 * timestamps and who did what are left out; segments are named, not numbered (ids differ between instances).
 */
import type { ConstraintDoc, ExportData, ExportStrategy, FeatureDoc, VariantDoc } from './documents';

export interface FeatureState {
  project: string;
  archived: boolean;
  /** Type, description, stale, impression data, tags, dependencies and links: the same in every environment. */
  shared: string;
  /** Per environment: on/off, variants and strategies. */
  environments: Map<string, string>;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function constraint(c: ConstraintDoc) {
  return {
    contextName: c.contextName,
    operator: c.operator,
    values: c.values?.length ? [...c.values] : [],
    value: c.value ?? '',
    inverted: c.inverted === true,
    caseInsensitive: c.caseInsensitive === true,
  };
}

function variant(v: VariantDoc) {
  return {
    name: v.name,
    weight: v.weight ?? 0,
    weightType: v.weightType ?? 'variable',
    stickiness: v.stickiness ?? 'default',
    payload: v.payload ? { type: v.payload.type, value: v.payload.value } : null,
    overrides: (v.overrides ?? []).map((o) => ({ contextName: o.contextName, values: [...o.values] })),
  };
}

/** Strategies in their order, each without its id and with its segments by name. */
function strategies(list: readonly ExportStrategy[], segmentName: (id: number) => string): string {
  return JSON.stringify(
    [...list]
      .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0))
      .map((s) => ({
        name: s.name,
        title: s.title || null,
        disabled: s.disabled === true,
        parameters: Object.entries(s.parameters ?? {})
          .map(([k, v]) => [k, String(v)])
          .sort((a, b) => byText(a[0]!, b[0]!)),
        constraints: (s.constraints ?? []).map(constraint),
        segments: (s.segments ?? []).map(segmentName).sort(byText),
        variants: (s.variants ?? []).map(variant),
      })),
  );
}

const environmentState = (enabled: boolean, variants: readonly VariantDoc[] | undefined, strategyText: string) =>
  JSON.stringify([enabled, (variants ?? []).map(variant), strategyText]);

interface SharedParts {
  type?: string | undefined;
  description?: string | null | undefined;
  stale?: boolean | null | undefined;
  impressionData?: boolean | null | undefined;
  tags: string[];
  dependencies: { feature: string; enabled?: boolean | undefined; variants?: string[] | undefined }[];
  links: { url: string; title?: string | null | undefined }[];
}

function sharedState(p: SharedParts): string {
  return JSON.stringify({
    type: p.type ?? 'release',
    description: p.description || '',
    stale: p.stale === true,
    impressionData: p.impressionData === true,
    tags: [...p.tags].sort(byText),
    dependencies: p.dependencies
      .map((d) => [d.feature, d.enabled !== false, [...(d.variants ?? [])].sort(byText)] as const)
      .sort((a, b) => byText(a[0], b[0])),
    links: p.links.map((l) => [l.url, l.title || null]).sort((a, b) => byText(a[0]!, b[0]!)),
  });
}

/** The states of the features in `exports` (one export per environment of the same features), by name. */
export function statesFromExports(exports: ReadonlyMap<string, ExportData>): Map<string, FeatureState> {
  const out = new Map<string, FeatureState>();
  for (const [environment, data] of exports) {
    const segmentNames = new Map((data.segments ?? []).map((s) => [s.id, s.name]));
    const segmentName = (id: number) => segmentNames.get(id) ?? `#${id}`;
    const strategiesOf = groupBy(data.featureStrategies, (s) => s.featureName);
    const tagsOf = groupBy(data.featureTags ?? [], (t) => t.featureName);
    const dependenciesOf = new Map((data.dependencies ?? []).map((d) => [d.feature, d.dependencies]));
    const linksOf = new Map((data.links ?? []).map((l) => [l.feature, l.links]));
    for (const f of data.features) {
      let state = out.get(f.name);
      if (!state) {
        state = {
          project: f.project ?? 'default',
          archived: f.archived === true,
          shared: sharedState({
            ...f,
            tags: (tagsOf.get(f.name) ?? []).map((t) => `${t.tagType ?? 'simple'}:${t.tagValue}`),
            dependencies: dependenciesOf.get(f.name) ?? [],
            links: linksOf.get(f.name) ?? [],
          }),
          environments: new Map(),
        };
        out.set(f.name, state);
      }
    }
    for (const e of data.featureEnvironments ?? []) {
      const name = e.featureName ?? e.name!;
      out
        .get(name)
        ?.environments.set(environment, environmentState(e.enabled, e.variants, strategies(strategiesOf.get(name) ?? [], segmentName)));
    }
  }
  return out;
}

/** A feature document's state in the environments named (segment ids read through `segmentName`). */
export function stateFromDocument(f: FeatureDoc, environments: readonly string[], segmentName: (id: number) => string): FeatureState {
  const wanted = new Set(environments);
  return {
    project: f.project,
    archived: f.archived === true,
    shared: sharedState({
      ...f,
      tags: (f.tags ?? []).map((t) => `${t.type}:${t.value}`),
      dependencies: f.dependencies ?? [],
      links: f.links ?? [],
    }),
    environments: new Map(
      f.environments
        .filter((e) => wanted.has(e.name))
        .map((e) => [e.name, environmentState(e.enabled, e.variants, strategies(e.strategies, segmentName))]),
    ),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
