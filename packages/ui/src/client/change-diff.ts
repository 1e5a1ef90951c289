// What one change of a change request would change: the live flag's part it targets, before and after.
import type { Feature, FeatureEnvironment } from './types';

export interface ChangeSides {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const payloadObject = (payload: unknown): Record<string, unknown> => (isRecord(payload) ? payload : { value: payload });
/** The fields the change sets (what the API fills in by default is not the change's). */
const pick = (from: object | undefined, keys: string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(from ?? {}).filter(([key]) => keys.includes(key)));
const strategyIn = (env: FeatureEnvironment | undefined, id: unknown) => env?.strategies?.find((s) => s.id === id);

/** The live state each action replaces (empty when it adds something new). */
function liveBefore(action: string, payload: unknown, feature: Feature, environment: string): Record<string, unknown> {
  const env = feature.environments?.find((e) => e.name === environment);
  const p = payloadObject(payload);
  switch (action) {
    case 'updateEnabled':
      return env ? { enabled: env.enabled } : {};
    case 'updateStrategy':
      return pick(strategyIn(env, p['id']), Object.keys(p));
    case 'deleteStrategy':
      return { ...(strategyIn(env, p['id']) ?? {}) };
    case 'reorderStrategy':
      return { value: (env?.strategies ?? []).map((s, sortOrder) => ({ id: s.id, sortOrder })) };
    case 'patchVariant':
      return { variants: env?.variants ?? [] };
    case 'archiveFeature':
      return { archived: feature.archived ?? false };
    case 'addDependency':
    case 'deleteDependency':
      return { ...(feature.dependencies?.find((d) => d.feature === p['feature']) ?? {}) };
    default:
      return {};
  }
}

/** What the action leaves (a deletion leaves nothing; archiving sets `archived`). */
function afterOf(action: string, payload: unknown): Record<string, unknown> {
  if (action === 'deleteStrategy' || action === 'deleteDependency' || action === 'deleteSegment') return {};
  if (action === 'archiveFeature') return { archived: true };
  return payloadObject(payload);
}

/**
 * Before and after of one change. With the live flag (an open request) "before" is what is there now;
 * without it (a closed request, a segment change) the change is shown on its own.
 */
export function changeSides(action: string, payload: unknown, live: { feature: Feature; environment: string } | null): ChangeSides {
  const after = afterOf(action, payload);
  if (!live) return { before: action.startsWith('delete') ? payloadObject(payload) : {}, after };
  return { before: liveBefore(action, payload, live.feature, live.environment), after };
}
