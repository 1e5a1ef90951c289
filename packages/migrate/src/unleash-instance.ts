/** A running Unleash as a move's source or target, through its admin API (Unleash 8.2.0's paths and shapes). */
import type {
  ApiTokenDoc,
  ChangeRequestSetting,
  ContextFieldDoc,
  EnvironmentDoc,
  ExportData,
  ExportStrategy,
  FeatureDoc,
  FeatureListing,
  ProjectDoc,
  SegmentDoc,
  StrategyDefinitionDoc,
  TagDoc,
  TagTypeDoc,
} from './documents';
import { contextFieldBody, definitionBody, segmentBody, tagTypeBody } from './bodies';
import { statesFromExports } from './feature-state';
import { NotSupported, type Instance } from './instance';
import type { UnleashApi } from './unleash-api';

const enc = encodeURIComponent;

/** A context field's body with its project, where it has one (Unleash takes it in the body). */
const withProject = (f: ContextFieldDoc) => ({ ...contextFieldBody(f), ...(f.project ? { project: f.project } : {}) });

/** Unleash's largest search page. */
const SEARCH_PAGE = 100;

export function unleashInstance(api: UnleashApi): Instance {
  /**
   * Unleash's export lists a feature's strategies in no set order and without their sort order: where a feature
   * has several in the environment, their order is read from the feature's document (one call per such feature).
   */
  async function inOrder(projectId: string, environment: string, strategies: ExportStrategy[]): Promise<ExportStrategy[]> {
    const counts = new Map<string, number>();
    for (const s of strategies) counts.set(s.featureName, (counts.get(s.featureName) ?? 0) + 1);
    const rank = new Map<string, number>();
    for (const [name, count] of counts) {
      if (count < 2) continue;
      const feature = await api.call<FeatureDoc>('GET', `/api/admin/projects/${enc(projectId)}/features/${enc(name)}`);
      const listed = feature.environments.find((e) => e.name === environment)?.strategies ?? [];
      for (const [i, s] of listed.entries()) if (s.id !== undefined) rank.set(s.id, i);
    }
    const order = (s: ExportStrategy) => (s.id === undefined ? 0 : (rank.get(s.id) ?? 0));
    return strategies
      .map((s) => ({ ...s, sortOrder: order(s) }))
      .sort((a, b) => (a.featureName < b.featureName ? -1 : a.featureName > b.featureName ? 1 : order(a) - order(b)));
  }

  /** A write an edition may not have (404): NotSupported, the item skipped with the reason. */
  const write = async (method: string, path: string, body?: unknown) => {
    if ((await api.optional(method, path, body)) === undefined)
      throw new NotSupported(`${api.url} has no ${method} ${path.replace(/\/[^/]*$/, '/…')} (an edition without it)`);
  };
  return {
    label: `Unleash at ${api.url}`,
    environments: async () => (await api.call<{ environments: EnvironmentDoc[] }>('GET', '/api/admin/environments')).environments,
    createEnvironment: (e) => write('POST', '/api/admin/environments', { name: e.name, type: e.type, sortOrder: e.sortOrder }),
    setEnvironmentOrder: (order) => api.call('PUT', '/api/admin/environments/sort-order', order).then(() => undefined),
    setEnvironmentEnabled: (name, enabled) =>
      api.call('POST', `/api/admin/environments/${enc(name)}/${enabled ? 'on' : 'off'}`).then(() => undefined),
    projects: async () => (await api.call<{ projects: ProjectDoc[] }>('GET', '/api/admin/projects')).projects,
    createProject: (p) => write('POST', '/api/admin/projects', { id: p.id, name: p.name, description: p.description ?? '' }),
    async projectEnvironments(projectId) {
      const overview = await api.call<{ environments: { environment: string }[] }>('GET', `/api/admin/projects/${enc(projectId)}/overview`);
      return overview.environments.map((e) => e.environment);
    },
    addProjectEnvironment: (projectId, environment) =>
      api.call('POST', `/api/admin/projects/${enc(projectId)}/environments`, { environment }).then(() => undefined),
    contextFields: () => api.call<ContextFieldDoc[]>('GET', '/api/admin/context'),
    createContextField: (f) => api.call('POST', '/api/admin/context', withProject(f)).then(() => undefined),
    updateContextField: (f) => api.call('PUT', `/api/admin/context/${enc(f.name)}`, withProject(f)).then(() => undefined),
    tagTypes: async () => (await api.call<{ tagTypes: TagTypeDoc[] }>('GET', '/api/admin/tag-types')).tagTypes,
    createTagType: (t) => api.call('POST', '/api/admin/tag-types', tagTypeBody(t)).then(() => undefined),
    updateTagType: (t) => api.call('PUT', `/api/admin/tag-types/${enc(t.name)}`, tagTypeBody(t)).then(() => undefined),
    tags: async () => (await api.call<{ tags: TagDoc[] }>('GET', '/api/admin/tags')).tags,
    createTag: (t) => api.call('POST', '/api/admin/tags', { type: t.type, value: t.value }).then(() => undefined),
    segments: async () => (await api.call<{ segments: SegmentDoc[] }>('GET', '/api/admin/segments')).segments,
    createSegment: (s) => api.call('POST', '/api/admin/segments', segmentBody(s)).then(() => undefined),
    updateSegment: (id, s) => api.call('PUT', `/api/admin/segments/${id}`, segmentBody(s)).then(() => undefined),
    async strategyDefinitions() {
      const { strategies } = await api.call<{ strategies: StrategyDefinitionDoc[] }>('GET', '/api/admin/strategies');
      return strategies.filter((s) => s.editable);
    },
    createStrategyDefinition: (d) => api.call('POST', '/api/admin/strategies', definitionBody(d)).then(() => undefined),
    updateStrategyDefinition: (d) => api.call('PUT', `/api/admin/strategies/${enc(d.name)}`, definitionBody(d)).then(() => undefined),
    setStrategyDeprecated: (name, deprecated) =>
      api.call('POST', `/api/admin/strategies/${enc(name)}/${deprecated ? 'deprecate' : 'reactivate'}`).then(() => undefined),
    async features(projectId) {
      const live = await api.call<{ features: { name: string }[] }>('GET', `/api/admin/projects/${enc(projectId)}/features`);
      const out: FeatureListing[] = live.features.map((f) => ({ name: f.name, archived: false }));
      // Archived features only through search, a page of at most 100 (and 15 searches a minute: see unleash-api.ts).
      for (let offset = 0; ; offset += SEARCH_PAGE) {
        const query = new URLSearchParams({
          project: `IS:${projectId}`,
          archived: 'IS:true',
          offset: String(offset),
          limit: String(SEARCH_PAGE),
        });
        const page = await api.call<{ features: { name: string }[]; total: number }>('GET', `/api/admin/search/features?${query}`);
        out.push(...page.features.map((f) => ({ name: f.name, archived: true })));
        if (page.features.length < SEARCH_PAGE || offset + SEARCH_PAGE >= page.total) return out;
      }
    },
    async exportFeatures(projectId, environment, names) {
      const data = await api.call<ExportData>('POST', '/api/admin/features-batch/export', { environment, features: names });
      const features = data.features.filter((f) => (f.project ?? projectId) === projectId);
      return { ...data, features, featureStrategies: await inOrder(projectId, environment, data.featureStrategies) };
    },
    async featureStates(projectId, environments, names) {
      const exports = new Map<string, ExportData>();
      for (const environment of environments) exports.set(environment, await this.exportFeatures(projectId, environment, names));
      return statesFromExports(exports);
    },
    importFeatures: (projectId, environment, data) =>
      api.call('POST', '/api/admin/features-batch/import', { project: projectId, environment, data }).then(() => undefined),
    archiveFeature: (projectId, name) =>
      api.call('DELETE', `/api/admin/projects/${enc(projectId)}/features/${enc(name)}`).then(() => undefined),
    async changeRequestSettings(projectId) {
      return api.optional<ChangeRequestSetting[]>('GET', `/api/admin/projects/${enc(projectId)}/change-requests/config`);
    },
    setChangeRequestSetting: (projectId, s) =>
      write('PUT', `/api/admin/projects/${enc(projectId)}/environments/${enc(s.environment)}/change-requests/config`, {
        changeRequestsEnabled: s.changeRequestEnabled,
        ...(s.requiredApprovals ? { requiredApprovals: s.requiredApprovals } : {}),
      }),
    async apiTokens() {
      const answer = await api.optional<{ tokens: ApiTokenDoc[] }>('GET', '/api/admin/api-tokens');
      return (answer?.tokens ?? []).map((t) => ({
        tokenName: t.tokenName,
        type: t.type,
        environment: t.environment,
        projects: t.projects,
      }));
    },
  };
}
