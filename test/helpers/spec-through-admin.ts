// Writing a client specification state through an Unleash-shaped admin API (flagadmin's, or Unleash's
// own) over HTTP, and judging its cases with the real unleash-client as the SDK's own client-specification
// test judges them (isEnabled; getVariant deep-equal with `featureEnabled`).
import { InMemStorageProvider, Unleash } from 'unleash-client';
import type { EvaluationFeature, EvaluationState } from '@flagadmin/evaluation';
import type { Spec, SpecCase } from './client-specification';
import { json } from './http-world';

type Json = Record<string, unknown>;
type SpecStrategy = EvaluationFeature['strategies'][number];
type SpecVariant = { name: string; weight: number; weightType?: string; stickiness?: string; payload?: unknown; overrides?: unknown };

/** Where the admin API is: how to send a request, with which admin key. */
export interface AdminTarget {
  send(path: string, init?: RequestInit): Promise<Response>;
  adminKey: string;
}

/** Context names every instance knows (flagadmin's built-in context fields). */
const BUILT_IN_CONTEXT = new Set(['appName', 'environment', 'userId', 'sessionId', 'remoteAddress', 'currentTime']);

export interface Written {
  /** Refused writes: `what` → status and message. */
  refused: Map<string, { status: number; message: string }>;
  /** The flags some write of which was refused (the flag itself, a strategy, variants, a dependency). */
  incomplete: Set<string>;
}

/** Every context name a constraint names and every stickiness used (which needs `stickiness: true`). */
function contextFieldsOf(state: EvaluationState): Map<string, { stickiness: boolean }> {
  const fields = new Map<string, { stickiness: boolean }>();
  const add = (name: unknown, stickiness: boolean) => {
    if (typeof name !== 'string' || BUILT_IN_CONTEXT.has(name) || name === 'default' || name === 'random') return;
    const field = fields.get(name) ?? { stickiness: false };
    fields.set(name, { stickiness: field.stickiness || stickiness });
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    if (typeof o['contextName'] === 'string') add(o['contextName'], false);
    if (typeof o['stickiness'] === 'string') add(o['stickiness'], true);
    const parameters = o['parameters'] as Json | undefined;
    if (parameters && typeof parameters['stickiness'] === 'string') add(parameters['stickiness'], true);
    Object.values(o).forEach(walk);
  };
  walk(state);
  return fields;
}

/**
 * Variants as an admin API takes them: weights that sum to 1000 are kept exactly (every one `fix` but
 * the last, which is `variable` and gets what the others leave); any other set is sent `variable`, and
 * the admin API shares 1000 among them (what Unleash's admin API does too). A variant without a
 * stickiness gets `stickiness` when given: strategy variants take their strategy's (what the SDKs use
 * when a strategy variant has none, and what Unleash's admin API requires a strategy variant to name).
 */
function variantsBody(variants: readonly SpecVariant[], stickiness?: string): Json[] {
  const exact = variants.reduce((sum, v) => sum + v.weight, 0) === 1000;
  return variants.map((v, i) => {
    const body: Json = { name: v.name, weight: v.weight, weightType: exact && i < variants.length - 1 ? 'fix' : 'variable' };
    const sticky = v.stickiness ?? stickiness;
    if (sticky !== undefined) body['stickiness'] = sticky;
    if (v.payload !== undefined) body['payload'] = v.payload;
    if (v.overrides !== undefined) body['overrides'] = v.overrides;
    return body;
  });
}

/** Writes a specification's state through the admin API; every refused write is recorded, not thrown. */
export async function writeState(w: AdminTarget, state: EvaluationState): Promise<Written> {
  const refusals = new Map<string, { status: number; message: string }>();
  const incomplete = new Set<string>();
  const send = async (what: string, method: string, path: string, body?: unknown, flag?: string): Promise<any> => {
    const res = await w.send(
      path,
      body === undefined ? { method, headers: { authorization: w.adminKey } } : json(w.adminKey, method, body),
    );
    const text = await res.text();
    if (res.status >= 300) {
      refusals.set(what, { status: res.status, message: text });
      if (flag !== undefined) incomplete.add(flag);
      return undefined;
    }
    return text === '' ? null : JSON.parse(text);
  };
  for (const [name, { stickiness }] of contextFieldsOf(state)) {
    await send(`context field ${name}`, 'POST', '/api/admin/context', { name, stickiness });
  }
  const segmentIds = new Map<number, number>();
  for (const segment of state.segments ?? []) {
    const created = await send(`segment ${segment.id}`, 'POST', '/api/admin/segments', {
      name: `segment-${segment.id}`,
      constraints: segment.constraints,
    });
    if (created) segmentIds.set(segment.id, created.id);
  }
  const features = '/api/admin/projects/default/features';
  const created = new Set<string>();
  for (const feature of state.features) {
    const body: Json = { name: feature.name };
    if (feature.impressionData !== undefined) body['impressionData'] = feature.impressionData;
    if (await send(`flag ${feature.name}`, 'POST', features, body, feature.name)) created.add(feature.name);
  }
  for (const feature of state.features.filter((f) => created.has(f.name))) {
    const env = `${features}/${encodeURIComponent(feature.name)}/environments/development`;
    for (const [i, strategy] of (feature.strategies ?? []).entries()) {
      const s = strategy as SpecStrategy & { variants?: SpecVariant[]; segments?: number[]; title?: string; disabled?: boolean };
      const body: Json = { name: s.name, parameters: s.parameters ?? {}, constraints: s.constraints ?? [] };
      if (s.segments?.length) body['segments'] = s.segments.map((id) => segmentIds.get(id) ?? id);
      if (s.variants?.length) body['variants'] = variantsBody(s.variants, s.parameters?.['stickiness'] ?? 'default');
      if (s.disabled !== undefined) body['disabled'] = s.disabled;
      await send(`flag ${feature.name}: strategy ${i} (${s.name})`, 'POST', `${env}/strategies`, body, feature.name);
    }
    const variants = (feature as { variants?: SpecVariant[] }).variants;
    if (variants?.length) await send(`flag ${feature.name}: variants`, 'PUT', `${env}/variants`, variantsBody(variants), feature.name);
  }
  // Dependencies on flags that depend on nothing first: with one level allowed, those are the ones an
  // admin API keeps, and a dependency on a flag that has its own (transitive, or a cycle) is then refused.
  const dependsOn = (name: string) =>
    (state.features.find((f) => f.name === name) as { dependencies?: Json[] } | undefined)?.dependencies ?? [];
  const edges = state.features
    .filter((f) => created.has(f.name))
    .flatMap((f) => dependsOn(f.name).map((dependency) => ({ child: f.name, dependency })))
    .sort(
      (a, b) =>
        Number(dependsOn(String(a.dependency['feature'])).length > 0) - Number(dependsOn(String(b.dependency['feature'])).length > 0),
    );
  for (const { child, dependency } of edges) {
    await send(
      `flag ${child}: dependency on ${String(dependency['feature'])}`,
      'POST',
      `${features}/${encodeURIComponent(child)}/dependencies`,
      dependency,
      child,
    );
  }
  // On last: a dependency cannot be added to a flag that is on (none of the writes above needs that).
  for (const feature of state.features.filter((f) => created.has(f.name) && f.enabled)) {
    await send(
      `flag ${feature.name}: on`,
      'POST',
      `${features}/${encodeURIComponent(feature.name)}/environments/development/on`,
      undefined,
      feature.name,
    );
  }
  return { refused: refusals, incomplete };
}

/** An unleash-client reading the instance's client API; resolves once it has the features. */
export async function sdkFor(url: string, clientKey: string, appName: string): Promise<Unleash> {
  const sdk = new Unleash({
    url: `${url}/api/`,
    appName,
    customHeaders: { Authorization: clientKey },
    disableMetrics: true,
    // One fetch at start (0 would disable fetching); the next would come after the test is done.
    refreshInterval: 3_600_000,
    skipInstanceCountWarning: true,
    storageProvider: new InMemStorageProvider(),
  });
  await new Promise<void>((resolve, reject) => {
    sdk.once('synchronized', () => resolve());
    sdk.once('error', reject);
  });
  return sdk;
}

/** The flag and the flags it depends on, transitively (a cycle is followed once). */
export function flagAndParents(state: EvaluationState, name: string): EvaluationFeature[] {
  const byName = new Map(state.features.map((f) => [f.name, f]));
  const found = new Map<string, EvaluationFeature>();
  const visit = (n: string) => {
    const feature = byName.get(n);
    if (!feature || found.has(n)) return;
    found.set(n, feature);
    for (const d of (feature as { dependencies?: { feature: string }[] }).dependencies ?? []) visit(d.feature);
  };
  visit(name);
  return [...found.values()];
}

/** Whether a variant set of the flag (its own or a strategy's) has weights that do not sum to 1000. */
export function weightsOff(feature: EvaluationFeature): boolean {
  const sets = [
    (feature as { variants?: SpecVariant[] }).variants,
    ...(feature.strategies ?? []).map((s) => (s as { variants?: SpecVariant[] }).variants),
  ];
  return sets.some((set) => set?.length && set.reduce((sum, v) => sum + v.weight, 0) !== 1000);
}

/** Deep equality of JSON values, key order aside (uvu's `equal` throws; here a case is counted). */
export function dequal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Json)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Json)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => dequal((a as Json)[k], (b as Json)[k]));
}

/** Each case of a specification with the SDK's answer judged: `pass()` and `got()` ask the SDK. */
export function judgedCases(sdk: Unleash, spec: Spec): { c: SpecCase; pass(): boolean; got(): unknown }[] {
  return [
    ...(spec.tests ?? []).map((c) => {
      const got = () => sdk.isEnabled(c.toggleName, c.context as never);
      return { c, got, pass: () => got() === c.expectedResult };
    }),
    ...(spec.variantTests ?? []).map((c) => {
      const got = () => sdk.getVariant(c.toggleName, c.context as never);
      const expected = { ...c.expectedResult, featureEnabled: c.expectedResult['feature_enabled'] };
      return { c, got, pass: () => dequal(got(), expected) };
    }),
  ];
}
