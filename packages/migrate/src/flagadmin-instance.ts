/**
 * A flagadmin instance as a move's source or target, through its admin operations with one principal
 * (`SYSTEM_PRINCIPAL` in the bin): every write takes the path its route takes, with its checks and events.
 */
import type { Admin, Principal } from '@flagadmin/core';
import type { ContextFieldDoc, ExportData, FeatureDoc, FeatureListing, SegmentDoc } from './documents';
import { contextFieldBody, definitionBody, segmentBody, tagTypeBody } from './bodies';
import { stateFromDocument, type FeatureState } from './feature-state';
import type { Instance } from './instance';

/** Search's largest page. */
const SEARCH_PAGE = 100;

const isNotFound = (error: unknown) => (error as { name?: unknown } | null)?.name === 'NotFoundError';

export function flagadminInstance(admin: Admin, principal: Principal): Instance {
  const p = principal;
  return {
    label: 'flagadmin',
    environments: async () => (await admin.getAllEnvironments(p)).environments,
    createEnvironment: (e) =>
      admin.createEnvironment(p, { body: { name: e.name, type: e.type, sortOrder: e.sortOrder } }).then(() => undefined),
    setEnvironmentOrder: (order) => admin.updateEnvironmentSortOrder(p, { body: order }),
    setEnvironmentEnabled: (name, enabled) => admin.setEnvironmentEnabled(p, { name, enabled }),
    projects: async () => [...(await admin.listProjects(p)).projects],
    createProject: (project) =>
      admin
        .createProject(p, { body: { id: project.id, name: project.name, description: project.description ?? '' } })
        .then(() => undefined),
    projectEnvironments: async (projectId) => (await admin.getProjectEnvironments(p, { projectId })).environments.map((e) => e.name),
    addProjectEnvironment: (projectId, environment) => admin.addEnvironmentToProject(p, { projectId, body: { environment } }),
    contextFields: async () => (await admin.getContextFields(p, {})) as ContextFieldDoc[],
    createContextField: (f) =>
      admin.createContextField(p, { ...(f.project ? { projectId: f.project } : {}), body: contextFieldBody(f) }).then(() => undefined),
    updateContextField: (f) =>
      admin
        .updateContextField(p, { ...(f.project ? { projectId: f.project } : {}), name: f.name, body: contextFieldBody(f) })
        .then(() => undefined),
    tagTypes: async () => (await admin.listTagTypes(p)).tagTypes,
    createTagType: (t) => admin.createTagType(p, { body: tagTypeBody(t) }).then(() => undefined),
    updateTagType: (t) => admin.updateTagType(p, { name: t.name, body: tagTypeBody(t) }),
    tags: async () => (await admin.listTags(p)).tags,
    createTag: (t) => admin.createTag(p, { body: { type: t.type, value: t.value } }).then(() => undefined),
    segments: async () => (await admin.listSegments(p)).segments as unknown as SegmentDoc[],
    createSegment: (s) => admin.createSegment(p, { body: segmentBody(s) }).then(() => undefined),
    updateSegment: (id, s) => admin.updateSegment(p, { id: String(id), body: segmentBody(s) }).then(() => undefined),
    strategyDefinitions: async () => (await admin.listStrategyDefinitions(p)).strategies.filter((s) => s.editable),
    createStrategyDefinition: (d) => admin.createStrategyDefinition(p, { body: definitionBody(d) }).then(() => undefined),
    updateStrategyDefinition: (d) => admin.updateStrategyDefinition(p, { name: d.name, body: definitionBody(d) }).then(() => undefined),
    setStrategyDeprecated: (name, deprecated) =>
      (deprecated ? admin.deprecateStrategyDefinition(p, { name }) : admin.reactivateStrategyDefinition(p, { name })).then(() => undefined),
    async features(projectId) {
      const out: FeatureListing[] = [];
      for (const archived of [false, true]) {
        for (let offset = 0; ; offset += SEARCH_PAGE) {
          const query = new URLSearchParams({ project: `IS:${projectId}`, offset: String(offset), limit: String(SEARCH_PAGE) });
          if (archived) query.set('archived', 'IS:true');
          const page = await admin.searchFeatures(p, { query });
          out.push(...page.features.map((f) => ({ name: f.name, archived })));
          if (page.features.length < SEARCH_PAGE || offset + SEARCH_PAGE >= page.total) break;
        }
      }
      return out;
    },
    exportFeatures: async (projectId, environment, names) => {
      const data = (await admin.exportFeatures(p, { body: { environment, features: [...names] } })) as unknown as ExportData;
      return { ...data, features: data.features.filter((f) => (f.project ?? projectId) === projectId) };
    },
    async featureStates(projectId, environments, names) {
      const segmentNames = new Map((await admin.listSegments(p)).segments.map((s) => [s.id, s.name]));
      const segmentName = (id: number) => segmentNames.get(id) ?? `#${id}`;
      const out = new Map<string, FeatureState>();
      for (const featureName of names) {
        try {
          const { feature } = await admin.getFeature(p, { projectId, featureName });
          out.set(featureName, stateFromDocument(feature as unknown as FeatureDoc, environments, segmentName));
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
      return out;
    },
    importFeatures: (projectId, environment, data) =>
      admin.importToggles(p, { body: { project: projectId, environment, data } }).then(() => undefined),
    archiveFeature: (projectId, featureName) => admin.archiveFeature(p, { projectId, featureName }).then(() => undefined),
    changeRequestSettings: (projectId) => admin.getChangeRequestConfig(p, { projectId }),
    setChangeRequestSetting: (projectId, s) =>
      admin
        .updateChangeRequestConfig(p, {
          projectId,
          environment: s.environment,
          body: {
            changeRequestsEnabled: s.changeRequestEnabled,
            ...(s.requiredApprovals ? { requiredApprovals: s.requiredApprovals } : {}),
          },
        })
        .then(() => undefined),
    apiTokens: async () => (await admin.listApiKeys(p)).tokens,
  };
}
